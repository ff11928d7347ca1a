// The one frontmatter reader for Markdown configuration (commands, skills, agents, rules): a
// `---` block of YAML, then the body. Published files often hold YAML that a strict parser
// refuses (an unquoted `: ` inside a description, `<example>` blocks); those are read again
// leniently, field by field, the way the reference reads them. Only data is ever read: no YAML
// type or frontmatter language can run code.
import { load } from 'js-yaml';
import { stripBom } from './bom.js';
import { readLeniently } from './lenientFrontmatter.js';

export type Frontmatter = {
  data: Record<string, unknown>;
  body: string;
  /** True when strict YAML refused the block and the lenient reading supplied `data`. */
  lenient: boolean;
};

export class FrontmatterError extends Error {}

/** An opening `---` line, the block, then a closing `---` line (or the end of the file). */
const BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The YAML between the fences and the text after them; no block gives undefined. */
export function splitFrontmatter(text: string): { yaml: string; body: string } | undefined {
  const source = stripBom(text);
  if (!source.startsWith('---')) return undefined;
  const match = BLOCK.exec(source);
  if (!match) return undefined;
  return { yaml: (match[1] ?? '').replace(/\r\n/g, '\n'), body: source.slice(match[0].length) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'unreadable YAML';
}

/** Parses one YAML document; a value that is not a mapping is reported, not guessed at. */
export function parseYamlMapping(yaml: string): Record<string, unknown> {
  const value: unknown = load(yaml);
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new FrontmatterError('the frontmatter is not a list of "key: value" fields');
  return value;
}

/** Throws FrontmatterError (one line) when neither strict YAML nor the lenient reading can make sense of it. */
export function parseFrontmatter(text: string): Frontmatter {
  const split = splitFrontmatter(text);
  if (!split) return { data: {}, body: stripBom(text), lenient: false };
  if (split.yaml.trim() === '') return { data: {}, body: split.body, lenient: false };
  try {
    return { data: parseYamlMapping(split.yaml), body: split.body, lenient: false };
  } catch (error) {
    const data = readLeniently(split.yaml);
    if (data === undefined) throw new FrontmatterError(`the frontmatter is not valid YAML (${firstLine(error)})`);
    return { data, body: split.body, lenient: true };
  }
}
