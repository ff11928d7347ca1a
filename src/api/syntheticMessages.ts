// Messages the model layer makes itself: API failures reported as assistant messages (so the
// loop can withhold and recover), and the notice sent before each retry.
import { randomUuid } from '../utils/random.js';
import type { ApiErrorKind, AssistantMessage, SystemMessage } from '../types/messages.js';
import type { ApiErrorInfo } from './errors.js';
import { emptyUsage } from './streamAssembler.js';

/** The model name on messages no model wrote. */
export const SYNTHETIC_MODEL = '<synthetic>';

export function syntheticApiErrorMessage(
  text: string,
  apiError: ApiErrorKind,
  apiErrorStatus?: number,
): AssistantMessage {
  const message: AssistantMessage = {
    type: 'assistant',
    uuid: randomUuid(),
    timestamp: new Date().toISOString(),
    message: {
      id: `msg_synthetic_${randomUuid()}`,
      type: 'message',
      role: 'assistant',
      model: SYNTHETIC_MODEL,
      content: [{ type: 'text', text, citations: null }],
      stop_reason: 'stop_sequence',
      stop_sequence: '',
      usage: emptyUsage(),
    },
    apiError,
  };
  if (apiErrorStatus !== undefined) message.apiErrorStatus = apiErrorStatus;
  return message;
}

function describeFailure(info: ApiErrorInfo): string {
  const what = info.reason.replace('_', ' ');
  return info.status === undefined ? what : `${info.status} ${what}`;
}

export function apiRetryMessage(
  attempt: number,
  maxRetries: number,
  delayMs: number,
  info: ApiErrorInfo,
): SystemMessage {
  const seconds = (delayMs / 1000).toFixed(1);
  return {
    type: 'system',
    subtype: 'api_retry',
    uuid: randomUuid(),
    timestamp: new Date().toISOString(),
    content: `API request failed (${describeFailure(info)}); retrying in ${seconds}s (attempt ${attempt} of ${maxRetries})`,
    data: {
      attempt,
      max_retries: maxRetries,
      retry_delay_ms: delayMs,
      error_status: info.status ?? null,
      error: info.reason,
    },
  };
}
