// MCP servers may send instructions with their `initialize` answer: how their tools fit
// together, what to call first. They go into the system prompt, each under its server's name
// and cut to a fixed length, so one chatty server cannot crowd the context.

export type McpServerInstructions = { server: string; instructions: string };

/** Per server; about 500 tokens, plenty for guidance about a handful of tools. */
export const MAX_INSTRUCTIONS_CHARS = 2_000;

function capped(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_INSTRUCTIONS_CHARS) return trimmed;
  const cut = trimmed.length - MAX_INSTRUCTIONS_CHARS;
  return `${trimmed.slice(0, MAX_INSTRUCTIONS_CHARS)}\n[… ${cut} more characters left out]`;
}

/** The system prompt section, or undefined when no connected server sent instructions. */
export function formatMcpInstructions(servers: readonly McpServerInstructions[]): string | undefined {
  const blocks = servers
    .filter((server) => server.instructions.trim() !== '')
    .map((server) => `## ${server.server}\n${capped(server.instructions)}`);
  if (blocks.length === 0) return undefined;
  return [
    'Instructions from MCP servers (their tools are named mcp__<server>__<tool>); follow them when you use that server:',
    ...blocks,
  ].join('\n\n');
}
