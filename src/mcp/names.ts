// MCP tool names as the API accepts them: `mcp__<server>__<tool>`, with every character outside
// letters, digits, `_` and `-` replaced by `_`.

export const MCP_PREFIX = 'mcp__';

export function normalizeNameForMcp(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

export function mcpToolName(server: string, tool: string): string {
  return `${MCP_PREFIX}${normalizeNameForMcp(server)}__${normalizeNameForMcp(tool)}`;
}

/** `/mcp__server__prompt`, the slash command for a server prompt. */
export function mcpPromptCommandName(server: string, prompt: string): string {
  return mcpToolName(server, prompt);
}
