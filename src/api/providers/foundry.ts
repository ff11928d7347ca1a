// Microsoft Foundry through the official wrapper, configured as Foundry users already have it:
// ANTHROPIC_FOUNDRY_RESOURCE (or ANTHROPIC_FOUNDRY_BASE_URL for another endpoint), a key in
// ANTHROPIC_FOUNDRY_API_KEY or else a Microsoft Entra ID token from the Azure SDK's default
// credential chain (`az login`, environment, managed identity …), and
// CLAUDE_CODE_SKIP_FOUNDRY_AUTH for gateways. Models are the resource's deployment names. The
// wrapper and @azure/identity load only when Foundry is selected.
import { isEnvTruthy } from '../../utils/envFlag.js';
import type { ApiErrorInfo } from '../errors.js';
import { sdkOptions } from './common.js';
import { credentialFailure, failureFacts, requestFailure } from './failure.js';
import { envValue } from './selection.js';
import type { ModelClient } from './types.js';

/** The audience Foundry's Entra ID tokens are issued for. */
const ENTRA_SCOPE = 'https://ai.azure.com/.default';
/** What the reference sends to a gateway that adds its own credentials. */
const SKIPPED_AUTH_TOKEN = 'skip-foundry-auth';

const CREDENTIAL_HELP = 'set ANTHROPIC_FOUNDRY_API_KEY to the resource key, or sign in for Microsoft Entra ID (`az login`)';

type Env = NodeJS.ProcessEnv;

export function foundryEndpoint(env: Env = process.env): string {
  const resource = envValue('ANTHROPIC_FOUNDRY_RESOURCE', env);
  return envValue('ANTHROPIC_FOUNDRY_BASE_URL', env) ?? `https://${resource ?? '<resource>'}.services.ai.azure.com/anthropic/`;
}

/** A one-line problem with the configuration, found before any request. */
export function foundryConfigProblem(env: Env = process.env): string | undefined {
  const resource = envValue('ANTHROPIC_FOUNDRY_RESOURCE', env);
  const baseURL = envValue('ANTHROPIC_FOUNDRY_BASE_URL', env);
  if (!resource && !baseURL) {
    return 'Microsoft Foundry needs its endpoint: set ANTHROPIC_FOUNDRY_RESOURCE to the resource name (or ANTHROPIC_FOUNDRY_BASE_URL to its URL)';
  }
  if (resource && baseURL) return 'set ANTHROPIC_FOUNDRY_RESOURCE or ANTHROPIC_FOUNDRY_BASE_URL, not both';
  return undefined;
}

/** Foundry's failures in words that say what to change. */
export function explainFoundryFailure(err: unknown, generic: ApiErrorInfo, model: string): ApiErrorInfo {
  const { message, status } = failureFacts(err);
  if (/azureADTokenProvider|CredentialUnavailable|ChainedTokenCredential/i.test(message)) {
    return credentialFailure(message, `Microsoft Foundry: no Microsoft Entra ID token (${message}). To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (status === 401) {
    return credentialFailure(message, `Microsoft Foundry refused the credentials (${message}). To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (status === 403) {
    return requestFailure(generic, `Microsoft Foundry refused the request (${message}). Give the account the Azure AI User role on the resource, or use its key in ANTHROPIC_FOUNDRY_API_KEY.`);
  }
  if (status === 404) {
    return requestFailure(generic, `Microsoft Foundry has no deployment named ${model} on this resource (${message}). Create it in the Foundry portal, or set --model or ANTHROPIC_MODEL to your deployment's name.`);
  }
  return generic;
}

async function entraTokenProvider(): Promise<() => Promise<string>> {
  const { DefaultAzureCredential, getBearerTokenProvider } = await import('@azure/identity');
  return getBearerTokenProvider(new DefaultAzureCredential(), ENTRA_SCOPE);
}

export async function createFoundryClient(env: Env = process.env): Promise<ModelClient> {
  const problem = foundryConfigProblem(env);
  if (problem) throw new Error(problem);
  const { AnthropicFoundry } = await import('@anthropic-ai/foundry-sdk');
  const apiKey = envValue('ANTHROPIC_FOUNDRY_API_KEY', env);
  const credential = isEnvTruthy(env.CLAUDE_CODE_SKIP_FOUNDRY_AUTH)
    ? { azureADTokenProvider: async () => SKIPPED_AUTH_TOKEN }
    : apiKey
      ? { apiKey }
      : { azureADTokenProvider: await entraTokenProvider() };
  const resource = envValue('ANTHROPIC_FOUNDRY_RESOURCE', env);
  const client = new AnthropicFoundry({
    ...sdkOptions(),
    ...credential,
    ...(resource ? { resource } : { baseURL: foundryEndpoint(env) }),
  });
  return {
    baseURL: client.baseURL,
    messages: client.messages,
    explainFailure: (err, info, model) => explainFoundryFailure(err, info, model),
  };
}
