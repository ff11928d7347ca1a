// The one place that decides whether a tool call may run: deny rules, ask rules, the tool's own
// opinion, protected paths, the mode, allow rules, and finally a question for the person.
// Deny always wins; nothing later in the chain can undo an earlier deny or ask.
import { resolve as resolvePath } from 'node:path';
import type { AnyTool, ToolUseContext } from '../tools/Tool.js';
import type { PermissionDecision, PermissionRule, ToolPermissionContext } from '../types/permissions.js';
import { checkBashAllowed, type BashWhere } from './bash/match.js';
import { isAcceptedFileSystemCommand } from './bash/fileCommands.js';
import { noteAllowed, reviewInAutoMode } from './auto/review.js';
import { isReadOnlyCommand } from './bash/readOnly.js';
import { isInsideWorkingDirectories, resolveRealPath } from './paths.js';
import { isProtectedPath } from './protectedPaths.js';
import { formatRule } from './rules.js';
import { bashSuggestions, editSuggestions, readSuggestions, toolSuggestions } from './suggestions.js';
import { isEditTool, isReadTool } from './toolFamilies.js';
import { findAllowingRule, findRestrictingRule, ruleNamesTool, type CallSubject } from './toolRules.js';

export { applyPermissionUpdate, applyPermissionUpdates, permissionModeFromFlags } from './updates.js';

type Ask = Extract<PermissionDecision, { behavior: 'ask' }>;
type Allow = Extract<PermissionDecision, { behavior: 'allow' }>;

export const PLAN_MODE_MESSAGE =
  'Plan mode only allows read-only actions, so this call was refused. Finish exploring and present the plan instead.';

function describeRule(rule: PermissionRule): string {
  return `${formatRule(rule)} (${rule.source})`;
}

function subjectOf(tool: AnyTool, input: Record<string, unknown>, ctx: ToolUseContext): CallSubject {
  const subject: CallSubject = { tool, input, ctx };
  if (tool.name === 'Bash' && typeof input.command === 'string') subject.command = input.command;
  const given = tool.getPath ? tool.getPath(input, ctx) : pathFromKnownFields(tool, input);
  const path = given ?? (isReadTool(tool.name) ? ctx.getCwd() : undefined);
  if (path !== undefined) subject.path = resolvePath(ctx.getCwd(), path);
  return subject;
}

