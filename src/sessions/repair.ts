// A transcript cut short by a crash or kill can end (or, after a bad write, pause) on a tool_use
// that never got its result. The API rejects such a history, so the loader answers every one.
import type { AssistantMessage, Message, UserMessage } from '../types/messages.js';
import { answeredToolUseIds, getToolUseBlocks, syntheticToolResultsFor } from '../utils/messages.js';

export const INTERRUPTED_TOOL_RESULT = 'Interrupted: the session stopped before this tool call finished.';

/** Messages the API never sees; they neither end a response nor answer a tool call. */
function isTransparent(message: Message): boolean {
  return message.type === 'system' || (message.type === 'assistant' && message.apiError !== undefined);
}

function isModelTurn(message: Message): message is AssistantMessage {
  return message.type === 'assistant' && message.apiError === undefined;
}

export type RepairResult = {
  messages: Message[];
  /** The synthetic results added, in order, for a caller that wants to persist them. */
  repairs: UserMessage[];
};

/**
 * Adds an is_error tool_result right after every assistant response whose tool_use blocks are
 * not answered before the next response. The merge in normalizeMessagesForAPI puts tool results
 * first in the user turn, so inserting before an existing user message is still valid.
 */
export function repairDanglingToolUses(messages: readonly Message[]): RepairResult {
  const out: Message[] = [];
  const repairs: UserMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const first = messages[index];
    if (first === undefined || !isModelTurn(first)) {
      if (first !== undefined) out.push(first);
      index += 1;
      continue;
    }
    const response: AssistantMessage[] = [];
    while (index < messages.length) {
      const message = messages[index];
      if (message === undefined) break;
      const sameResponse = isModelTurn(message) && message.message.id === first.message.id;
      if (!sameResponse && !isTransparent(message)) break;
      if (sameResponse) response.push(message);
      out.push(message);
      index += 1;
    }
    if (!response.some((message) => getToolUseBlocks(message).length > 0)) continue;
    const answered = answeredToolUseIds(answersUntilNextTurn(messages, index));
    const synthetic = syntheticToolResultsFor(response, INTERRUPTED_TOOL_RESULT, answered);
    out.push(...synthetic);
    repairs.push(...synthetic);
  }
  return { messages: out, repairs };
}

function answersUntilNextTurn(messages: readonly Message[], from: number): Message[] {
  const answers: Message[] = [];
  for (let i = from; i < messages.length; i += 1) {
    const message = messages[i];
    if (message === undefined || isModelTurn(message)) break;
    answers.push(message);
  }
  return answers;
}
