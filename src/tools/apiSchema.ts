// The API's view of a tool, derived from the tool itself: zod is the single source of the schema.
import * as z from 'zod';
import type { ApiTool } from '../api/types.js';
import type { AnyTool, ToolPromptContext } from './Tool.js';

type InputSchema = ApiTool['input_schema'];

/**
 * The built-in tools' schemas, converted by the build (scripts/toolSchemas.mjs) from the same
 * zod schemas with `zodInputSchema`, keyed by tool name: a run from dist/ neither builds a
 * built-in tool's zod schema nor converts it before the first request. Absent outside the build.
 */
declare const __PULSE_TOOL_INPUT_SCHEMAS__: Record<string, InputSchema> | undefined;

// A tool's schema never changes, so it is converted once per tool object; the prompt may
// depend on the context (which tools are present, interactive or not) and is asked each time.
const schemaCache = new WeakMap<AnyTool, InputSchema>();

/** The JSON Schema of a tool's zod input schema, as the API receives it. */
export function zodInputSchema(tool: AnyTool): InputSchema {
  // 'input' describes what the model may send: fields with defaults are optional.
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input' });
  if (schema.type !== 'object') {
    throw new Error(`Tool ${tool.name} must take an object as input, not ${String(schema.type)}`);
  }
  return { ...schema, type: 'object' };
}

// Only built-in tools carry zod schemas in a build: MCP tools pass their server's JSON Schema
// through, under `mcp__` names that no built-in tool has.
function precomputedSchemaOf(tool: AnyTool): InputSchema | undefined {
  if (typeof __PULSE_TOOL_INPUT_SCHEMAS__ === 'undefined') return undefined;
  return Object.hasOwn(__PULSE_TOOL_INPUT_SCHEMAS__, tool.name) ? __PULSE_TOOL_INPUT_SCHEMAS__[tool.name] : undefined;
}

function convertInputSchema(tool: AnyTool): InputSchema {
  if (tool.inputJSONSchema) {
    const { $schema: _givenDialect, ...given } = tool.inputJSONSchema;
    return { ...given, type: 'object' };
  }
  return precomputedSchemaOf(tool) ?? zodInputSchema(tool);
}

function inputSchemaOf(tool: AnyTool): InputSchema {
  const cached = schemaCache.get(tool);
  if (cached) return cached;
  const inputSchema = convertInputSchema(tool);
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