/** For file tools that do not implement getPath: the usual input field names. */
function pathFromKnownFields(tool: AnyTool, input: Record<string, unknown>): string | undefined {
  if (!isReadTool(tool.name) && !isEditTool(tool.name)) return undefined;
  const value = input.file_path ?? input.notebook_path ?? input.path;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isReadOnlyCall(subject: CallSubject): boolean {
  if (!subject.tool.isReadOnly(subject.input)) return false;
  return subject.command === undefined || isReadOnlyCommand(subject.command);
}

function isProtectedWrite(subject: CallSubject): boolean {
  if (subject.path === undefined || subject.tool.isReadOnly(subject.input)) return false;
  return isProtectedPath(subject.path) || isProtectedPath(resolveRealPath(subject.path));
}

function rulesBy(permissions: ToolPermissionContext, behavior: PermissionRule['behavior']): PermissionRule[] {
  return permissions.rules.filter((rule) => rule.behavior === behavior);
}

function allow(reason: string, updatedInput: Record<string, unknown> | undefined): Allow {
  return updatedInput === undefined ? { behavior: 'allow', reason } : { behavior: 'allow', updatedInput, reason };
}

function whereOf(subject: CallSubject, permissions: ToolPermissionContext): BashWhere {
  return { cwd: subject.ctx.getCwd(), workingDirectories: permissions.workingDirectories };
}

function acceptsEdit(subject: CallSubject, permissions: ToolPermissionContext): boolean {
  if (isEditTool(subject.tool.name) && subject.path !== undefined) {
    return isInsideWorkingDirectories(subject.path, permissions.workingDirectories);
  }
  if (subject.command === undefined) return false;
  return isAcceptedFileSystemCommand(subject.command, whereOf(subject, permissions));
}

/** Step 6: allow rules, then what needs no rule (reading inside the project, read-only commands). */
function allowedWithoutAsking(subject: CallSubject, permissions: ToolPermissionContext): string | undefined {
  const allowRules = rulesBy(permissions, 'allow');
  if (subject.command !== undefined) {
    const bashRules = allowRules.filter((rule) => ruleNamesTool(rule, subject.tool));
    const check = checkBashAllowed(subject.command, bashRules, whereOf(subject, permissions));
    if (check.allowed) {
      return check.rules.length > 0 ? `Allowed by ${check.rules.map(describeRule).join(', ')}` : 'Read-only command';
    }
    return undefined;
  }
  const rule = findAllowingRule(allowRules, subject);
  if (rule) return `Allowed by ${describeRule(rule)}`;
  if (subject.path !== undefined && isReadOnlyCall(subject)) {
    if (isInsideWorkingDirectories(subject.path, permissions.workingDirectories)) return 'Reading inside the working directories';
  }
  return undefined;
}

function finalAsk(subject: CallSubject, permissions: ToolPermissionContext): Ask {
  const { tool, input, path, command } = subject;
  const name = tool.userFacingName(input);
  if (command !== undefined) {
    const allowRules = rulesBy(permissions, 'allow').filter((rule) => ruleNamesTool(rule, tool));
    const check = checkBashAllowed(command, allowRules, whereOf(subject, permissions));
    const parts = check.allowed ? [] : check.partsNeedingApproval;
    const why = check.allowed ? '' : ` ${check.reason}`;
    return {
      behavior: 'ask',
      message: `${name} wants to run: ${command}.${why}`,
      suggestions: bashSuggestions(command, parts),
    };
  }
  if (path !== undefined) {
    const inside = isInsideWorkingDirectories(path, permissions.workingDirectories);
    if (isEditTool(tool.name)) {
      return {
        behavior: 'ask',
        message: inside ? `${name} wants to change ${path}.` : `${name} wants to change ${path}, outside the working directories.`,
        suggestions: editSuggestions(path, inside),
        blockedPath: path,
      };
    }
    const directory = tool.name === 'Read' ? resolvePath(path, '..') : path;
    return {
      behavior: 'ask',
      message: inside ? `${name} wants to use ${path}.` : `${name} wants to read ${path}, outside the working directories.`,
      suggestions: inside ? toolSuggestions({ toolName: tool.name }) : readSuggestions(directory),
      blockedPath: path,
    };
  }
  const suggestions =
    tool.name === 'WebFetch' && typeof input.url === 'string' && URL.canParse(input.url)
      ? toolSuggestions({ toolName: 'WebFetch', ruleContent: `domain:${new URL(input.url).hostname}` })
      : toolSuggestions({ toolName: tool.name });
  return { behavior: 'ask', message: `${name} needs your permission to run.`, suggestions };
}

async function decide(tool: AnyTool, input: Record<string, unknown>, ctx: ToolUseContext): Promise<PermissionDecision> {
  const permissions = ctx.getPermissionContext();
  const subject = subjectOf(tool, input, ctx);
  const name = tool.userFacingName(input);

  const denyRule = findRestrictingRule(rulesBy(permissions, 'deny'), subject);
  if (denyRule) {
    return { behavior: 'deny', message: `Permission to use ${name} has been denied by rule ${describeRule(denyRule)}.`, reason: 'rule' };
  }
  const askRule = findRestrictingRule(rulesBy(permissions, 'ask'), subject);
  if (askRule) {
    const ask: Ask = { behavior: 'ask', message: `${name} needs approval: rule ${describeRule(askRule)} asks for it.`, reason: 'rule' };
    return subject.path === undefined ? ask : { ...ask, blockedPath: subject.path };
  }

  const own = await tool.checkPermissions(input, ctx);
  if (own.behavior === 'deny') return own;
  // Plan mode refuses before any question: a refusal is stronger than an ask.
  if (permissions.mode === 'plan' && !isReadOnlyCall(subject)) {
    return { behavior: 'deny', message: PLAN_MODE_MESSAGE, reason: 'mode' };
  }
  if (own.behavior === 'ask') return own;
  const updatedInput = own.behavior === 'allow' ? own.updatedInput : undefined;
  if (isProtectedWrite(subject)) {
    return {
      behavior: 'ask',
      message: `${name} wants to change ${subject.path}, a protected file that configures git, the shell, the editor or Pulse. This always needs approval.`,
      reason: 'safetyCheck',
      blockedPath: subject.path as string,
    };
  }
  if (permissions.mode === 'bypassPermissions') return allow('bypassPermissions mode', updatedInput);
  if (own.behavior === 'allow') return allow(own.reason ?? 'Allowed by the tool', updatedInput);
  if (permissions.mode === 'acceptEdits' && acceptsEdit(subject, permissions)) return allow('acceptEdits mode', undefined);
  // Auto mode takes file edits inside the working directories without review; shell commands
  // that change files (rm, mv) are reviewed.
  if (permissions.mode === 'auto' && isEditTool(subject.tool.name) && acceptsEdit(subject, permissions)) {
    return allow('auto mode: an edit inside the working directories', undefined);
  }

  const allowedBecause = allowedWithoutAsking(subject, permissions);
  if (allowedBecause !== undefined) return allow(allowedBecause, undefined);
  return finalAsk(subject, permissions);
}

export const DONT_ASK_MESSAGE =
  'was not pre-approved, and dontAsk mode turns every permission question into a refusal. Add an allow rule to permit it.';

/** Always allow, deny or ask; `dontAsk` turns the final ask into a deny, `auto` into a review. */
export async function resolvePermission(
  tool: AnyTool,
  input: Record<string, unknown>,
  ctx: ToolUseContext,
): Promise<PermissionDecision> {
  const decision = await decide(tool, input, ctx);
  if (decision.behavior === 'passthrough') return finalAsk(subjectOf(tool, input, ctx), ctx.getPermissionContext());
  const { mode, autoMode } = ctx.getPermissionContext();
  if (decision.behavior === 'ask' && mode === 'dontAsk') {
    return { behavior: 'deny', message: `${tool.userFacingName(input)} ${DONT_ASK_MESSAGE}`, reason: 'dontAsk' };
  }
  if (mode === 'auto') {
    if (decision.behavior === 'ask') return reviewInAutoMode(tool, input, ctx, decision);
    if (decision.behavior === 'allow') noteAllowed(autoMode);
  }
  return decision;
}
