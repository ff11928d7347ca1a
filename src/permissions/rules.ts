// Rule strings as people write them in settings and flags: `Tool` or `Tool(specifier)`.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import type { PermissionBehavior, PermissionRule, RuleSource, RuleValue } from '../types/permissions.js';

/** Index of the first `(` not preceded by an escaping backslash, or -1. */
function firstUnescapedParen(text: string): number {
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\\') {
      index++;
      continue;
    }
    if (text[index] === '(') return index;
  }
  return -1;
}

function endsWithUnescapedParen(text: string): boolean {
  if (!text.endsWith(')')) return false;
  let backslashes = 0;
  for (let index = text.length - 2; index >= 0 && text[index] === '\\'; index--) backslashes++;
  return backslashes % 2 === 0;
}

export function unescapeRuleContent(content: string): string {
  return content.replace(/\\([()\\])/g, '$1');
}

export function escapeRuleContent(content: string): string {
  return content.replace(/\\/g, '\\\\').replace(/[()]/g, (paren) => `\\${paren}`);
}

/**
 * `Bash(npm test:*)` → `{toolName: 'Bash', ruleContent: 'npm test:*'}`; `Bash(*)` ≡ `Bash`.
 * Undefined when the text is not a rule (empty, no tool name, unbalanced parentheses), so a
 * typo never becomes a rule that silently matches nothing.
 */
export function parseRuleString(rule: string): RuleValue | undefined {
  const text = rule.trim();
  const open = firstUnescapedParen(text);
  if (open === -1) return text !== '' && !text.includes(')') ? { toolName: text } : undefined;
  if (!endsWithUnescapedParen(text)) return undefined;
  const toolName = text.slice(0, open).trim();
  if (toolName === '') return undefined;
  const content = unescapeRuleContent(text.slice(open + 1, -1));
  if (content.trim() === '' || content.trim() === '*') return { toolName };
  return { toolName, ruleContent: content };
}

/** Every well-formed rule in the list, tagged; malformed ones are left out. */
function parsedRules(texts: readonly string[], behavior: PermissionBehavior, source: RuleSource): PermissionRule[] {
  return texts.flatMap((text) => {
    const value = parseRuleString(text);
    return value ? [{ ...value, behavior, source }] : [];
  });
}

export function formatRule(rule: RuleValue): string {
  if (rule.ruleContent === undefined) return rule.toolName;
  return `${rule.toolName}(${escapeRuleContent(rule.ruleContent)})`;
}

export const permissionRulesInputSchema = lazySchema(() =>
  z.object({
    allow: z.array(z.string()).optional(),
    deny: z.array(z.string()).optional(),
    ask: z.array(z.string()).optional(),
  }),
);
export type PermissionRulesInput = z.infer<ReturnType<typeof permissionRulesInputSchema>>;

const BEHAVIORS: readonly PermissionBehavior[] = ['deny', 'ask', 'allow'];

/** Rules from a settings `permissions` block, deny first; unknown keys are ignored, bad shapes throw. */
export function rulesFromSettings(input: unknown, source: RuleSource): PermissionRule[] {
  // Most sources have no block: no rules, and no schema to build.
  if (input === undefined || input === null) return [];
  const parsed = permissionRulesInputSchema().parse(input);
  return BEHAVIORS.flatMap((behavior) => parsedRules(parsed[behavior] ?? [], behavior, source));
}

/**
 * Splits `--allowedTools "Bash(git log:*) Edit,Read"` into rule strings: commas and spaces
 * separate rules except inside parentheses.
 */
export function splitToolList(list: string | readonly string[]): string[] {
  const inputs = typeof list === 'string' ? [list] : list;
  const rules: string[] = [];
  for (const input of inputs) {
    let depth = 0;
    let current = '';
    for (let index = 0; index < input.length; index++) {
      const c = input[index] as string;
      if (c === '\\' && index + 1 < input.length) {
        current += c + input[index + 1];
        index++;
        continue;
      }
      if (c === '(') depth++;
      if (c === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (c === ',' || /\s/.test(c))) {
        if (current.trim() !== '') rules.push(current.trim());
        current = '';
        continue;
      }
      current += c;
    }
    if (current.trim() !== '') rules.push(current.trim());
  }
  return rules;
}

/** Rules from `--allowedTools` / `--disallowedTools`. */
export function rulesFromCliFlags(flags: {
  allowedTools?: string | readonly string[];
  disallowedTools?: string | readonly string[];
}): PermissionRule[] {
  const build = (list: string | readonly string[] | undefined, behavior: PermissionBehavior): PermissionRule[] =>
    list === undefined ? [] : parsedRules(splitToolList(list), behavior, 'cliArg');
  return [...build(flags.disallowedTools, 'deny'), ...build(flags.allowedTools, 'allow')];
}
