// The invariant the mock server checks on every request, as the real API does: each tool_use
// in an assistant message is answered by exactly one tool_result in the very next message,
// which is a user message, and no tool_result answers a tool_use that is not right before it.

type WireMessage = { role?: unknown; content?: unknown };

function blocksOfType(content: unknown, type: string, idField: string): string[] {
  if (!Array.isArray(content)) return [];
  return content
    .filter((block): block is Record<string, unknown> => typeof block === 'object' && block !== null)
    .filter((block) => block.type === type)
    .map((block) => String(block[idField]));
}

const toolUseIds = (content: unknown): string[] => blocksOfType(content, 'tool_use', 'id');
const toolResultIds = (content: unknown): string[] => blocksOfType(content, 'tool_result', 'tool_use_id');

/** Returns one line per violation; an empty list means the conversation is well formed. */
export function checkToolPairing(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  const list = messages as WireMessage[];
  const errors: string[] = [];
  list.forEach((message, index) => {
    if (message.role === 'assistant') {
      const uses = toolUseIds(message.content);
      if (uses.length === 0) return;
      const next = list[index + 1];
      if (!next || next.role !== 'user') {
        errors.push(`messages.${index}: tool_use ${uses.join(', ')} not followed by a user message with tool_result blocks`);
        return;
      }
      const results = toolResultIds(next.content);
      for (const id of uses) {
        const count = results.filter((result) => result === id).length;
        if (count === 0) errors.push(`messages.${index + 1}: no tool_result for tool_use ${id}`);
        if (count > 1) errors.push(`messages.${index + 1}: ${count} tool_result blocks for tool_use ${id}`);
      }
      return;
    }
    if (message.role !== 'user') return;
    const previous = list[index - 1];
    const answerable = previous?.role === 'assistant' ? toolUseIds(previous.content) : [];
    for (const id of toolResultIds(message.content)) {
      if (!answerable.includes(id)) {
        errors.push(`messages.${index}: tool_result for ${id} has no matching tool_use in the previous message`);
      }
    }
  });
  return errors;
}
