// Amazon Bedrock through the official wrapper, configured as Bedrock users already have it:
// AWS_REGION, the AWS SDK's default credential chain (profiles, SSO, environment keys …) or a
// Bedrock API key in AWS_BEARER_TOKEN_BEDROCK, ANTHROPIC_BEDROCK_BASE_URL and
// CLAUDE_CODE_SKIP_BEDROCK_AUTH for gateways, and the awsAuthRefresh / awsCredentialExport
// settings. The wrapper and the AWS libraries load only when Bedrock is selected.
import { APIConnectionError } from '@anthropic-ai/sdk/error';
import { isEnvTruthy } from '../../utils/envFlag.js';
import { infoForStatus, type ApiErrorInfo } from '../errors.js';
import { DefaultAwsCredentials, ExportedAwsCredentials, runAwsAuthRefresh, type AwsSettings } from './awsCredentials.js';
import { sdkOptions, withBodyVersion } from './common.js';
import { advise, because, credentialFailure, failureFacts, requestFailure, type FailureFacts } from './failure.js';
import { bedrockRegion } from './modelIds.js';
import { envValue } from './selection.js';
import type { ModelClient } from './types.js';

const BEDROCK_API_VERSION = 'bedrock-2023-05-31';

/** us-east-1, eu-west-3, us-gov-west-1, ap-southeast-2 … */
const REGION_SHAPE = /^[a-z]{2}(?:-gov|-iso[a-z]?)?-[a-z]+-\d+$/;

/** Bedrock's exception types, as they arrive in a stream, with the HTTP status they mean. */
const STATUS_BY_EXCEPTION: Readonly<Record<string, number>> = {
  throttlingexception: 429,
  servicequotaexceededexception: 429,
  serviceunavailableexception: 503,
  internalserverexception: 500,
  modelstreamerrorexception: 500,
  modeltimeoutexception: 408,
  modelnotreadyexception: 503,
  validationexception: 400,
  accessdeniedexception: 403,
  resourcenotfoundexception: 404,
};

const CREDENTIAL_HELP =
  'run `aws sso login` (with AWS_PROFILE) or `aws configure`, set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK; the awsAuthRefresh setting can run the login for you';

export function bedrockEndpoint(env = process.env): string {
  return envValue('ANTHROPIC_BEDROCK_BASE_URL', env) ?? `https://bedrock-runtime.${bedrockRegion(env)}.amazonaws.com`;
}

/** A one-line problem with the configuration, found before any request. */
export function bedrockConfigProblem(env = process.env): string | undefined {
  const region = bedrockRegion(env);
  if (!REGION_SHAPE.test(region)) {
    return `AWS_REGION "${region}" is not an AWS region (for example us-east-1 or eu-west-1); set AWS_REGION to the region where Bedrock serves your models`;
  }
  return undefined;
}

function streamedStatus(facts: FailureFacts): number | undefined {
  return facts.type ? STATUS_BY_EXCEPTION[facts.type.toLowerCase()] : undefined;
}

/** Bedrock's failures in words that say what to change. */
export function explainBedrockFailure(err: unknown, generic: ApiErrorInfo, model: string, env = process.env): ApiErrorInfo {
  const facts = failureFacts(err);
  const region = bedrockRegion(env);
  const { message } = facts;
  if (err instanceof APIConnectionError && /AWS credentials/i.test(message)) {
    return credentialFailure(message, `Amazon Bedrock: no usable AWS credentials${because(facts)}. To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (err instanceof APIConnectionError && /ENOTFOUND|getaddrinfo/i.test(`${message} ${facts.cause ?? ''}`)) {
    return advise(generic, `API Error: could not reach ${bedrockEndpoint(env)}. Check AWS_REGION (${region}) and your network, or ANTHROPIC_BEDROCK_BASE_URL if you use a gateway.`);
  }
  const status = facts.status ?? streamedStatus(facts);
  const classified = facts.status === undefined && status !== undefined ? infoForStatus(status, message) : generic;
  // Bedrock's way of saying the model is overloaded: it counts towards the fallback model.
  const info = /serviceunavailable/i.test(facts.type ?? '') ? { ...classified, overloaded: true, reason: 'overloaded' as const } : classified;
  if (/input is too long|prompt is too long|too many input tokens/i.test(message)) {
    return { ...infoForStatus(400, message), kind: 'prompt_too_long', retryable: false };
  }
  if (/security token|expired|signature|UnrecognizedClient|InvalidSignature/i.test(`${facts.type ?? ''} ${message}`) && (status === 400 || status === 403)) {
    return credentialFailure(message, `Amazon Bedrock refused the AWS credentials (${message}). To fix it, ${CREDENTIAL_HELP}.`);
  }
  if (status === 401) {
    return credentialFailure(message, `Amazon Bedrock refused the credentials (${message}). Check AWS_BEARER_TOKEN_BEDROCK, or ${CREDENTIAL_HELP}.`);
  }
  if (status === 403) {
    return requestFailure(info, `Amazon Bedrock: this AWS account may not use ${model} in ${region} (${message}). Enable the model under Model access in the Amazon Bedrock console for ${region}, or choose another with --model or ANTHROPIC_MODEL.`);
  }
  if (status === 404 && /use case/i.test(message)) {
    return requestFailure(info, `Amazon Bedrock: ${message}. Submit the Anthropic use case details once in the Amazon Bedrock console (any Anthropic model in the playground asks for them).`);
  }
  if ((status === 400 || status === 404) && /model identifier|model id|on-demand throughput|inference profile|not found/i.test(message)) {
    return requestFailure(info, `Amazon Bedrock does not serve the model id ${model} in ${region} (${message}). Check --model or ANTHROPIC_MODEL and AWS_REGION; inference-profile ids start with us., eu., apac. or global.`);
  }
  return info;
}

export async function createBedrockClient(settings: AwsSettings, env = process.env): Promise<ModelClient> {
  const problem = bedrockConfigProblem(env);
  if (problem) throw new Error(problem);
  const { AnthropicBedrock } = await import('@anthropic-ai/bedrock-sdk');
  const skipAuth = isEnvTruthy(env.CLAUDE_CODE_SKIP_BEDROCK_AUTH);
  const bearer = envValue('AWS_BEARER_TOKEN_BEDROCK', env);
  const exported = settings.awsCredentialExport
    ? new ExportedAwsCredentials({ ...settings, awsCredentialExport: settings.awsCredentialExport })
    : undefined;
  const chain = exported ? undefined : new DefaultAwsCredentials();
  const client = new AnthropicBedrock({
    ...sdkOptions(),
    awsRegion: bedrockRegion(env),
    baseURL: bedrockEndpoint(env),
    skipAuth,
    // null, not undefined: the wrapper would read AWS_BEARER_TOKEN_BEDROCK itself.
    apiKey: skipAuth ? null : (bearer ?? null),
    providerChainResolver: exported ? async () => exported.provider : (chain as DefaultAwsCredentials).resolver,
  });
  const refreshable = !skipAuth && !bearer && Boolean(settings.awsAuthRefresh || exported);
  return {
    baseURL: client.baseURL,
    messages: withBodyVersion((body, options) => client.messages.create(body, options), BEDROCK_API_VERSION),
    explainFailure: (err, info, model) => explainBedrockFailure(err, info, model, env),
    ...(refreshable
      ? {
          refreshCredentials: async () => {
            if (settings.awsAuthRefresh) await runAwsAuthRefresh({ ...settings, awsAuthRefresh: settings.awsAuthRefresh });
            exported?.forget();
            chain?.reread();
            return true;
          },
        }
      : {}),
  };
}
