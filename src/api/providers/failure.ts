// What the providers read off a failure to tell what went wrong, and how they hand back their
// verdict: the generic classification with their own one-line advice on it.
import { APIError } from '@anthropic-ai/sdk/error';
import type { ApiErrorInfo } from '../errors.js';

export type FailureFacts = {
  status?: number;
  /** The error type: the API's (`overloaded_error`) or the cloud's (`AccessDeniedException`). */
  type?: string;
  /** The server's message, or the error's own. */
  message: string;
  /** The first line of what caused it (a credential library's complaint, a DNS failure). */
  cause?: string;
};

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

/** Bedrock names its errors in `x-amzn-errortype` (`AccessDeniedException:http://…`). */
function amazonErrorType(headers: Headers | undefined): string | undefined {
  return headers?.get('x-amzn-errortype')?.split(':')[0] || undefined;
}

export function failureFacts(err: unknown): FailureFacts {
  const facts: FailureFacts = { message: err instanceof Error ? err.message : String(err) };
  if (err instanceof APIError) {
    if (err.status !== undefined) facts.status = err.status;
    const type = err.type ?? amazonErrorType(err.headers);
    if (type) facts.type = type;
    // The SDK puts the status in front of a message it read from a body of another shape.
    if (err.apiMessage) facts.message = err.apiMessage;
    else if (err.status !== undefined) facts.message = facts.message.replace(new RegExp(`^${err.status} `), '');
  }
  const cause = err instanceof Error ? err.cause : undefined;
  if (cause instanceof Error) facts.cause = firstLine(cause.message);
  return facts;
}

/** The failure as the generic rules see it, worded by the provider. */
export function advise(info: ApiErrorInfo, text: string): ApiErrorInfo {
  return { ...info, text };
}

/** Credentials that are missing or refused: retrying the same request cannot help. */
export function credentialFailure(message: string, text: string): ApiErrorInfo {
  return { kind: 'authentication_failed', retryable: false, overloaded: false, reason: 'unknown', message, text };
}

/** A request the provider will never accept as it stands (a model it does not serve). */
export function requestFailure(info: ApiErrorInfo, text: string): ApiErrorInfo {
  return { ...info, kind: info.kind === 'authentication_failed' ? info.kind : 'invalid_request', retryable: false, text };
}

/** `(the cause)` for a message, when there is one. */
export function because(facts: FailureFacts): string {
  return facts.cause ? ` (${facts.cause})` : '';
}
