// Layer 2: a cheap cut with no model call. When the context is over the threshold, whole API
// rounds that no longer matter are dropped, oldest first. Two kinds qualify:
// - everything before the latest compact boundary (its summary already stands in for it);
// - the tool rounds of an earlier request that the model has since answered with a final reply:
//   the request and the final answer stay, the tool calls and results that led to it go. The
//   rounds of a task left unfinished (a session resumed mid-task) are never cut: without a final
//   answer nothing would say what they found, so they wait for a summary instead.
// A round is an assistant response with tool_use blocks plus the user messages holding exactly
// its tool results, so a tool_use never loses its tool_result. Real user prompts are never cut.
import { randomUuid } from '../utils/random.js';
import type { Message, SystemMessage } from '../types/messages.js';
import { createSystemMessage, getToolUseBlocks } from '../utils/messages.js';
import { findFinishedStretches } from './collapse.js';
import { lastCompactBoundaryIndex } from './history.js';
import { estimateMessagesTokens, tokenCountWithEstimation } from './tokens.js';

export type SnipOptions = {
  threshold: number;
  uuid?: () => string;
  /** The loop's count of the context (`contextTokenCount`); absent, it is counted from `messages`. */
  tokenCount?: number;
};
export type SnipResult = { messages: Message[]; tokensFreed: number; boundary?: SystemMessage };

/** `sent` is false for history before a compact boundary: dropping it frees nothing from the request. */
type Segment = { start: number; end: number; sent: boolean };

function isSentAssistant(message: Message | undefined, responseId?: string): boolean {
  if (message?.type !== 'assistant' || message.apiError !== undefined) return false;
  return responseId === undefined || message.message.id === responseId;
}

function isIgnorable(message: Message | undefined): boolean {
  return message?.type === 'system' || (message?.type === 'assistant' && message.apiError !== undefined);
}

/** The tool_use ids this message answers, or undefined when it holds anything but tool results. */
function pureToolResultIds(message: Message | undefined): string[] | undefined {
  if (message?.type !== 'user' || typeof message.message.content === 'string') return undefined;
  const { content } = message.message;
  if (content.length === 0 || !content.every((block) => block.type === 'tool_result')) return undefined;
  return content.map((block) => (block.type === 'tool_result' ? block.tool_use_id : ''));
}

/** The complete tool round starting at `start`, or undefined when it is not one. */
function toolRoundAt(messages: readonly Message[], start: number, limit: number): Segment | undefined {
  const first = messages[start];
  if (first?.type !== 'assistant' || !isSentAssistant(first)) return undefined;
  const responseId = first.message.id;
  const pending = new Set<string>();
  let end = start;
  while (end < limit && (isSentAssistant(messages[end], responseId) || isIgnorable(messages[end]))) {
    for (const block of getToolUseBlocks(messages[end] as Message)) pending.add(block.id);
    end += 1;
  }
  if (pending.size === 0) return undefined;
  while (end < limit) {
    const ids = pureToolResultIds(messages[end]);
    if (ids === undefined && !isIgnorable(messages[end])) break;
    if (ids?.some((id) => !pending.has(id))) return undefined;
    for (const id of ids ?? []) pending.delete(id);
    end += 1;
  }
  return pending.size === 0 ? { start, end, sent: true } : undefined;
}

function responseEnd(messages: readonly Message[], start: number): number {
  const first = messages[start];
  if (first?.type !== 'assistant') return start + 1;
  let end = start + 1;
  while (isSentAssistant(messages[end], first.message.id)) end += 1;
  return end;
}

/** What may go, oldest first. */
function snippableSegments(messages: readonly Message[]): Segment[] {
  const boundary = lastCompactBoundaryIndex(messages);
  const segments: Segment[] = boundary > 0 ? [{ start: 0, end: boundary, sent: false }] : [];
  for (const stretch of findFinishedStretches(messages, 1)) {
    let index = stretch.start + 1;
    while (index < stretch.end) {
      const round = toolRoundAt(messages, index, stretch.end);
      if (round) {
        segments.push(round);
        index = round.end;
        continue;
      }
      index = messages[index]?.type === 'assistant' ? responseEnd(messages, index) : index + 1;
    }
  }
  return segments;
}

export function snipIfNeeded(messages: Message[], options: SnipOptions): SnipResult {
  const total = options.tokenCount ?? tokenCountWithEstimation(messages);
  if (total <= options.threshold) return { messages, tokensFreed: 0 };
  const removed = new Set<number>();
  let tokensFreed = 0;
  for (const segment of snippableSegments(messages)) {
    if (total - tokensFreed <= options.threshold) break;
    if (segment.sent) tokensFreed += estimateMessagesTokens(messages.slice(segment.start, segment.end));
    for (let i = segment.start; i < segment.end; i += 1) removed.add(i);
  }
  if (removed.size === 0) return { messages, tokensFreed: 0 };
  const removedUuids = [...removed].map((i) => messages[i]?.uuid ?? '');
  const boundary = createSystemMessage(
    'snip_boundary',
    `Left ${removed.size} earlier messages (about ${tokensFreed} tokens) out of the model's view`,
    { removed_uuids: removedUuids, tokens_freed: tokensFreed },
    (options.uuid ?? randomUuid)(),
  );
  return { messages: messages.filter((_, i) => !removed.has(i)), tokensFreed, boundary };
}
