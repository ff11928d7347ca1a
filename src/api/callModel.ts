// The production model call: streams one response, retrying transient failures with backoff.
// The contract (what is yielded, when it throws) is documented on CallModel in types.ts.
import type { ModelClient } from './providers/types.js';
import type { AssistantMessage } from '../types/messages.js';
import { endpointHost } from './client.js';
import {
  AbortError,
  classifyApiError,
  FallbackTriggeredError,
  formatApiErrorText,
  MissingApiKeyError,
  type ApiErrorInfo,
} from './errors.js';
import { outputThatFits, parseContextOverflow } from './contextLimit.js';
import { providerOffersServerTool } from './providers/features.js';
import { betasForRequest, type RequestBody } from './requestFeatures.js';
import { buildRequestBody, withMaxTokens } from './requestBody.js';
import { readRetryPolicy, retryDelayMs, sleepUnlessAborted } from './retry.js';
import { streamAttempt, type AttemptOutcome } from './streamAttempt.js';
import { apiRetryMessage, syntheticApiErrorMessage } from './syntheticMessages.js';
import type { CallModel, CallModelParams, ModelEvent } from './types.js';

/**
 * The reply filled the model's whole context window: the conversation is too long, not the
 * reply, so the loop treats it as prompt-too-long (make room), never as a reason to ask for more
 * output room.
 */
const CONTEXT_WINDOW_FULL_TEXT = "the model's context window filled up while it was answering";

/** A stop that the loop may still recover from, reported as a synthetic error it can withhold. */
function truncationError(stopReason: string | null, maxOutputTokens: number): AssistantMessage | undefined {
  if (stopReason === 'max_tokens') {
    return syntheticApiErrorMessage(formatApiErrorText({ kind: 'max_output_tokens' }, { maxOutputTokens }), 'max_output_tokens');
  }
  if (stopReason === 'model_context_window_exceeded') {
    return syntheticApiErrorMessage(formatApiErrorText({ kind: 'prompt_too_long', message: CONTEXT_WINDOW_FULL_TEXT }), 'prompt_too_long');
  }
  return undefined;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

/** Betas the selected provider does not offer are left out rather than refused. */
function requestHeaders(model: string, body: RequestBody): Record<string, string> | undefined {
  const betas = betasForRequest(model, body);
  return betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : undefined;
}

/** So are server tools it does not run. */
function offeredParams(params: CallModelParams): CallModelParams {
  if (!params.serverTools) return params;
  return { ...params, serverTools: params.serverTools.filter((tool) => providerOffersServerTool(tool.name)) };
}

function failureMessage(info: ApiErrorInfo, host: string | undefined): AssistantMessage {
  const text = info.text ?? formatApiErrorText(info, host ? { endpointHost: host } : {});
  return syntheticApiErrorMessage(text, info.kind, info.status);
}

type ClientSource = () => ModelClient | Promise<ModelClient>;

/**
 * The request again with max_tokens lowered to fit beside its input, when the API refused it for
 * input plus max_tokens over the window; undefined for any other failure, or when nothing fits
 * (that 400 then ends the call as prompt-too-long, for the loop's ladder to make room).
 */
function refitOutput(body: RequestBody, info: ApiErrorInfo): RequestBody | undefined {
  const overflow = info.status === 400 ? parseContextOverflow(info.message) : undefined;
  if (!overflow) return undefined;
  const maxTokens = outputThatFits(overflow);
  if (maxTokens === undefined || maxTokens >= body.max_tokens) return undefined;
  return withMaxTokens(body, maxTokens);
}

export function createCallModel(getClient: ClientSource): CallModel {
  return (params) => callModel(getClient, params);
}

/** The client, or the one-line reason there is none (no key, a provider set up wrongly). */
async function clientOrReason(getClient: ClientSource): Promise<ModelClient | AssistantMessage> {
  try {
    return await getClient();
  } catch (err) {
    if (err instanceof MissingApiKeyError) return syntheticApiErrorMessage(err.message, 'authentication_failed');
    if (err instanceof Error) return syntheticApiErrorMessage(`API Error: ${err.message}`, 'invalid_request');
    throw err;
  }
}

/**
 * After the API refused the credentials, asks the provider for new ones (apiKeyHelper,
 * awsAuthRefresh …): a new client when there are some, or why there are none.
 */
async function renewedClient(client: ModelClient, getClient: ClientSource): Promise<ModelClient | string | undefined> {
  try {
    if (!(await client.refreshCredentials?.())) return undefined;
    return await getClient();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function* callModel(
  getClient: ClientSource,
  params: CallModelParams,
): AsyncGenerator<ModelEvent, void> {
  if (params.signal.aborted) throw new AbortError();
  const found = await clientOrReason(getClient);
  if (!('messages' in found)) {
    yield found;
    return;
  }
  let client: ModelClient = found;

  const policy = readRetryPolicy();
  let body = buildRequestBody(offeredParams(params));
  const headers = requestHeaders(params.model, body);
  const host = endpointHost(client);
  let consecutiveOverloaded = 0;
  let credentialsRenewed = false;
  let attempt = 1;

  for (;;) {
    const yielded: AssistantMessage[] = [];
    let outcome: AttemptOutcome | undefined;
    let failure: unknown;
    try {
      outcome = yield* streamAttempt(
        client,
        body,
        { signal: params.signal, idleTimeoutMs: policy.streamIdleTimeoutMs, ...(headers && { headers }) },
        yielded,
      );
    } catch (err) {
      if (isAbort(err) || params.signal.aborted) throw new AbortError();
      failure = err;
    }

    if (outcome) {
      const truncated = truncationError(outcome.stopReason, params.maxOutputTokens);
      if (truncated) yield truncated;
      return;
    }

    // Blocks of a dead attempt are withdrawn: the retry produces a whole new response, and
    // half a thinking block (invalid signature) must never be sent back to the API.
    for (const message of yielded) yield { type: 'tombstone', message };

    const generic = classifyApiError(failure);
    const info = client.explainFailure?.(failure, generic, params.model) ?? generic;
    if (info.kind === 'authentication_failed' && client.refreshCredentials && !credentialsRenewed) {
      credentialsRenewed = true;
      const renewed = await renewedClient(client, getClient);
      // A new login is not a retry of the same request: it does not use up an attempt.
      if (typeof renewed === 'object') {
        client = renewed;
        continue;
      }
      if (typeof renewed === 'string') {
        yield failureMessage({ ...info, text: `API Error: ${renewed}` }, host);
        return;
      }
    }
    const refitted = refitOutput(body, info);
    if (refitted) {
      // Not a retry of a transient failure: the same request, with an output limit that fits.
      body = refitted;
      continue;
    }
    if (!info.retryable) {
      yield failureMessage(info, host);
      return;
    }
    consecutiveOverloaded = info.overloaded ? consecutiveOverloaded + 1 : 0;
    if (params.fallbackModel && consecutiveOverloaded >= policy.overloadedBeforeFallback) {
      throw new FallbackTriggeredError(params.model, params.fallbackModel);
    }
    if (attempt > policy.maxRetries) {
      yield failureMessage(info, host);
      return;
    }
    const delayMs = retryDelayMs(attempt, policy, info.retryAfterMs);
    yield apiRetryMessage(attempt, policy.maxRetries, delayMs, info);
    await sleepUnlessAborted(delayMs, params.signal);
    attempt += 1;
  }
}
