// The model seam tools get (WebFetch, WebSearch): the production model call, with each side
// response's usage recorded on the session so /cost, budgets and the result include it, web
// searches too.
import { createCallModel } from '../api/callModel.js';
import { getClient } from '../api/client.js';
import { resolveModel } from '../api/models.js';
import type { CallModel } from '../api/types.js';
import { recordResponseUsage } from '../query/usage.js';
import type { AssistantMessage } from '../types/messages.js';

export function withUsageRecorded(callModel: CallModel): CallModel {
  return async function* recorded(params) {
    const started = performance.now();
    const responses: AssistantMessage[] = [];
    try {
      for await (const event of callModel(params)) {
        if (event.type === 'assistant') responses.push(event);
        if (event.type === 'tombstone') {
          const index = responses.findIndex((m) => m.uuid === event.message.uuid);
          if (index !== -1) responses.splice(index, 1);
        }
        yield event;
      }
    } finally {
      recordResponseUsage(params.model, responses, performance.now() - started);
    }
  };
}

export function productionToolModel(): CallModel {
  return withUsageRecorded(createCallModel(getClient));
}

/** `ANTHROPIC_SMALL_FAST_MODEL`, when set. */
export function smallFastModel(): string | undefined {
  return process.env.ANTHROPIC_SMALL_FAST_MODEL?.trim() || undefined;
}

/** Auto mode's reviewer: the small fast model, as for the reference's own side questions. */
export function autoModeReviewerModel(): string {
  return smallFastModel() ?? resolveModel('haiku');
}
