// What the tool definitions of a request count, estimated as the JSON they are sent as: the
// same number as estimateTextTokens(JSON.stringify(tools)), without writing that JSON (~70 KB
// for the built-in tools, most of it their descriptions) each time a request is sized. A tool's
// schema object is made once per tool (tools/apiSchema.ts), so the length of a tool's JSON is
// kept beside it, with the name and description it was measured with.
import type { ApiTool } from '../api/types.js';
import { JSON_CHARS_PER_TOKEN } from './tokens.js';

type Measured = { name: string; description: string | undefined; length: number };

const measuredBySchema = new WeakMap<object, Measured>();

/** `{"name":…,"description":…,"input_schema":…}`: those members, in that order, as toApiTool makes them. */
function hasApiToolShape(tool: ApiTool): tool is ApiTool & { description: string } {
  const keys = Object.keys(tool);
  return keys.length === 3 && keys[0] === 'name' && keys[1] === 'description' && keys[2] === 'input_schema' && typeof tool.description === 'string';
}

/** Characters JSON writes as six (`\u001f`), and surrogates, which it may: JSON.stringify counts those. */
const WRITTEN_LONGER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/;
/** Characters JSON writes as two: `\"`, `\\`, `\n`, `\r`, `\t`. */
const ESCAPED = ['"', '\\', '\n', '\r', '\t'];

function occurrences(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}

/** JSON.stringify(text).length, without making the string when only two-character escapes occur. */
function stringJsonLength(text: string): number {
  if (WRITTEN_LONGER.test(text)) return JSON.stringify(text).length;
  return ESCAPED.reduce((length, character) => length + occurrences(text, character), text.length + 2);
}

/** `{"name":`, `,"description":`, `,"input_schema":` and `}`. */
const TOOL_PUNCTUATION = '{"name":,"description":,"input_schema":}'.length;

function jsonLengthOf(tool: ApiTool): number {
  if (!hasApiToolShape(tool)) return JSON.stringify(tool).length;
  const known = measuredBySchema.get(tool.input_schema);
  if (known && known.name === tool.name && known.description === tool.description) return known.length;
  const length =
    TOOL_PUNCTUATION + stringJsonLength(tool.name) + stringJsonLength(tool.description) + JSON.stringify(tool.input_schema).length;
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
