// The second reading of frontmatter that strict YAML refused. Published agents and skills write
// descriptions such as `description: Use when: the user asks` (an unquoted ": "), or run a
// description over many lines of `<example>` dialogue whose `user:` and `assistant:` lines look
// like keys. Here a line opens a new field only when it names a field these files use (and that
// field is not open yet); every other line continues the field before it. Each field is then
// read as YAML on its own, and as plain text when even that fails.
import { load } from 'js-yaml';

/** Fields of commands, skills, agents, output styles and rules, as the ecosystem writes them. */
const KNOWN_FIELDS = new Set([
  'name',
  'description',
  'when_to_use',
  'tools',
  'disallowedTools',
  'disallowed-tools',
  'allowed-tools',
  'model',
  'color',
  'permissionMode',
  'maxTurns',
  'skills',
  'mcpServers',
  'hooks',
  'memory',
  'background',
  'effort',
  'isolation',
  'initialPrompt',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'context',
  'agent',
  'paths',
  'shell',
  'version',
  'license',
  'metadata',
  'keep-coding-instructions',
]);

const FIELD_LINE = /^([A-Za-z_][\w-]*):(?:[ \t]+(.*)|[ \t]*)$/;
const BLOCK_INDICATOR = /^[|>][+-]?$/;

type Field = { key: string; firstValue: string; rest: string[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function yamlOf(field: Field): Record<string, unknown> | undefined {
  const chunk = [`${field.key}:${field.firstValue === '' ? '' : ` ${field.firstValue}`}`, ...field.rest].join('\n');
  try {
    const value: unknown = load(chunk);
    return isRecord(value) && field.key in value ? value : undefined;
  } catch {
    return undefined;
  }
}

function dedent(lines: readonly string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((line) => line.slice(common));
}

/** The field as written: the rest of its first line, then its other lines, trimmed at both ends. */
function textOf(field: Field): string {
  const first = BLOCK_INDICATOR.test(field.firstValue) ? '' : field.firstValue;
  const lines = [first, ...(first === '' ? dedent(field.rest) : field.rest)].map((line) => line.trimEnd());
  return lines.join('\n').trim();
}

function splitFields(yaml: string): Field[] | undefined {
  const fields: Field[] = [];
  const opened = new Set<string>();
  for (const line of yaml.split('\n')) {
    const match = FIELD_LINE.exec(line);
    const key = match?.[1];
    const current = fields.at(-1);
    const opensField = key !== undefined && (current === undefined || (KNOWN_FIELDS.has(key) && !opened.has(key)));
    if (opensField) {
      fields.push({ key, firstValue: (match?.[2] ?? '').trim(), rest: [] });
      opened.add(key);
      continue;
    }
    if (current) {
      current.rest.push(line);
      continue;
    }
    // Text before any field: not frontmatter anyone meant to be read as fields.
    if (line.trim() !== '' && !line.trimStart().startsWith('#')) return undefined;
  }
  return fields.length > 0 ? fields : undefined;
}

/** The fields of a frontmatter block strict YAML refused, or undefined when it has none. */
export function readLeniently(yaml: string): Record<string, unknown> | undefined {
  const fields = splitFields(yaml);
  if (!fields) return undefined;
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const parsed = yamlOf(field);
    if (!parsed) {
      data[field.key] = textOf(field);
      continue;
    }
    // A field read as YAML may carry the unknown keys that followed it; the first reading wins.
    for (const [key, value] of Object.entries(parsed)) if (!(key in data)) data[key] = value;
  }
  return data;
}
