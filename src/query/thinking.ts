// The API's rules for thinking blocks, applied to what the loop sends. Thinking blocks travel
// back with the rest of the assistant turn, unchanged, so the model keeps its reasoning across a
// tool round trip; but a message may not end with one, and a signature only verifies on the
// model that wrote it.
import type { ContentBlockParam } from '../types/messages.js';
import type { Message } from '../types/messages.js';
import type { MessageParam } from '../api/types.js';
import type { ThinkingConfig } from '../api/types.js';
import { budgetThinking } from '../api/requestFeatures.js';
import { resumablePass } from '../utils/resumablePass.js';

/** Stands in for an assistant turn that had nothing but thinking. */
export const EMPTY_TURN_TEXT = '(no content)';

function isThinking(block: { type: string }): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking';
}

/** No assistant message may end with a thinking block (an abort or cut can leave one there). */
export function withoutThinkingAtEnd(message: MessageParam): MessageParam {
  if (message.role !== 'assistant' || typeof message.content === 'string') return message;
  const last = message.content[message.content.length - 1];
  if (last === undefined || !isThinking(last)) return message;
  const blocks: ContentBlockParam[] = [...message.content];
  while (blocks.length > 0 && isThinking(blocks[blocks.length - 1] as ContentBlockParam)) blocks.pop();
  if (blocks.length === message.content.length) return message;
  return { ...message, content: blocks.length > 0 ? blocks : [{ type: 'text', text: EMPTY_TURN_TEXT }] };
}

// The same copy whichever list a message is met in (the fallback's history, then each request's).
const strippedCopies = new WeakMap<Message, Message | null>();

function withoutThinking(message: Message): Message | null {
  if (message.type !== 'assistant' || !message.message.content.some(isThinking)) return message;
  let copy = strippedCopies.get(message);
  if (copy === undefined) {
    const content = message.message.content.filter((block) => !isThinking(block));
    copy = content.length === 0 ? null : { ...message, message: { ...message.message, content } };
    strippedCopies.set(message, copy);
  }
  return copy;
}

/** What the pass has sent so far, and where the sent list stood after each message taken in. */
type Stripped = { sent: Message[]; ends: number[] };

// Each round's history is the last one's and the round's messages: only those are looked at, and
// the history sent stays the same objects from one round to the next, so the request's later
// passes resume where they left off too (utils/resumablePass.ts).
const stripped = resumablePass<Message, Stripped>({
  start: () => ({ sent: [], ends: [0] }),
  rewind: (state, count) => {
    state.sent.length = state.ends[count] as number;
    state.ends.length = count + 1;
    return state;
  },
  add: (state, message) => {
    const kept = withoutThinking(message);
    if (kept) state.sent.push(kept);
    state.ends.push(state.sent.length);
  },
});

/**
 * The history without its thinking blocks. Thinking signatures are bound to the model that
 * produced them, so the fallback model gets none; and a request with thinking off may carry none.
 */
export function stripThinkingBlocks(messages: readonly Message[]): Message[] {
  return stripped(messages).sent.slice();
}

/**
 * `--max-thinking-tokens N`: 0 asks for thinking off, any other number for that budget; absent,
 * the model thinks its own way (api/requestFeatures.ts decides per model).
 */
export function thinkingForBudget(tokens: number | undefined): ThinkingConfig | undefined {
  return tokens === undefined ? undefined : budgetThinking(tokens);
}
