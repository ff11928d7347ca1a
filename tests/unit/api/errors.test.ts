import { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import {
  classifyApiError,
  formatApiErrorText,
  MissingApiKeyError,
  parseRetryAfterMs,
  StreamIdleTimeoutError,
  StreamInterruptedError,
} from '../../../src/api/errors.js';

function httpError(status: number, type: string, message: string, headers: Record<string, string> = {}): APIError {
  return APIError.generate(status, { type: 'error', error: { type, message } }, message, new Headers(headers));
}

describe('classifyApiError', () => {
  it('marks 529 as overloaded and retryable', () => {
    expect(classifyApiError(httpError(529, 'overloaded_error', 'Overloaded'))).toMatchObject({
      kind: 'server_error', status: 529, retryable: true, overloaded: true, reason: 'overloaded',
    });
  });

  it('recognises an overloaded_error sent as an SSE error event (no HTTP status)', () => {
    const err = new APIError(undefined, { type: 'error', error: { type: 'overloaded_error', message: 'busy' } }, undefined, new Headers(), 'overloaded_error');
    expect(classifyApiError(err)).toMatchObject({ status: 529, retryable: true, overloaded: true });
  });

  it('reads the server wait hint on 429', () => {
    const info = classifyApiError(httpError(429, 'rate_limit_error', 'slow down', { 'retry-after-ms': '1500', 'retry-after': '9' }));
    expect(info).toMatchObject({ kind: 'rate_limit', retryable: true, reason: 'rate_limit', retryAfterMs: 1500 });
  });

  it('retries 408, 409 and 5xx but not other 4xx', () => {
    expect(classifyApiError(httpError(408, 'timeout_error', 't')).retryable).toBe(true);
    expect(classifyApiError(httpError(409, 'api_error', 'c')).retryable).toBe(true);
    expect(classifyApiError(httpError(503, 'api_error', 'u')).retryable).toBe(true);
    expect(classifyApiError(httpError(404, 'not_found_error', 'n'))).toMatchObject({ kind: 'invalid_request', retryable: false });
  });

  it('never retries prompt-too-long, auth or billing failures', () => {
    expect(classifyApiError(httpError(400, 'invalid_request_error', 'Prompt is too long: 1 > 0'))).toMatchObject({ kind: 'prompt_too_long', retryable: false });
    expect(classifyApiError(httpError(413, 'request_too_large', 'big'))).toMatchObject({ kind: 'prompt_too_long', retryable: false });
    expect(classifyApiError(httpError(401, 'authentication_error', 'bad key'))).toMatchObject({ kind: 'authentication_failed', retryable: false });
    expect(classifyApiError(httpError(403, 'permission_error', 'no'))).toMatchObject({ kind: 'authentication_failed', retryable: false });
    expect(classifyApiError(httpError(402, 'billing_error', 'pay'))).toMatchObject({ kind: 'billing_error', retryable: false });
  });

  it('lets x-should-retry override the status rule', () => {
    expect(classifyApiError(httpError(500, 'api_error', 'x', { 'x-should-retry': 'false' })).retryable).toBe(false);
    expect(classifyApiError(httpError(400, 'invalid_request_error', 'x', { 'x-should-retry': 'true' })).retryable).toBe(true);
  });

  it('retries broken connections and silent streams', () => {
    expect(classifyApiError(new APIConnectionError({ message: 'refused' }))).toMatchObject({ retryable: true, reason: 'connection' });
    expect(classifyApiError(new StreamInterruptedError('cut'))).toMatchObject({ retryable: true, reason: 'connection' });
    expect(classifyApiError(new StreamIdleTimeoutError(90_000))).toMatchObject({ retryable: true, reason: 'timeout' });
  });

  it('does not retry programming errors', () => {
    expect(classifyApiError(new TypeError('x is undefined'))).toMatchObject({ kind: 'unknown', retryable: false });
  });
});

describe('parseRetryAfterMs', () => {
  it('prefers retry-after-ms, then seconds, then an HTTP date', () => {
    expect(parseRetryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });
});

describe('formatApiErrorText', () => {
  it('words overload as a temporary server-side problem and names the endpoint', () => {
    const text = formatApiErrorText({ kind: 'server_error', status: 529 }, { endpointHost: '127.0.0.1:4000' });
    expect(text).toMatch(/^API Error: 529 Overloaded\. /);
    expect(text).toContain('127.0.0.1:4000');
  });

  it('gives one line per kind', () => {
    const kinds = ['max_output_tokens', 'prompt_too_long', 'authentication_failed', 'billing_error', 'rate_limit', 'server_error', 'invalid_request', 'unknown'] as const;
    for (const kind of kinds) {
      const text = formatApiErrorText({ kind, status: 400, message: 'detail' }, { maxOutputTokens: 8000 });
      expect(text.length, kind).toBeGreaterThan(10);
      expect(text, kind).not.toContain('\n');
    }
    expect(formatApiErrorText({ kind: 'max_output_tokens' }, { maxOutputTokens: 8000 })).toContain('8000');
    expect(formatApiErrorText({ kind: 'authentication_failed', status: 401 })).toContain('ANTHROPIC_API_KEY');
    expect(formatApiErrorText({ kind: 'server_error', reason: 'connection' })).toMatch(/^API Error: Could not reach the API/);
  });

  it('tells people how to set a key when none is found', () => {
    expect(new MissingApiKeyError().message).toContain('ANTHROPIC_API_KEY');
  });
});
