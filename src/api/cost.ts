// Turns an API usage record into dollars, using the model table's prices.
import { getModelInfo, type ModelPricing } from './models.js';

/** The usage fields that cost money. The SDK's `Usage` and `MessageDeltaUsage` both fit. */
export type BillableUsage = {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  server_tool_use?: { web_search_requests?: number | null } | null;
};

/** Models without a price are charged at the current Opus tier so totals are never zero. */
const UNKNOWN_MODEL_PRICING: ModelPricing = { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 };
const WEB_SEARCH_USD_PER_REQUEST = 0.01;
const TOKENS_PER_PRICE_UNIT = 1_000_000;

export function calculateCostUSD(
  model: string,
  usage: BillableUsage,
): { costUSD: number; known: boolean } {
  const info = getModelInfo(model);
  const known = info.pricing;
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  const long = info.longPromptPricing;
  const price = long && prompt > long.aboveTokens ? long.pricing : (known ?? UNKNOWN_MODEL_PRICING);
  const tokenCost =
    (usage.input_tokens ?? 0) * price.input +
    (usage.output_tokens ?? 0) * price.output +
    (usage.cache_creation_input_tokens ?? 0) * price.cacheWrite +
    (usage.cache_read_input_tokens ?? 0) * price.cacheRead;
  const searches = usage.server_tool_use?.web_search_requests ?? 0;
  return {
    costUSD: tokenCost / TOKENS_PER_PRICE_UNIT + searches * WEB_SEARCH_USD_PER_REQUEST,
    known: known !== undefined,
  };
}
