// Checks the mock server makes on every request beside tool pairing, as the real API does:
// server tool blocks (server_tool_use and its result) come in pairs within one assistant turn,
// except in the last message of a request that continues a paused turn; and thinking blocks come
// back exactly as they were sent, signature and all.

type WireBlock = Record<string, unknown> & { type?: unknown };
type WireMessage = { role?: unknown; content?: unknown };

function blocksOf(message: WireMessage): WireBlock[] {
  return Array.isArray(message.content)
    ? (message.content as unknown[]).filter((b): b is WireBlock => typeof b === 'object' && b !== null)
    : [];
}

const SERVER_USE_TYPES = new Set(['server_tool_use', 'mcp_tool_use']);

/** One line per server tool block whose partner is missing from its assistant turn. */
export function checkServerToolPairing(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  const list = messages as WireMessage[];
  const errors: string[] = [];
  list.forEach((message, index) => {
    if (message.role !== 'assistant' || index === list.length - 1) return;
    const blocks = blocksOf(message);
    const uses = blocks.filter((b) => SERVER_USE_TYPES.has(String(b.type))).map((b) => String(b.id));
    const results = blocks
      .filter((b) => b.type !== 'tool_result' && typeof b.tool_use_id === 'string')
      .map((b) => ({ id: String(b.tool_use_id), type: String(b.type) }));
    for (const id of uses) {
      if (!results.some((r) => r.id === id)) errors.push(`messages.${index}: server tool use ${id} was found without a corresponding result block`);
    }
    for (const result of results) {
      if (!uses.includes(result.id)) errors.push(`messages.${index}: ${result.type} for ${result.id} has no matching server tool use`);
    }
  });
  return errors;
}

/**
 * One line per thinking block the API would refuse: a missing signature, empty redacted data,
 * or a block whose signature this server issued but whose text was changed.
 */
export function checkThinkingBlocks(messages: unknown, issued: ReadonlyMap<string, string>): string[] {
  if (!Array.isArray(messages)) return [];
  const errors: string[] = [];
  (messages as WireMessage[]).forEach((message, index) => {
    if (message.role !== 'assistant') return;
    for (const block of blocksOf(message)) {
      if (block.type === 'redacted_thinking' && (typeof block.data !== 'string' || block.data === '')) {
        errors.push(`messages.${index}: redacted_thinking block without data`);
      }
      if (block.type !== 'thinking') continue;
      const signature = typeof block.signature === 'string' ? block.signature : '';
      if (signature === '') {
        errors.push(`messages.${index}: thinking block without a signature`);
        continue;
      }
      const original = issued.get(signature);
      if (original !== undefined && original !== block.thinking) {
        errors.push(`messages.${index}: thinking blocks in the latest assistant message cannot be modified`);
      }
    }
  });
  return errors;
}
