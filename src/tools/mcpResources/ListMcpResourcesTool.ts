// Lists what connected MCP servers offer as resources, so the model can read one by URI.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool } from '../Tool.js';
import type { McpResourceSource, McpResourceSummary } from './types.js';

const inputSchema = lazySchema(() =>
  z.object({
    server: z.string().optional().describe('Only list the resources of this MCP server'),
  }),
);

export const LIST_MCP_RESOURCES_PROMPT = `Lists the resources that connected MCP servers offer (files, records, documents), with each one's server, URI, name and type. Pass "server" to see one server's resources. Read one with ReadMcpResource.`;

export function createListMcpResourcesTool(source: McpResourceSource): Tool<ReturnType<typeof inputSchema>, McpResourceSummary[]> {
  return {
    name: 'ListMcpResources',
    get inputSchema() {
      return inputSchema();
    },
    maxResultSizeChars: 100_000,
    description: () => 'List the resources of connected MCP servers',
    prompt: () => LIST_MCP_RESOURCES_PROMPT,
    isEnabled: () => true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => 'ListMcpResources',
    describeUse: (input) => input.server ?? 'all servers',
    checkPermissions: async () => ({ behavior: 'passthrough' }),
    async validateInput(input) {
      if (input.server === undefined || source.hasServer(input.server)) return { ok: true };
      return { ok: false, message: `There is no MCP server named "${input.server}".` };
    },
    async *call(input) {
      return { data: source.listResources(input.server) };
    },
    toResultBlock: (resources, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content:
        resources.length === 0
          ? 'No resources found. MCP servers may still offer tools even when they offer no resources.'
          : JSON.stringify(resources, null, 2),
    }),
    summarizeResult: (resources) => `Found ${resources.length} resource(s)`,
  };
}
