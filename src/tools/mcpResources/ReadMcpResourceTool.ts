// Reads one MCP resource by server and URI; text stays text, images become image blocks.
import type { ImageBlockParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool } from '../Tool.js';
import type { McpResourceSource } from './types.js';

const inputSchema = lazySchema(() =>
  z.object({
    server: z.string().describe('The MCP server that offers the resource'),
    uri: z.string().describe('The URI of the resource, as ListMcpResources showed it'),
  }),
);

type Output = { uri: string; blocks: Array<TextBlockParam | ImageBlockParam> };

export const READ_MCP_RESOURCE_PROMPT = `Reads one resource from an MCP server, given the server's name and the resource's URI (see ListMcpResources).`;

export function createReadMcpResourceTool(source: McpResourceSource): Tool<ReturnType<typeof inputSchema>, Output> {
  return {
    name: 'ReadMcpResource',
    get inputSchema() {
      return inputSchema();
    },
    maxResultSizeChars: 100_000,
    description: () => 'Read a resource from an MCP server',
    prompt: () => READ_MCP_RESOURCE_PROMPT,
    isEnabled: () => true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => 'ReadMcpResource',
    describeUse: (input) => `${input.server ?? ''} ${input.uri ?? ''}`.trim(),
    checkPermissions: async () => ({ behavior: 'passthrough' }),
    async validateInput(input) {
      if (source.hasServer(input.server)) return { ok: true };
      return { ok: false, message: `There is no MCP server named "${input.server}".` };
    },
    async *call(input, ctx) {
      return { data: { uri: input.uri, blocks: await source.readResourceBlocks(input.server, input.uri, ctx.abortSignal) } };
    },
    toResultBlock: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: output.blocks.length > 0 ? output.blocks : `The resource ${output.uri} is empty.`,
    }),
    summarizeResult: (output) => `Read ${output.uri}`,
  };
}
