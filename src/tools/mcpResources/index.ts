// The two resource tools, offered when at least one MCP server is configured.
import type { AnyTool } from '../Tool.js';
import { createListMcpResourcesTool } from './ListMcpResourcesTool.js';
import { createReadMcpResourceTool } from './ReadMcpResourceTool.js';
import type { McpResourceSource } from './types.js';

export type { McpResourceSource, McpResourceSummary } from './types.js';

export function createMcpResourceTools(source: McpResourceSource): AnyTool[] {
  return [createListMcpResourcesTool(source), createReadMcpResourceTool(source)];
}
