// Pulse's own one-line wording for failed model calls: what went wrong, whose side it is on,
// and what the person can do about it.
import type { ApiErrorKind } from '../types/messages.js';
import type { RetryReason } from './errors.js';

const SERVER_STATUS_TEXT: Readonly<Record<number, string>> = {
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  529: 'Overloaded',
};

export type ApiErrorTextInput = {
  kind: ApiErrorKind;
  status?: number;
  message?: string;
  reason?: RetryReason;
};

export type ApiErrorTextContext = {
  /** Shown for server-side failures so people behind a gateway know where to look. */
  endpointHost?: string;
  maxOutputTokens?: number;
};

function persistHint(ctx: ApiErrorTextContext): string {
  return ctx.endpointHost ? ` If it keeps happening, check the endpoint at ${ctx.endpointHost}.` : '';
}

function serverErrorText(input: ApiErrorTextInput, ctx: ApiErrorTextContext): string {
  if (input.status === undefined) {
    const what =
      input.reason === 'timeout'
        ? 'The API stopped responding'
        : `Could not reach the API${ctx.endpointHost ? ` at ${ctx.endpointHost}` : ''}`;
    return `API Error: ${what}. Check your network connection (and ANTHROPIC_BASE_URL if you set one), then try again.`;
  }
  const label = SERVER_STATUS_TEXT[input.status] ?? 'Server error';
  return (
    `API Error: ${input.status} ${label}. The fault is on the API's side and usually clears ` +
    `up on its own — try again in a moment.${persistHint(ctx)}`
  );
}

/** One line, in Pulse's words, for a failed model call. */
export function formatApiErrorText(input: ApiErrorTextInput, ctx: ApiErrorTextContext = {}): string {
  const detail = input.message ? ` (${input.message})` : '';
  const head = input.status === undefined ? 'API Error:' : `API Error: ${input.status}`;
  switch (input.kind) {
    case 'max_output_tokens':
      return `The reply was cut off at the ${ctx.maxOutputTokens ?? 'configured'}-token output limit before the model finished.`;
    case 'prompt_too_long':
      return `Prompt is too long${detail}. Run /compact or start a new conversation with less context.`;
    case 'authentication_failed':
      return input.status === 403
        ? `API Error: 403 Permission denied${detail}. This key may not be allowed to use this model.`
        : `${head} Authentication failed${detail}. Check ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN.`;
    case 'billing_error':
      return `${head} Billing problem${detail}. Check the account's plan and credit balance.`;
    case 'rate_limit':
      return `API Error: 429 Rate limited. Too many requests for this key right now — wait a little and try again.`;
    case 'server_error':
      return serverErrorText(input, ctx);
    case 'invalid_request':
      return `${head} Invalid request${detail}.`;
    case 'refusal':
      return (
        "The API's safety classifier stopped the model's response again, so Pulse ended this turn. " +
        'Rephrase the request, or switch models with /model, and try again.'
      );
    case 'unknown':
      return `API Error: ${input.message ?? 'unexpected failure'}`;
  }
}
