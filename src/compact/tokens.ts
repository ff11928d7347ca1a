// Rough token counts for deciding when to shrink context. Every estimate errs high: counting too
// many tokens costs an early compaction, counting too few costs a prompt-too-long failure.
import type { ContentBlock, ContentBlockParam, Message, Usage } from '../types/messages.js';
import { SYNTHETIC_MODEL } from '../utils/messages.js';
import { resumablePass } from '../utils/resumablePass.js';

export const CHARS_PER_TOKEN = 4;
/** JSON tokenises worse than prose: punctuation and short keys are separate tokens. */
export const JSON_CHARS_PER_TOKEN = 2;
/** What an image or a document block is counted as, whatever its size. */
export const MEDIA_BLOCK_TOKENS = 2_000;
/** Per-message padding for framing and the estimate's own error. */
const MESSAGE_PADDING = 4 / 3;

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 2) return false;
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  return (first === '{' && last === '}') || (first === '[' && last === ']');
}

export function estimateTextTokens(text: string): number {
  const charsPerToken = looksLikeJson(text) ? JSON_CHARS_PER_TOKEN : CHARS_PER_TOKEN;
  return Math.ceil(text.length / charsPerToken);
}

type AnyBlock = ContentBlock | ContentBlockParam;

function estimateToolResultContent(content: unknown): number {
  if (typeof content === 'string') return estimateTextTokens(content);
  if (!Array.isArray(content)) return 0;
  return content.reduce((sum: number, block: AnyBlock) => sum + estimateBlockTokens(block), 0);
}

function estimateBlockTokens(block: AnyBlock): number {
  switch (block.type) {
    case 'text':
      return estimateTextTokens(block.text);
    case 'image':
    case 'document':
      return MEDIA_BLOCK_TOKENS;
    case 'tool_use':
      return estimateTextTokens(block.name) + Math.ceil(JSON.stringify(block.input ?? {}).length / JSON_CHARS_PER_TOKEN);
    case 'tool_result':
      return estimateToolResultContent(block.content);
    case 'thinking':
      return estimateTextTokens(block.thinking);
    case 'redacted_thinking':
      return estimateTextTokens(block.data);
    default:
      // Server tool blocks and anything newer: their JSON is what travels.
      return Math.ceil(JSON.stringify(block).length / JSON_CHARS_PER_TOKEN);
  }
}

/** Tokens this message adds to a request; system messages and synthetic errors are never sent. */
export function estimateMessageTokens(message: Message): number {
  if (message.type === 'system') return 0;
  if (message.type === 'assistant') {
    if (message.apiError !== undefined) return 0;
    const raw = message.message.content.reduce((sum, block) => sum + estimateBlockTokens(block), 0);
    return Math.ceil(raw * MESSAGE_PADDING);
  }
  const { content } = message.message;
  const raw =
    typeof content === 'string'
      ? estimateTextTokens(content)
      : content.reduce((sum, block) => sum + estimateBlockTokens(block), 0);
  return Math.ceil(raw * MESSAGE_PADDING);
}

