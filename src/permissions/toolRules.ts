// Which rules speak about a given tool call: whole-tool rules by name (with the Edit family and
// MCP server-wide forms), and content rules by what the call touches (command, path, domain).
import type { AnyTool, ToolUseContext } from '../tools/Tool.js';
import { toolMatchesName } from '../tools/Tool.js';
import type { PermissionBehavior, PermissionRule } from '../types/permissions.js';
import { isEditTool } from './toolFamilies.js';

/** What a call touches, worked out once per resolution. */
export type CallSubject = {
  tool: AnyTool;
  input: Record<string, unknown>;
  ctx: ToolUseContext;
  /** The Bash command, when the tool is Bash. */
  command?: string;
  /** The absolute file path the call reads or writes, when it has one. */
  path?: string;
};

const escapeRegex = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function mcpRuleMatches(ruleName: string, toolName: string, behavior: PermissionBehavior): boolean {
  if (!ruleName.startsWith('mcp__') || !toolName.startsWith('mcp__')) return false;
  if (!ruleName.includes('*')) {
    // `mcp__server` names every tool of that server.
    return !ruleName.slice(5).includes('__') && toolName.startsWith(`${ruleName}__`);
  }
  // Allow globs need a literal server name first; deny and ask may be as broad as they like.
  if (behavior === 'allow' && !/^mcp__[^*]+?__/.test(ruleName)) return false;
  const regex = new RegExp(`^${ruleName.split('*').map(escapeRegex).join('.*')}$`);
  return regex.test(toolName);
}

/** Whether a rule without content names this tool. */
export function ruleNamesTool(rule: PermissionRule, tool: AnyTool): boolean {
  if (toolMatchesName(tool, rule.toolName)) return true;
  if (rule.toolName === 'Edit' && isEditTool(tool.name)) return true;
  return mcpRuleMatches(rule.toolName, tool.name, rule.behavior);
}

function hostnameOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function domainRuleMatches(content: string, url: unknown, behavior: PermissionBehavior): boolean {
  if (!content.startsWith('domain:')) return false;
  const host = hostnameOf(url);
  if (host === undefined) return false;
  const domain = content.slice('domain:'.length).trim().toLowerCase();
  if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
  if (host === domain) return true;
  // A denied domain also covers its subdomains; an allowed one does not.
  return behavior !== 'allow' && host.endsWith(`.${domain}`);
}

function matchesNamedField(content: string, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (content.endsWith(':*')) return value === content.slice(0, -2) || value.startsWith(content.slice(0, -2));
  return value === content;
}

/** Content rules other than Bash commands and file paths. */
function otherContentMatches(rule: PermissionRule, subject: CallSubject): boolean {
  const content = rule.ruleContent as string;
  const { tool, input } = subject;
  if (tool.name === 'WebFetch') return domainRuleMatches(content, input.url, rule.behavior);
  if (tool.name === 'Agent') return matchesNamedField(content, input.subagent_type ?? 'general-purpose');
  if (tool.name === 'Skill') return matchesNamedField(content, input.skill);
  return false;
}

/**
 * The first deny or ask rule that applies to a call other than a command or a path (those have
 * the Bash engine and the path decision): a whole-tool rule, or a domain or named-field rule.
 */
export function findRestrictingRule(rules: readonly PermissionRule[], subject: CallSubject): PermissionRule | undefined {
  const whole = rules.find((rule) => rule.ruleContent === undefined && ruleNamesTool(rule, subject.tool));
  if (whole) return whole;
  return rules.find((rule) => rule.ruleContent !== undefined && ruleNamesTool(rule, subject.tool) && otherContentMatches(rule, subject));
}

/** A whole-tool allow rule, or a content rule for a call that is neither Bash nor a file path. */
export function findAllowingRule(rules: readonly PermissionRule[], subject: CallSubject): PermissionRule | undefined {
  const whole = rules.find((rule) => rule.ruleContent === undefined && ruleNamesTool(rule, subject.tool));
  if (whole) return whole;
  if (subject.command !== undefined || subject.path !== undefined) return undefined;
  return rules.find(
    (rule) => rule.ruleContent !== undefined && ruleNamesTool(rule, subject.tool) && otherContentMatches(rule, subject),
  );
}
