// The invariant every loop test checks: the history is a conversation the API accepts. Each
// tool_use has exactly one tool_result, in the user message right after its assistant turn.
import { expect } from 'vitest';
import type { LoopEvent, Message } from '../../src/types/messages.js';
import { answeredToolUseIds, getToolUseBlocks, normalizeMessagesForAPI } from '../../src/utils/messages.js';
import { checkToolPairing } from './toolPairing.js';

/** The history a consumer keeps: the starting messages plus every history message yielded, minus tombstones. */
export function historyFrom(initial: readonly Message[], events: readonly LoopEvent[]): Message[] {
  const history = [...initial];
  for (const event of events) {
    if (event.type === 'tombstone') {
      const index = history.findIndex((m) => m.uuid === event.message.uuid);
      if (index !== -1) history.splice(index, 1);
      continue;
    }
    if (event.type === 'user' || event.type === 'assistant' || event.type === 'system') history.push(event);
  }
  return history;
}

function toolResultCounts(history: readonly Message[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of history) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) {
      if (block.type === 'tool_result') counts.set(block.tool_use_id, (counts.get(block.tool_use_id) ?? 0) + 1);
    }
  }
  return counts;
}

export function conversationProblems(history: readonly Message[]): string[] {
  const problems: string[] = [];
  const counts = toolResultCounts(history);
  const toolUseIds = history.flatMap((m) => getToolUseBlocks(m).map((b) => b.id));
  for (const id of toolUseIds) {
    const count = counts.get(id) ?? 0;
    if (count !== 1) problems.push(`tool_use ${id} has ${count} tool_results`);
  }
  for (const id of answeredToolUseIds(history)) {
    if (!toolUseIds.includes(id)) problems.push(`tool_result ${id} answers no tool_use`);
  }
  return [...problems, ...checkToolPairing(normalizeMessagesForAPI(history))];
}

export function expectValidConversation(history: readonly Message[]): void {
  expect(conversationProblems(history)).toEqual([]);
}
