// An MCP server's tool as a Pulse tool. The server's JSON Schema goes to the API unchanged and
// is checked on every call; zod only insists on an object. `readOnlyHint` lets calls run side by
// side; everything else runs alone, as the reference does.
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { CallToolResult, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import type { Tool, ToolUseContext, ValidationResult } from '../tools/Tool.js';
import { mcpToolName } from './names.js';
import { capResultBlocks, mapMcpContent, type McpResultBlock } from './results.js';

/** What an adapted tool needs from the manager. */
export type McpToolCaller = {
  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult>;
  maxOutputTokens(): number;
};

export type McpToolOutput = { blocks: McpResultBlock[]; isError: boolean };

const McpInputSchema = lazySchema(() => z.looseObject({}));
type McpInput = z.infer<ReturnType<typeof McpInputSchema>>;

/** Long server descriptions crowd the context; the reference keeps the first 2,048 characters. */
const MAX_DESCRIPTION_CHARS = 2_048;

// ajv loads with the first call to check: it is slow to load and many sessions never need it.
let validators: Promise<AjvJsonSchemaValidator> | undefined;

async function compileValidator(schema: McpToolDefinition['inputSchema']): Promise<JsonSchemaValidator<unknown> | undefined> {
  try {
    validators ??= import('@modelcontextprotocol/sdk/validation/ajv').then((ajv) => new ajv.AjvJsonSchemaValidator());
    return (await validators).getValidator(schema as JsonSchemaType);
  } catch {
    // A schema ajv cannot compile is the server's problem; the server still checks its input.
    return undefined;
  }
}

function resultBlocks(result: CallToolResult): McpResultBlock[] {
  const blocks = result.content.map(mapMcpContent);
  if (blocks.length === 0 && result.structuredContent !== undefined) {
    return [{ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) }];
  }
  return blocks;
}

export function createMcpTool(server: string, definition: McpToolDefinition, caller: McpToolCaller): Tool<ReturnType<typeof McpInputSchema>, McpToolOutput> {
  const readOnly = definition.annotations?.readOnlyHint === true;
  const label = definition.annotations?.title ?? definition.title ?? definition.name;
  let validator: JsonSchemaValidator<unknown> | undefined | null = null;
  const { $schema: _dialect, ...schema } = definition.inputSchema as McpToolDefinition['inputSchema'] & { $schema?: unknown };

  return {
    name: mcpToolName(server, definition.name),
    get inputSchema() {
      return McpInputSchema();
    },
    inputJSONSchema: { ...schema, type: 'object' },
    description: () => `${label} (from the MCP server "${server}")`,
    prompt: () => {
      const text = definition.description ?? '';
      return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS)}… [description cut]` : text;
    },
    isEnabled: () => true,
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    async validateInput(input: McpInput): Promise<ValidationResult> {
      if (validator === null) validator = await compileValidator(definition.inputSchema);
      if (!validator) return { ok: true };
      const verdict = validator(input);
      return verdict.valid ? { ok: true } : { ok: false, message: `Input does not match the tool's schema: ${verdict.errorMessage}` };
    },
    checkPermissions: async () => ({ behavior: 'passthrough' }),
    async *call(input: McpInput, ctx: ToolUseContext) {
      const result = await caller.callTool(server, definition.name, input, ctx.abortSignal);
      const blocks = capResultBlocks(resultBlocks(result), caller.maxOutputTokens());
      return { data: { blocks, isError: result.isError === true } };
    },
    toResultBlock: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: output.blocks.length > 0 ? output.blocks : '(the tool returned no content)',
      ...(output.isError ? { is_error: true } : {}),
    }),
    maxResultSizeChars: 100_000,
    userFacingName: () => `${server} - ${label} (MCP)`,
    describeUse: (input) => {
      const text = JSON.stringify(input);
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    },
    summarizeResult: (output) => (output.isError ? 'The tool reported an error' : `Returned ${output.blocks.length} block(s)`),
  };
}
