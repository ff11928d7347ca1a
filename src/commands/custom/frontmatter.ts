// The frontmatter of a command or skill file, read by the shared frontmatter reader and checked
// with zod. A file that fails either check is reported by path and skipped; the others still load.
import * as z from 'zod';
import { FrontmatterError, parseFrontmatter, type Frontmatter } from '../../utils/frontmatter.js';
import { lazySchema } from '../../utils/lazySchema.js';
import { parseRuleString, splitToolList } from '../../permissions/rules.js';
import type { RuleValue } from '../../types/permissions.js';

const toolList = lazySchema(() => z.union([z.string(), z.array(z.string())]));

export const commandFrontmatterSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    'argument-hint': z.union([z.string(), z.array(z.string())]).optional(),
    'allowed-tools': toolList().optional(),
    model: z.string().optional(),
    'disable-model-invocation': z.boolean().optional(),
  }),
);
export type CommandFrontmatter = z.infer<ReturnType<typeof commandFrontmatterSchema>>;

export type ParsedCommandFile = { frontmatter: CommandFrontmatter; body: string };

export class CommandFileError extends Error {}

export function parseCommandFile(path: string, text: string): ParsedCommandFile {
  let parsed: Frontmatter;
  try {
    parsed = parseFrontmatter(text);
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    throw new CommandFileError(`${path}: ${error.message}; this file was skipped`);
  }
  const checked = commandFrontmatterSchema().safeParse(parsed.data);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || 'frontmatter'}: ${issue.message}`);
    throw new CommandFileError(`${path}: bad frontmatter (${problems.join('; ')}); this file was skipped`);
  }
  return { frontmatter: checked.data, body: parsed.body };
}

/** `allowed-tools` as rules; entries that are not rules are reported rather than dropped silently. */
export function allowedToolRules(path: string, value: CommandFrontmatter['allowed-tools']): RuleValue[] {
  if (value === undefined) return [];
  return splitToolList(value).map((text) => {
    const rule = parseRuleString(text);
    if (!rule) throw new CommandFileError(`${path}: allowed-tools entry "${text}" is not a tool rule; this file was skipped`);
    return rule;
  });
}

export function argumentHintOf(value: CommandFrontmatter['argument-hint']): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(' ') : value;
}

/** The first line of prose, for files without a description. */
export function firstLineOf(body: string): string | undefined {
  const line = body
    .split('\n')
    .map((text) => text.replace(/^#+\s*/, '').trim())
    .find((text) => text !== '');
  if (line === undefined) return undefined;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
