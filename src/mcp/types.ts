// The vocabulary the rest of Pulse sees about MCP servers.
import type { Prompt, Resource, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { ConfigScope, McpServerConfig } from './config.js';

export type McpServerStatus = 'connected' | 'failed' | 'needs-auth' | 'pending' | 'disabled';

/** A snapshot of one server, for `/mcp`, `system/init` and notifications. */
export type McpServerInfo = {
  name: string;
  scope: ConfigScope;
  source: string;
  transport?: McpServerConfig['type'];
  status: McpServerStatus;
  /** Why the server is failed, disabled or needs auth; what it is doing while pending. */
  reason?: string;
  /** The last lines a stdio server wrote to stderr. */
  stderrTail: string;
  tools: readonly McpToolDefinition[];
  resources: readonly Resource[];
  prompts: readonly Prompt[];
  instructions?: string;
};

export type McpStatusEvent = { server: string; status: McpServerStatus; reason?: string };
