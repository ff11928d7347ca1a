// The one place that decides whether a tool call may run: deny rules, ask rules, the tool's own
// opinion, the mode, protected paths, allow rules, and finally a question for the person.
// Deny always wins; nothing later in the chain can undo an earlier deny or ask. Bash commands
// go to the Bash engine (bash/decide.ts); file paths to the path decision (pathDecision.ts),
// which the engine also uses for every file a command reads or writes.
import { resolve as resolvePath } from 'node:path';
import type { AnyTool, ToolUseContext } from '../tools/Tool.js';
import type { PermissionDecision, PermissionRule, ToolPermissionContext } from '../types/permissions.js';
import { noteAllowed, reviewInAutoMode } from './auto/review.js';
import { decideBash, describeRule, type BashDecision } from './bash/decide.js';
import { decidePathAccess, type PathVerdict } from './pathDecision.js';
import { pathRuleBases } from './paths.js';
import { PLAN_MODE_MESSAGE } from './planMode.js';
import { editSuggestions, readSuggestions, toolSuggestions } from './suggestions.js';
import { isEditTool, isReadTool } from './toolFamilies.js';
import { findAllowingRule, findRestrictingRule, ruleNamesTool, type CallSubject } from './toolRules.js';

export { applyPermissionUpdate, applyPermissionUpdates, permissionModeFromFlags } from './updates.js';
export { PLAN_MODE_MESSAGE };

type Ask = Extract<PermissionDecision, { behavior: 'ask' }>;
type Allow = Extract<PermissionDecision, { behavior: 'allow' }>;

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

function rulesBy(permissions: ToolPermissionContext, behavior: PermissionRule['behavior']): PermissionRule[] {
  return permissions.rules.filter((rule) => rule.behavior === behavior);
}

function allow(reason: string, updatedInput: Record<string, unknown> | undefined): Allow {
  return updatedInput === undefined ? { behavior: 'allow', reason } : { behavior: 'allow', updatedInput, reason };
}

/** The full Bash decision, with the report `pulse permissions explain` prints. */
export function explainBash(tool: AnyTool, command: string, ctx: ToolUseContext, toolOpinion?: PermissionDecision): BashDecision {
  const permissions = ctx.getPermissionContext();
  const bashRules = (behavior: PermissionRule['behavior']): PermissionRule[] =>
    rulesBy(permissions, behavior).filter((rule) => ruleNamesTool(rule, tool));
  return decideBash({
    command,
    cwd: ctx.getCwd(),
    permissions,
    bases: pathRuleBases(ctx),
    rules: { deny: bashRules('deny'), ask: bashRules('ask'), allow: bashRules('allow') },
    ...(toolOpinion && toolOpinion.behavior !== 'passthrough' ? { toolOpinion } : {}),
  });
}

/** The shared path decision for a file tool's path. */
export function pathVerdictOf(tool: AnyTool, input: Record<string, unknown>, path: string, ctx: ToolUseContext): PathVerdict {
  const access = isReadTool(tool.name) || (!isEditTool(tool.name) && tool.isReadOnly(input)) ? 'read' : 'write';
  return decidePathAccess({ access, path, toolName: tool.name }, { permissions: ctx.getPermissionContext(), bases: pathRuleBases(ctx) });
}

function finalAsk(subject: CallSubject, verdict: PathVerdict | undefined): Ask {
  const { tool, input, path } = subject;
  const name = tool.userFacingName(input);
  if (path !== undefined) {
    const inside = verdict?.check !== 'outside';
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

async function decideCommand(subject: CallSubject, command: string): Promise<PermissionDecision> {
  const { tool, input, ctx } = subject;
  return explainBash(tool, command, ctx, await tool.checkPermissions(input, ctx)).decision;
}

function verdictReason(verdict: Extract<PathVerdict, { behavior: 'allow' }>): string {
  if (verdict.check === 'rule') return `Allowed by ${describeRule(verdict.rule)}`;
  if (verdict.check === 'inside') return 'Reading inside the working directories';
  return `${verdict.check} mode`;
}

async function decide(tool: AnyTool, input: Record<string, unknown>, ctx: ToolUseContext): Promise<PermissionDecision> {
  const permissions = ctx.getPermissionContext();
  const subject = subjectOf(tool, input, ctx);
  if (subject.command !== undefined) return decideCommand(subject, subject.command);
  const name = tool.userFacingName(input);
  const verdict = subject.path === undefined ? undefined : pathVerdictOf(tool, input, subject.path, ctx);

  const denyRule = findRestrictingRule(rulesBy(permissions, 'deny'), subject) ?? (verdict?.behavior === 'deny' ? verdict.rule : undefined);
  if (denyRule) {
    return { behavior: 'deny', message: `Permission to use ${name} has been denied by rule ${describeRule(denyRule)}.`, reason: 'rule' };
  }
  const pathAskRule = verdict?.behavior === 'ask' && (verdict.check === 'rule' || verdict.check === 'unsure') ? verdict.rule : undefined;
  const askRule = findRestrictingRule(rulesBy(permissions, 'ask'), subject) ?? pathAskRule;
  if (askRule) {
    const ask: Ask = { behavior: 'ask', message: `${name} needs approval: rule ${describeRule(askRule)} asks for it.`, reason: 'rule' };
    return subject.path === undefined ? ask : { ...ask, blockedPath: subject.path };
  }

  const own = await tool.checkPermissions(input, ctx);
  if (own.behavior === 'deny') return own;
  // Plan mode refuses before any question: a refusal is stronger than an ask.
  if (permissions.mode === 'plan' && !tool.isReadOnly(input)) return { behavior: 'deny', message: PLAN_MODE_MESSAGE, reason: 'mode' };
  if (own.behavior === 'ask') return own;
  const updatedInput = own.behavior === 'allow' ? own.updatedInput : undefined;
  if (verdict?.check === 'protected') {
    return {
      behavior: 'ask',
      message: `${name} wants to change ${subject.path}, a protected file that configures git, the shell, the editor or Pulse. This always needs approval.`,
      reason: 'safetyCheck',
      blockedPath: subject.path as string,
    };
  }
  if (permissions.mode === 'bypassPermissions') return allow('bypassPermissions mode', updatedInput);
  if (own.behavior === 'allow') return allow(own.reason ?? 'Allowed by the tool', updatedInput);
  // Auto mode takes file edits inside the working directories without review; shell commands
  // that change files (rm, mv) are reviewed.
  if (permissions.mode === 'auto' && isEditTool(tool.name) && verdict?.check === 'edit') {
    return allow('auto mode: an edit inside the working directories', undefined);
  }

  const rule = findAllowingRule(rulesBy(permissions, 'allow'), subject);
  if (rule) return allow(`Allowed by ${describeRule(rule)}`, undefined);
  if (verdict?.behavior === 'allow') return allow(verdictReason(verdict), undefined);
  return finalAsk(subject, verdict);
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
  if (decision.behavior === 'passthrough') return finalAsk(subjectOf(tool, input, ctx), undefined);
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
