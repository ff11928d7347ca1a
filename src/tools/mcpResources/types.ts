// What the resource tools need from the MCP manager; the manager fits this shape, so tools/
// does not import mcp/.
import type { ImageBlockParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';

export type McpResourceSummary = { server: string; uri: string; name: string; mimeType?: string; description?: string };

export type McpResourceSource = {
  /** Resources of connected servers, optionally of one server. */
  listResources(server?: string): McpResourceSummary[];
  /** The resource's contents as content blocks, already capped. */
  readResourceBlocks(server: string, uri: string, signal: AbortSignal): Promise<Array<TextBlockParam | ImageBlockParam>>;
  hasServer(name: string): boolean;
};
