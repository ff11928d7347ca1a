// Small readings of a conversation's history shared by the context layers.
import type { Message, UserMessage } from '../types/messages.js';
import { resumablePass } from '../utils/resumablePass.js';

/** A prompt a person (or the SDK caller) typed, as opposed to tool results and Pulse's own nudges. */
export function isRealUserPrompt(message: Message): message is UserMessage {
  if (message.type !== 'user' || message.isMeta || message.isSynthetic) return false;
  const { content } = message.message;
  if (typeof content === 'string') return content.trim().length > 0;
  return content.length > 0 && content.every((block) => block.type !== 'tool_result');
}

/** Where the real prompts sit: finding the latest then needs no scan of the whole history. */
const promptIndexes = resumablePass<Message, number[]>({
  start: () => [],
  rewind: (indexes, count) => {
    while ((indexes.at(-1) ?? -1) >= count) indexes.pop();
    return indexes;
  },
  add: (indexes, message, index) => {
    if (isRealUserPrompt(message)) indexes.push(index);
  },
});

/** The person's latest prompt, as `messages.findLast(isRealUserPrompt)` finds it. */
export function latestRealUserPrompt(messages: readonly Message[]): UserMessage | undefined {
  const index = promptIndexes(messages).at(-1);
  return index === undefined ? undefined : (messages[index] as UserMessage);
}

/**
 * Whether a summary could stand in for any of this history: anything sent besides the person's
 * latest prompt, which is kept word for word. A conversation of that prompt alone has nothing to
 * compact. A caller that has found the latest prompt already passes it, sparing a second scan.
 */
export function hasSomethingToCompact(
  messages: readonly Message[],
  latestPrompt: Message | undefined = latestRealUserPrompt(messages),
): boolean {
  return messages.some(
    (m) => m !== latestPrompt && (m.type === 'user' || (m.type === 'assistant' && m.apiError === undefined)),
  );
}

export function lastCompactBoundaryIndex(messages: readonly Message[]): number {
  return messages.findLastIndex((m) => m.type === 'system' && m.subtype === 'compact_boundary');
}

/**
 * Splits history where each new model response starts: every group after the first is one
 * response and the user messages (tool results included) that follow it. Dropping groups from the
 * front therefore never separates a tool_use from its tool_result.
 */
export function groupByApiRound(messages: readonly Message[]): Message[][] {
  const groups: Message[][] = [];
  let current: Message[] = [];
  let currentResponseId: string | undefined;
  for (const message of messages) {
    const startsResponse =
      message.type === 'assistant' && message.apiError === undefined && message.message.id !== currentResponseId;
    if (startsResponse && current.length > 0) {
      groups.push(current);
      current = [];
    }
    if (message.type === 'assistant' && message.apiError === undefined) currentResponseId = message.message.id;
    current.push(message);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
