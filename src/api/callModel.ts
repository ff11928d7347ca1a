// The production model call: streams one response, retrying transient failures with backoff.
// The contract (what is yielded, when it throws) is documented on CallModel in types.ts.
import type { ModelClient } from './client.js';
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
import { betasForModel } from './models.js';
import { buildRequestBody } from './requestBody.js';
import { readRetryPolicy, retryDelayMs, sleepUnlessAborted } from './retry.js';
import { streamAttempt, type AttemptOutcome } from './streamAttempt.js';
import { apiRetryMessage, syntheticApiErrorMessage } from './syntheticMessages.js';
import type { CallModel, CallModelParams, ModelEvent } from './types.js';

/** Stop reasons that mean the reply was cut short by a size limit, not finished. */
const TRUNCATED = new Set(['max_tokens', 'model_context_window_exceeded']);

function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}

function requestHeaders(model: string): Record<string, string> | undefined {
  const betas = betasForModel(model);
  return betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : undefined;
}

function failureMessage(info: ApiErrorInfo, host: string | undefined): AssistantMessage {
  const text = formatApiErrorText(info, host ? { endpointHost: host } : {});
  return syntheticApiErrorMessage(text, info.kind, info.status);
}

export function createCallModel(getClient: () => ModelClient): CallModel {
  return (params) => callModel(getClient, params);
}

async function* callModel(
  getClient: () => ModelClient,
  params: CallModelParams,
): AsyncGenerator<ModelEvent, void> {
  if (params.signal.aborted) throw new AbortError();
  let client: ModelClient;
  try {
    client = getClient();
  } catch (err) {
    if (!(err instanceof MissingApiKeyError)) throw err;
    yield syntheticApiErrorMessage(err.message, 'authentication_failed');
    return;
  }

  const policy = readRetryPolicy();
  const body = buildRequestBody(params);
  const headers = requestHeaders(params.model);
  const host = endpointHost(client);
  let consecutiveOverloaded = 0;

  for (let attempt = 1; ; attempt++) {
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
      if (outcome.stopReason && TRUNCATED.has(outcome.stopReason)) {
        const text = formatApiErrorText(
          { kind: 'max_output_tokens' },
          { maxOutputTokens: params.maxOutputTokens },
        );
        yield syntheticApiErrorMessage(text, 'max_output_tokens');
      }
      return;
    }

    // Blocks of a dead attempt are withdrawn: the retry produces a whole new response, and
    // half a thinking block (invalid signature) must never be sent back to the API.
    for (const message of yielded) yield { type: 'tombstone', message };

    const info = classifyApiError(failure);
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
  }
}
