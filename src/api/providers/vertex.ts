// Google Vertex AI through the official wrapper, configured as Vertex users already have it:
// ANTHROPIC_VERTEX_PROJECT_ID (or the project Google's credentials name), CLOUD_ML_REGION with
// per-model overrides (VERTEX_REGION_CLAUDE_…), Google application-default credentials,
// ANTHROPIC_VERTEX_BASE_URL and CLAUDE_CODE_SKIP_VERTEX_AUTH for gateways. A model served from
// another region gets a client of its own; they share one Google login. The wrapper and
// google-auth-library load only when Vertex is selected.
import type { AuthClient, GoogleAuth } from 'google-auth-library';
import type { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { APIConnectionError } from '@anthropic-ai/sdk/error';
import { commonJsExports } from '../../utils/commonJsImport.js';
import { isEnvTruthy } from '../../utils/envFlag.js';
import type { ApiErrorInfo } from '../errors.js';
import { sdkOptions, withBodyVersion } from './common.js';
import { advise, because, credentialFailure, failureFacts, requestFailure } from './failure.js';
import { DEFAULT_VERTEX_REGION, vertexRegion, vertexRegionVariable } from './modelIds.js';
import { envValue } from './selection.js';
import type { ModelClient } from './types.js';

const VERTEX_API_VERSION = 'vertex-2023-10-16';
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

const CREDENTIAL_HELP =
  'run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file';

type Env = NodeJS.ProcessEnv;

export function vertexProject(env: Env = process.env): string | undefined {
  return envValue('ANTHROPIC_VERTEX_PROJECT_ID', env) ?? envValue('GOOGLE_CLOUD_PROJECT', env) ?? envValue('GCLOUD_PROJECT', env);
}

/** Vertex's host for a region: global, the us and eu multi-regions, or one region. */
function regionalEndpoint(region: string): string {
  if (region === 'global') return 'https://aiplatform.googleapis.com/v1';
  if (region === 'us' || region === 'eu') return `https://aiplatform.${region}.rep.googleapis.com/v1`;
  return `https://${region}-aiplatform.googleapis.com/v1`;
}

export function vertexEndpoint(env: Env = process.env): string {
  return envValue('ANTHROPIC_VERTEX_BASE_URL', env) ?? regionalEndpoint(envValue('CLOUD_ML_REGION', env) ?? DEFAULT_VERTEX_REGION);
}

function regionAdvice(model: string, env: Env): string {
  const variable = vertexRegionVariable(model);
  return variable ? `CLOUD_ML_REGION or ${variable}` : 'CLOUD_ML_REGION';
}

/** Vertex's failures in words that say what to change. */
export function explainVertexFailure(err: unknown, generic: ApiErrorInfo, model: string, env: Env = process.env): ApiErrorInfo {
  const facts = failureFacts(err);
  const { message, status } = facts;
  const region = vertexRegion(model, env);
  const project = vertexProject(env) ?? '(from your credentials)';
  if (err instanceof APIConnectionError && /Google OAuth credentials/i.test(message)) {
    return credentialFailure(message, `Google Vertex AI: no usable Google credentials${because(facts)}. To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (/projectId/.test(message)) {
    return credentialFailure(message, 'Google Vertex AI needs a project: set ANTHROPIC_VERTEX_PROJECT_ID to the Google Cloud project that has Claude enabled.');
  }
  if (status === 401) {
    return credentialFailure(message, `Google Vertex AI refused the Google credentials (${message}). To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (status === 403) {
    return requestFailure(generic, `Google Vertex AI refused project ${project} (${message}). Give the account the Vertex AI User role (roles/aiplatform.user) and enable the Vertex AI API (gcloud services enable aiplatform.googleapis.com).`);
  }
  if (status === 404) {
    return requestFailure(generic, `Google Vertex AI does not serve ${model} to project ${project} in ${region} (${message}). Enable the model in the Vertex AI Model Garden, or set ${regionAdvice(model, env)} to a region that serves it.`);
  }
  if (status === 429) {
    return advise(generic, `API Error: 429 Vertex AI quota exhausted for ${model} in ${region}. Wait a little, or ask for more quota in the Google Cloud console (IAM & Admin › Quotas).`);
  }
  return generic;
}

/** A login that adds nothing: CLAUDE_CODE_SKIP_VERTEX_AUTH, for gateways that add their own. */
function noLogin(): AuthClient {
  const client = { projectId: null, getRequestHeaders: async () => new Headers() };
  return client as unknown as AuthClient;
}

type Login = { googleAuth: GoogleAuth } | { authClient: AuthClient };

export async function createVertexClient(env: Env = process.env): Promise<ModelClient> {
  const [{ AnthropicVertex: Vertex }, google] = await Promise.all([import('@anthropic-ai/vertex-sdk'), import('google-auth-library').then(commonJsExports)]);
  const projectId = vertexProject(env);
  // Told the project, google-auth-library does not go and ask Google (or a metadata server) for it.
  const login: Login = isEnvTruthy(env.CLAUDE_CODE_SKIP_VERTEX_AUTH)
    ? { authClient: noLogin() }
    : { googleAuth: new google.GoogleAuth({ scopes: CLOUD_PLATFORM_SCOPE, ...(projectId ? { projectId } : {}) }) };
  const baseURL = envValue('ANTHROPIC_VERTEX_BASE_URL', env);
  const byRegion = new Map<string, AnthropicVertex>();
  const clientFor = (model: string): AnthropicVertex => {
    const region = vertexRegion(model, env);
    let client = byRegion.get(region);
    if (!client) {
      client = new Vertex({ ...sdkOptions(), ...login, region, projectId: projectId ?? null, baseURL: baseURL ?? regionalEndpoint(region) });
      byRegion.set(region, client);
    }
    return client;
  };
  return {
    baseURL: vertexEndpoint(env),
    messages: withBodyVersion((body, options) => clientFor(body.model).messages.create(body, options), VERTEX_API_VERSION),
    explainFailure: (err, info, model) => explainVertexFailure(err, info, model, env),
  };
}
