// Parses a tool call's input with the tool's own zod schema and, when it does not fit, explains
// each problem in words the model can act on ("the required parameter `file_path` is missing").
import type * as z from 'zod';

type Issue = z.ZodError['issues'][number];
type PathKey = PropertyKey;

export type ParsedInput =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; problems: string[] };

export function parseToolInput(schema: z.ZodType, raw: unknown): ParsedInput {
  const result = schema.safeParse(raw);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((issue) => describeIssue(issue, raw)) };
  }
  if (!isRecord(result.data)) {
    return { ok: false, problems: ['the input must be an object of named parameters'] };
  }
  return { ok: true, input: result.data };
}

export function formatValidationError(toolName: string, problems: readonly string[]): string {
  const lines = problems.map((problem) => `- ${problem}`).join('\n');
  return `InputValidationError: ${toolName} was called with input it cannot accept:\n${lines}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formatPath(path: readonly PathKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function describeIssue(issue: Issue, raw: unknown): string {
  const name = `\`${formatPath(issue.path)}\``;
  const subject = issue.path.length === 0 ? 'the input' : `the parameter ${name}`;
  switch (issue.code) {
    case 'invalid_type': {
      const actual = valueAt(raw, issue.path);
      if (actual === undefined && issue.path.length > 0) return `the required parameter ${name} is missing`;
      return `${subject} should be ${issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}, not ${describeValue(actual)}`;
    }
    case 'unrecognized_keys':
      return issue.keys
        .map((key) => `the parameter \`${formatPath([...issue.path, key])}\` is not one this tool takes`)
        .join('; ');
    case 'invalid_value':
      return `${subject} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${subject} is not valid: ${issue.message}`;
  }
}
