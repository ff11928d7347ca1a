// Cost and usage accounting: after each model response the session singleton learns what it
// cost, so budgets, /cost and the final result all read the same numbers.
import { calculateCostUSD } from '../api/cost.js';
import type { CallModel } from '../api/types.js';
import { emptyModelUsage, session } from '../state/session.js';
import type { AssistantMessage, Usage } from '../types/messages.js';

/**
 * One usage record per response. A response arrives as one message per block sharing
 * `message.id`; the final usage is patched onto the last of them. Synthetic error messages
 * cost nothing and are skipped.
 */
function finalUsages(messages: readonly AssistantMessage[]): Usage[] {
  const byResponse = new Map<string, Usage>();
  for (const message of messages) {
    if (message.apiError === undefined) byResponse.set(message.message.id, message.message.usage);
  }
  return [...byResponse.values()];
}

export function recordResponseUsage(
  model: string,
  messages: readonly AssistantMessage[],
  durationMs: number,
): void {
  session.totalAPIDurationMs += durationMs;
  for (const usage of finalUsages(messages)) {
    const { costUSD, known } = calculateCostUSD(model, usage);
    const totals = (session.modelUsage[model] ??= emptyModelUsage());
    totals.inputTokens += usage.input_tokens;
    totals.outputTokens += usage.output_tokens;
    totals.cacheReadInputTokens += usage.cache_read_input_tokens ?? 0;
    totals.cacheCreationInputTokens += usage.cache_creation_input_tokens ?? 0;
    totals.webSearchRequests += usage.server_tool_use?.web_search_requests ?? 0;
    totals.costUSD += costUSD;
    session.totalCostUSD += costUSD;
    if (!known) session.hasUnknownModelCost = true;
  }
}

/**
 * The model seam for the loop's side calls (summaries for compaction and collapse): each
 * response's cost is recorded on the session like a main-loop response, so budgets see it.
 */
export function recordingUsage(callModel: CallModel): CallModel {
  return async function* (params) {
    const startedAt = Date.now();
    const received: AssistantMessage[] = [];
    try {
      for await (const event of callModel(params)) {
        if (event.type === 'assistant') received.push(event);
        yield event;
      }
    } finally {
      recordResponseUsage(params.model, received, Date.now() - startedAt);
    }
  };
}

/** Output tokens the responses in these messages cost, for the token budget. */
export function outputTokensOf(messages: readonly AssistantMessage[]): number {
  return finalUsages(messages).reduce((sum, usage) => sum + usage.output_tokens, 0);
}

export function isOverBudget(maxBudgetUsd: number | undefined): boolean {
  return maxBudgetUsd !== undefined && session.totalCostUSD >= maxBudgetUsd;
}
