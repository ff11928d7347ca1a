// What the tool definitions of a request count, estimated as the JSON they are sent as: the
// same number as estimateTextTokens(JSON.stringify(tools)), without writing that JSON (~70 KB
// for the built-in tools) every time a request is sized. A tool's schema object is made once
// per tool (tools/apiSchema.ts), so the length of a tool's JSON is kept beside it, with the name
// and description it was measured with.
import type { ApiTool } from '../api/types.js';
import { JSON_CHARS_PER_TOKEN } from './tokens.js';

type Measured = { name: string; description: string | undefined; length: number };

const measuredBySchema = new WeakMap<object, Measured>();

/** `{"name":…,"description":…,"input_schema":…}`: those members, in that order, as toApiTool makes them. */
function hasApiToolShape(tool: ApiTool): boolean {
  const keys = Object.keys(tool);
  return keys.length === 3 && keys[0] === 'name' && keys[1] === 'description' && keys[2] === 'input_schema';
}

function jsonLengthOf(tool: ApiTool): number {
  if (!hasApiToolShape(tool)) return JSON.stringify(tool).length;
  const known = measuredBySchema.get(tool.input_schema);
  if (known && known.name === tool.name && known.description === tool.description) return known.length;
  const length = JSON.stringify(tool).length;
  measuredBySchema.set(tool.input_schema, { name: tool.name, description: tool.description, length });
  return length;
}

export function estimateApiToolsTokens(tools: readonly ApiTool[]): number {
  // The brackets, and a comma between two tools.
  let length = 2 + Math.max(0, tools.length - 1);
  for (const tool of tools) length += jsonLengthOf(tool);
  // An array's JSON is counted as JSON.
  return Math.ceil(length / JSON_CHARS_PER_TOKEN);
}
