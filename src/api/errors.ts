// Pulse's model-layer errors, the one place that decides what an API failure means
// (retry or not, which kind), and the one place that words it for people.
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/error';
import type { ApiErrorKind } from '../types/messages.js';
import { formatApiErrorText } from './errorText.js';

export type { ApiErrorKind };
export { formatApiErrorText, type ApiErrorTextContext, type ApiErrorTextInput } from './errorText.js';

/** Base for failures the model layer reports as typed errors. */
export class PulseApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class PromptTooLongError extends PulseApiError {
  constructor(message: string, status?: number) {
    super(message, 'prompt_too_long', status);
  }
}

export class MaxOutputTokensError extends PulseApiError {
  constructor(readonly maxOutputTokens: number) {
    super(formatApiErrorText({ kind: 'max_output_tokens' }, { maxOutputTokens }), 'max_output_tokens');
  }
}

export class OverloadedError extends PulseApiError {
  constructor(message = formatApiErrorText({ kind: 'server_error', status: 529 })) {
    super(message, 'server_error', 529);
  }
}

export class RateLimitError extends PulseApiError {
  constructor(message = formatApiErrorText({ kind: 'rate_limit', status: 429 })) {
    super(message, 'rate_limit', 429);
  }
}

/** Pulse's own: not the SDK class of the same name. */
export class AuthenticationError extends PulseApiError {
  constructor(message: string, status?: number) {
    super(message, 'authentication_failed', status);
  }
}

export class InvalidRequestError extends PulseApiError {
  constructor(message: string, status?: number) {
    super(message, 'invalid_request', status);
  }
}

export class MissingApiKeyError extends PulseApiError {
  constructor() {
    super(
      'No API key found. Set ANTHROPIC_API_KEY (for example `export ANTHROPIC_API_KEY=sk-ant-...`) ' +
        'or ANTHROPIC_AUTH_TOKEN, or run `pulse` once to store a key (/login).',
      'authentication_failed',
    );
  }
}

/** Repeated overload on the main model: the loop switches to the fallback and asks again. */
export class FallbackTriggeredError extends Error {
  constructor(
    readonly originalModel: string,
    readonly fallbackModel: string,
  ) {
    super(`Model fallback triggered: ${originalModel} -> ${fallbackModel}`);
    this.name = 'FallbackTriggeredError';
  }
}

/** Thrown when the caller's signal aborts; matches the platform's `name === 'AbortError'`. */
export class AbortError extends Error {
  constructor(message = 'The request was aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

/** No stream event arrived within the idle limit; the attempt was cut and may be retried. */
export class StreamIdleTimeoutError extends Error {
  constructor(readonly idleMs: number) {
    super(`No data from the API for ${idleMs} ms`);
    this.name = 'StreamIdleTimeoutError';
  }
}

/** The response stream broke or ended before message_stop. */
export class StreamInterruptedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamInterruptedError';
  }
}

/** The `error` field of `api_retry` events: why the request is being sent again. */
export type RetryReason =
  | 'rate_limit'
  | 'overloaded'
  | 'server_error'
  | 'connection'
  | 'timeout'
  | 'conflict'
  | 'unknown';

export type ApiErrorInfo = {
  kind: ApiErrorKind;
  status?: number;
  retryable: boolean;
  /** The server's own wait hint (retry-after-ms, then retry-after). */
  retryAfterMs?: number;
  /** 529 or an `overloaded_error` body: counted towards model fallback. */
  overloaded: boolean;
  reason: RetryReason;
  /** The API's own message, when it sent one. */
  message: string;
  /** A provider's own one-line wording, naming the variable or console setting to fix. */
  text?: string;
};

/** Error `type`s the API may send in a body or an SSE `error` event, with their HTTP status. */
const STATUS_BY_ERROR_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** Too long as it is, or too long with the output limit asked for (the 400 that names input + max_tokens). */
const PROMPT_TOO_LONG = /prompt is too long|exceed context limit/i;

function headerValue(headers: Headers | undefined, name: string): string | undefined {
  return headers?.get(name) ?? undefined;
}

/** Reads `retry-after-ms` first (milliseconds), then `retry-after` (seconds or an HTTP date). */
export function parseRetryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headerValue(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = headerValue(headers, 'retry-after');
  if (raw === undefined) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

function reasonForStatus(status: number, overloaded: boolean): RetryReason {
  if (overloaded) return 'overloaded';
  if (status === 429) return 'rate_limit';
  if (status === 408) return 'timeout';
  if (status === 409) return 'conflict';
  return status >= 500 ? 'server_error' : 'unknown';
}

function kindForStatus(status: number, message: string): ApiErrorKind {
  if (status === 413 || (status === 400 && PROMPT_TOO_LONG.test(message))) return 'prompt_too_long';
  if (status === 401 || status === 403) return 'authentication_failed';
  if (status === 402) return 'billing_error';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 409 || status >= 500) return 'server_error';
  return status >= 400 ? 'invalid_request' : 'unknown';
}

function classifySdkError(err: APIError): ApiErrorInfo {
  const message = err.apiMessage ?? err.message;
  const status = err.status ?? (err.type ? STATUS_BY_ERROR_TYPE[err.type] : undefined) ?? 500;
  const overloaded = status === 529 || err.type === 'overloaded_error';
  const shouldRetry = headerValue(err.headers, 'x-should-retry');
  const kind = kindForStatus(status, message);
  const retryable =
    kind === 'prompt_too_long' || shouldRetry === 'false'
      ? false
      : shouldRetry === 'true' || overloaded || retryableStatus(status);
  const info: ApiErrorInfo = {
    kind,
    status,
    retryable,
    overloaded,
    reason: reasonForStatus(status, overloaded),
    message,
  };
  const retryAfterMs = parseRetryAfterMs(err.headers);
  if (retryAfterMs !== undefined) info.retryAfterMs = retryAfterMs;
  return info;
}

/**
 * What an HTTP status means, for failures that arrive without one of the SDK's status errors
 * (a provider's mid-stream exception, say).
 */
export function infoForStatus(status: number, message: string): ApiErrorInfo {
  const kind = kindForStatus(status, message);
  const overloaded = status === 529;
  return {
    kind,
    status,
    retryable: kind !== 'prompt_too_long' && retryableStatus(status),
    overloaded,
    reason: reasonForStatus(status, overloaded),
    message,
  };
}

function transient(reason: RetryReason, message: string): ApiErrorInfo {
  return { kind: 'server_error', retryable: true, overloaded: false, reason, message };
}

/** What a thrown error means for Pulse: its kind, whether to retry, and how long to wait. */
export function classifyApiError(err: unknown): ApiErrorInfo {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof APIUserAbortError) {
    return { kind: 'unknown', retryable: false, overloaded: false, reason: 'unknown', message };
  }
  if (err instanceof StreamIdleTimeoutError) return transient('timeout', message);
  if (err instanceof StreamInterruptedError) return transient('connection', message);
  if (err instanceof APIConnectionError) {
    return transient(err.name === 'APIConnectionTimeoutError' ? 'timeout' : 'connection', message);
  }
  if (err instanceof APIError) return classifySdkError(err);
  if (err instanceof PulseApiError) {
    const info: ApiErrorInfo = { kind: err.kind, retryable: false, overloaded: false, reason: 'unknown', message };
    if (err.status !== undefined) info.status = err.status;
    return info;
  }
  return { kind: 'unknown', retryable: false, overloaded: false, reason: 'unknown', message };
}