export function estimateMessagesTokens(messages: readonly Message[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}

/** Everything the request that produced this usage sent and received. */
export function usageTotal(usage: Usage): number {
  return (
    usage.input_tokens +
    (usage.cache_creation_input_tokens ?? 0) +
    (usage.cache_read_input_tokens ?? 0) +
    usage.output_tokens
  );
}

function hasRealUsage(message: Message): boolean {
  if (message.type !== 'assistant') return false;
  if (message.apiError !== undefined || message.message.model === SYNTHETIC_MODEL) return false;
  return usageTotal(message.message.usage) > 0;
}

/**
 * The context size of the next request: the API's own count from the last response, plus an
 * estimate of everything after it. A response arrives as one message per block and only the last
 * carries the final usage, so the estimate starts after the response's first block: the later
 * blocks are counted twice, which keeps the figure on the high side.
 */
export function tokenCountWithEstimation(messages: readonly Message[]): number {
  const anchor = findUsageAnchor(messages);
  if (anchor === undefined) return estimateMessagesTokens(messages);
  return usageTotal(anchor.usage) + estimateMessagesTokens(messages.slice(anchor.firstIndex + 1));
}

type UsageAnchor = { usage: Usage; firstIndex: number; lastIndex: number };

/** The last response with real usage, and where its first and last blocks sit. */
function findUsageAnchor(messages: readonly Message[]): UsageAnchor | undefined {
  const lastIndex = messages.findLastIndex(hasRealUsage);
  const last = messages[lastIndex];
  if (last === undefined || last.type !== 'assistant') return undefined;
  const responseId = last.message.id;
  let firstIndex = lastIndex;
  for (let i = lastIndex - 1; i >= 0; i -= 1) {
    const candidate = messages[i];
    if (candidate?.type !== 'assistant') continue;
    if (candidate.message.id !== responseId) break;
    firstIndex = i;
  }
  return { usage: last.message.usage, firstIndex, lastIndex };
}

// Messages never change once made (every layer copies what it alters), so an estimate made once
// holds for the life of the message object.
const messageEstimates = new WeakMap<Message, number>();

function cachedEstimate(message: Message): number {
  const known = messageEstimates.get(message);
  if (known !== undefined) return known;
  const estimate = estimateMessageTokens(message);
  messageEstimates.set(message, estimate);
  return estimate;
}

/** Running totals: `[0]` is 0 and `[i]` the estimate of the first i messages. */
const estimateTotals = resumablePass<Message, number[]>({
  start: () => [0],
  rewind: (totals, count) => {
    totals.length = count + 1;
    return totals;
  },
  add: (totals, message, index) => {
    totals.push((totals[index] as number) + cachedEstimate(message));
  },
});

function cachedEstimates(messages: readonly Message[]): number {
  return estimateTotals(messages)[messages.length] as number;
}

/**
 * What the history of each request was estimated at, under the request's last message (and the
 * last message of the history it was made from). The response that answers the request follows
 * that message, so the next count finds it there.
 */
const sentEstimates = new WeakMap<Message, number>();

/** Notes the history a request is about to carry, so the next count can tell what the layers removed since. */
export function rememberSentHistory(sent: readonly Message[], madeFrom: readonly Message[]): void {
  const estimate = cachedEstimates(sent);
  for (const key of [sent.at(-1), madeFrom.at(-1)]) if (key) sentEstimates.set(key, estimate);
}

/** The estimate recorded for the request that `history[firstIndex]` answers, if any. */
function sentEstimateBefore(history: readonly Message[], firstIndex: number): number | undefined {
  for (let i = firstIndex - 1; i >= 0; i -= 1) {
    const message = history[i] as Message;
    const known = sentEstimates.get(message);
    if (known !== undefined) return known;
    // Notices and failed attempts that landed between the request and its answer are not part of it.
    const skippable = message.type === 'system' || (message.type === 'assistant' && !hasRealUsage(message));
    if (!skippable) return undefined;
  }
  return undefined;
}

/** A context size, and whether it already counts the system prompt and tool definitions. */
export type ContextCount = { tokens: number; includesRequestOverhead: boolean };

function isFreshCompaction(current: readonly Message[], history: readonly Message[]): boolean {
  const first = current[0];
  return first?.type === 'system' && first.subtype === 'compact_boundary' && first !== history[0];
}

/**
 * The context size of the next request once the layers have turned `history` into `current`.
 * The last response's usage still counts whatever the layers have since cleared, summarised or
 * dropped, so the count takes out the history that request carried and puts what is sent now in
 * its place: usage − (what it carried) − (the response) + (everything now). Where that request
 * is not known (a resumed session) it falls back to `tokenCountWithEstimation`; straight after a
 * compaction nothing of the old request is left, so it is an estimate of the new history alone.
 */
export function contextTokenCount(current: readonly Message[], history: readonly Message[]): ContextCount {
  const estimate = cachedEstimates(current);
  const estimateOnly = { tokens: estimate, includesRequestOverhead: false };
  if (isFreshCompaction(current, history)) return estimateOnly;
  const anchor = findUsageAnchor(history);
  if (anchor === undefined) return estimateOnly;
  const sent = sentEstimateBefore(history, anchor.firstIndex);
  if (sent === undefined) return { tokens: tokenCountWithEstimation(current), includesRequestOverhead: true };
  const response = cachedEstimates(history.slice(anchor.firstIndex, anchor.lastIndex + 1));
  const tokens = Math.max(0, usageTotal(anchor.usage) - sent - response + estimate);
  return { tokens, includesRequestOverhead: true };
}
