// Rough token counts for deciding when to shrink context. Every estimate errs high: counting too
// many tokens costs an early compaction, counting too few costs a prompt-too-long failure.
import type { ContentBlock, ContentBlockParam, Message, Usage } from '../types/messages.js';
import { SYNTHETIC_MODEL } from '../utils/messages.js';

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
  const lastIndex = messages.findLastIndex(hasRealUsage);
  const last = messages[lastIndex];
  if (last === undefined || last.type !== 'assistant') return estimateMessagesTokens(messages);
  const responseId = last.message.id;
  let firstIndex = lastIndex;
  for (let i = lastIndex - 1; i >= 0; i -= 1) {
    const candidate = messages[i];
    if (candidate?.type !== 'assistant') continue;
    if (candidate.message.id !== responseId) break;
    firstIndex = i;
  }
  return usageTotal(last.message.usage) + estimateMessagesTokens(messages.slice(firstIndex + 1));
}
