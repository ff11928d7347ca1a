// Permission rules as written in settings (`Bash(npm test:*)`) and as the engine uses them,
// each remembering the settings source it came from.
import { isAbsolute, join } from 'node:path';
import type { PermissionBehavior, PermissionRule, RuleValue } from '../../types/permissions.js';
import { claudeConfigDir } from '../../utils/configDir.js';
import type { Settings } from './schema.js';
import { SETTING_SOURCES, type SettingSource } from './sources.js';

const BEHAVIORS: readonly PermissionBehavior[] = ['deny', 'ask', 'allow'];

/** Tools whose rule content is a path pattern, where a leading `/` means "from the settings' root". */
const PATH_RULE_TOOLS = new Set(['Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** `Tool` or `Tool(content)`; `\(`, `\)` and `\\` escape inside the content. Undefined if malformed. */
export function parseRuleString(rule: string): RuleValue | undefined {
  const text = rule.trim();
  const open = firstUnescaped(text, '(');
  if (open === -1) return text && !text.includes(')') ? { toolName: text } : undefined;
  if (!text.endsWith(')') || isEscaped(text, text.length - 1)) return undefined;
  const toolName = text.slice(0, open).trim();
  if (!toolName) return undefined;
  const content = unescapeContent(text.slice(open + 1, -1));
  // `Bash()` and `Bash(*)` both mean the whole tool.
  if (content === '' || content === '*') return { toolName };
  return { toolName, ruleContent: content };
}

export function formatRuleValue(rule: RuleValue): string {
  if (rule.ruleContent === undefined) return rule.toolName;
  const escaped = rule.ruleContent.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  return `${rule.toolName}(${escaped})`;
}

/**
 * Every permission rule from every source, tagged with its source. Path rules that start with a
 * single `/` are anchored to the folder they are relative to (project root, or the user config
 * folder for user settings) and rewritten to the absolute `//path` form, so the engine does not
 * need to know where each rule was written. Malformed rules are skipped.
 */
export function rulesFromSettings(
  bySource: Partial<Record<SettingSource, Settings>>,
  projectRoot: string,
): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const source of SETTING_SOURCES) {
    const permissions = bySource[source]?.permissions;
    if (!permissions) continue;
    const root = source === 'userSettings' ? claudeConfigDir() : projectRoot;
    for (const behavior of BEHAVIORS) {
      for (const text of permissions[behavior] ?? []) {
        const value = parseRuleString(text);
        if (value) rules.push({ ...anchorPathRule(value, root), behavior, source });
      }
    }
  }
  return rules;
}

function anchorPathRule(rule: RuleValue, root: string): RuleValue {
  const content = rule.ruleContent;
  if (!content || !PATH_RULE_TOOLS.has(rule.toolName)) return rule;
  if (!content.startsWith('/') || content.startsWith('//')) return rule;
  const anchored = join(root, content);
  return { toolName: rule.toolName, ruleContent: isAbsolute(anchored) ? `/${anchored}` : content };
}

function firstUnescaped(text: string, char: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === char && !isEscaped(text, i)) return i;
  }
  return -1;
}

function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

function unescapeContent(content: string): string {
  return content.replace(/\\([\\()])/g, '$1');
}
