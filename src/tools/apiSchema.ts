// The API's view of a tool, derived from the tool itself: zod is the single source of the schema.
import { z } from 'zod';
import type { ApiTool } from '../api/types.js';
import type { AnyTool, ToolPromptContext } from './Tool.js';

type InputSchema = ApiTool['input_schema'];

// A tool's schema never changes, so it is converted once per tool object; the prompt may
// depend on the context (which tools are present, interactive or not) and is asked each time.
const schemaCache = new WeakMap<AnyTool, InputSchema>();

function inputSchemaOf(tool: AnyTool): InputSchema {
  const cached = schemaCache.get(tool);
  if (cached) return cached;
  if (tool.inputJSONSchema) {
    const { $schema: _givenDialect, ...given } = tool.inputJSONSchema;
    const passed: InputSchema = { ...given, type: 'object' };
    schemaCache.set(tool, passed);
    return passed;
  }
  // 'input' describes what the model may send: fields with defaults are optional.
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input' });
  if (schema.type !== 'object') {
    throw new Error(`Tool ${tool.name} must take an object as input, not ${String(schema.type)}`);
  }
  const inputSchema: InputSchema = { ...schema, type: 'object' };
  schemaCache.set(tool, inputSchema);
  return inputSchema;
}

export async function toApiTool(tool: AnyTool, ctx: ToolPromptContext): Promise<ApiTool> {
  return {
    name: tool.name,
    description: await tool.prompt(ctx),
    input_schema: inputSchemaOf(tool),
  };
}

export function toApiTools(tools: readonly AnyTool[], ctx: ToolPromptContext): Promise<ApiTool[]> {
  return Promise.all(tools.map((tool) => toApiTool(tool, ctx)));
}
