// /permissions: the allow, ask and deny rules in force, where each came from, and adding or
// removing one. Changes go through the session's one permission updater, which also rewrites the
// settings file a rule belongs to.
import { formatRule, parseRuleString } from '../permissions/rules.js';
import type { PermissionBehavior, PermissionRule, RuleSource, ToolPermissionContext } from '../types/permissions.js';
import type { CommandContext, LocalCommand } from './types.js';

const SOURCE_LABELS: Readonly<Record<RuleSource, string>> = {
  userSettings: 'user',
  projectSettings: 'project',
  localSettings: 'local',
  flagSettings: '--settings',
  policySettings: 'policy',
  cliArg: 'cli',
  command: 'command',
  session: 'session',
};

const GROUPS: ReadonlyArray<{ behavior: PermissionBehavior; title: string }> = [
  { behavior: 'deny', title: 'Deny' },
  { behavior: 'ask', title: 'Ask' },
  { behavior: 'allow', title: 'Allow' },
];

function isBehavior(value: string | undefined): value is PermissionBehavior {
  return value === 'allow' || value === 'ask' || value === 'deny';
}

/** Where a rule added with `/permissions add` is kept: the project's own, uncommitted settings. */
const ADD_DESTINATION: RuleSource = 'localSettings';

const USAGE = [
  'Remove one: /permissions remove <number or rule>',
  'Add one:    /permissions add allow|ask|deny <rule>   (saved to .claude/settings.local.json)',
].join('\n');

/** Every rule in the order the list shows and numbers them: deny, then ask, then allow. */
export function numberedRules(context: ToolPermissionContext): PermissionRule[] {
  return GROUPS.flatMap(({ behavior }) => context.rules.filter((rule) => rule.behavior === behavior));
}

export function formatRuleList(context: ToolPermissionContext): string {
  const rules = numberedRules(context);
  if (rules.length === 0) return `Permission mode: ${context.mode}\nNo permission rules.\n\n${USAGE}`;
  const lines = [`Permission mode: ${context.mode}`];
  let number = 0;
  for (const group of GROUPS) {
    const members = rules.filter((rule) => rule.behavior === group.behavior);
    if (members.length === 0) continue;
    lines.push('', `${group.title}:`);
    for (const rule of members) {
      number += 1;
      lines.push(`  ${String(number).padStart(2)}. ${formatRule(rule)}  (${SOURCE_LABELS[rule.source]})`);
    }
  }
  return [...lines, '', USAGE].join('\n');
}

/** The rule `/permissions remove` means: a list number, or rule text that matches exactly one rule. */
export function findRuleToRemove(context: ToolPermissionContext, typed: string): PermissionRule | string {
  const rules = numberedRules(context);
  if (/^\d+$/.test(typed)) {
    return rules[Number(typed) - 1] ?? `There is no rule number ${typed}; /permissions lists them.`;
  }
  const value = parseRuleString(typed);
  if (!value) return `"${typed}" is not a rule (e.g. Bash(npm test:*) or WebFetch).`;
  const matches = rules.filter((rule) => formatRule(rule) === formatRule(value));
  const [only] = matches;
  if (only === undefined) return `No rule ${formatRule(value)} is in force.`;
  if (matches.length > 1) return `${formatRule(value)} is listed ${matches.length} times; remove it by its number.`;
  return only;
}

async function removeRule(ctx: CommandContext, permissions: NonNullable<CommandContext['permissions']>, typed: string): Promise<void> {
  const rule = findRuleToRemove(permissions.get(), typed);
  if (typeof rule === 'string') return ctx.print(rule);
  if (rule.source === 'policySettings') return ctx.print(`${formatRule(rule)} is set by managed policy and cannot be removed here.`);
  const { behavior, source, ...value } = rule;
  await permissions.update([{ type: 'removeRules', rules: [value], behavior, destination: source }]);
  const where =
    source === 'userSettings' || source === 'projectSettings' || source === 'localSettings'
      ? `its ${SOURCE_LABELS[source]} settings file`
      : 'this session (it was not read from a settings file Pulse edits)';
  ctx.print(`Removed ${behavior} rule ${formatRule(rule)} from ${where}.`);
}

async function addRule(ctx: CommandContext, permissions: NonNullable<CommandContext['permissions']>, rest: string): Promise<void> {
  const match = /^(\S+)\s+([\s\S]+)$/.exec(rest);
  const behavior = match?.[1]?.toLowerCase();
  const value = match?.[2] ? parseRuleString(match[2]) : undefined;
  if (!isBehavior(behavior) || !value) return ctx.print('Usage: /permissions add allow|ask|deny <rule>');
  await permissions.update([{ type: 'addRules', rules: [value], behavior, destination: ADD_DESTINATION }]);
  ctx.print(`Added ${behavior} rule ${formatRule(value)} (saved to the project's local settings).`);
}

export const permissionsCommand: LocalCommand = {
  name: 'permissions',
  description: 'List the allow/ask/deny rules, or add and remove one',
  aliases: ['allowed-tools'],
  argumentHint: '[add allow|ask|deny <rule> | remove <number or rule>]',
  async run(ctx, args) {
    const permissions = ctx.permissions;
    if (!permissions) return ctx.print('Permission rules are not available here.');
    const [verb = '', ...restWords] = args.trim().split(/\s+/);
    const rest = args.trim().slice(verb.length).trim();
    if (verb === '') return ctx.print(formatRuleList(permissions.get()));
    if (verb === 'remove' && restWords.length > 0) return removeRule(ctx, permissions, rest);
    if (verb === 'add') return addRule(ctx, permissions, rest);
    ctx.print(USAGE);
  },
};
