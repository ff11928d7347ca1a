// Permission for one call once the input is known: the engine's chain, a PreToolUse hook's vote,
// PermissionRequest hooks, then the caller's question. Deny from the chain (rules, mode, the
// tool itself) always wins: no hook and no answer can turn it round.
import { resolvePermission } from '../../permissions/resolve.js';
import { reviewedSubject } from '../../permissions/auto/subject.js';
import { parsePermissionUpdates } from '../../permissions/updateSchema.js';
import type { PermissionDenialCheck, SystemMessage } from '../../types/messages.js';
import type { PermissionDecision, PermissionResult } from '../../types/permissions.js';
import { createSystemMessage } from '../../utils/messages.js';
import type { AnyTool, ToolUseContext } from '../Tool.js';
import { hookCallSite, hookNotices, type HookVote } from './toolHooks.js';
import type { AskPermission } from './types.js';

type Ask = Extract<PermissionDecision, { behavior: 'ask' }>;
type Allow = Extract<PermissionDecision, { behavior: 'allow' }>;

export type PermissionOutcome =
  | { allowed: true; updatedInput?: Record<string, unknown> }
  /** `check` when the refusal was the permission check's own (not a person's or host's answer). */
  | { allowed: false; message: string; check?: PermissionDenialCheck };

export type PermissionStepResult = { outcome: PermissionOutcome; notices: SystemMessage[] };

type CallContext = ToolUseContext & { toolUseId: string };

export async function decidePermission(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: CallContext,
  canUseTool: AskPermission,
  vote: HookVote | undefined,
  uuid: () => string,
): Promise<PermissionStepResult> {
  const decision = await resolvePermission(tool, input, context);
  const notices: SystemMessage[] = reviewNotices(decision, tool, input, uuid);
  if (decision.behavior === 'deny') return { outcome: { allowed: false, message: decision.message, check: chainDenial(decision.reason) }, notices };
  const combined = withHookVote(asAllowOrAsk(decision, tool, input), vote, tool, input);
  if (combined.behavior === 'allow') {
    return { outcome: { allowed: true, ...(combined.updatedInput ? { updatedInput: combined.updatedInput } : {}) }, notices };
  }
  const fromHooks = await answerFromHooks(tool, input, context, combined, notices, uuid);
  const answer = fromHooks ?? (await canUseTool({ tool, input, toolUseId: context.toolUseId, context, decision: combined }));
  return { outcome: await applyAnswer(answer, refusalCheck(fromHooks, answer), context, notices, uuid), notices };
}

/**
 * A PermissionRequest hook's refusal, or one nobody was asked for, is the check's own and is
 * reported as such; a person or SDK host who answered no is not (the reference prints no
 * permission_denied line for a host's answer).
 */
function refusalCheck(fromHooks: PermissionResult | undefined, answer: PermissionResult): PermissionDenialCheck | undefined {
  if (fromHooks?.behavior === 'deny') return { reasonType: 'hook', reason: fromHooks.message };
  return answer.behavior === 'deny' && answer.unasked ? {} : undefined;
}

/** The chain's reasons in the reference's `decision_reason_type` terms (don't-ask is a mode there). */
const CHAIN_DENIAL_TYPES: Record<string, PermissionDenialCheck['reasonType']> = {
  rule: 'rule',
  mode: 'mode',
  dontAsk: 'mode',
  autoMode: 'classifier',
};

function chainDenial(reason: string | undefined): PermissionDenialCheck {
  const reasonType = reason === undefined ? undefined : CHAIN_DENIAL_TYPES[reason];
  return reasonType === undefined ? {} : { reasonType };
}

const REVIEW_VERBS = { allow: 'allowed', block: 'blocked', unavailable: 'could not review', paused: 'passed to you' } as const;

/** Auto mode's verdict on the call, kept in the transcript beside it. */
function reviewNotices(decision: PermissionDecision, tool: AnyTool, input: Record<string, unknown>, uuid: () => string): SystemMessage[] {
  if (decision.behavior === 'passthrough' || !decision.review) return [];
  const { verdict, reason, model } = decision.review;
  const shown = tool.describeUse ? `${tool.userFacingName(input)}(${tool.describeUse(input)})` : tool.userFacingName(input);
  const text = `Auto mode ${REVIEW_VERBS[verdict]} ${shown}: ${reason}`;
  const subject = reviewedSubject(input);
  const recorded = { tool: tool.name, verdict, reason, model, ...(subject === undefined ? {} : { subject }) };
  return [createSystemMessage('informational', text, { autoModeReview: recorded }, uuid())];
}

// The chain resolves to allow, deny or ask; a stray "no opinion" is treated as a question.
function asAllowOrAsk(decision: Exclude<PermissionDecision, { behavior: 'deny' }>, tool: AnyTool, input: Record<string, unknown>): Allow | Ask {
  if (decision.behavior === 'allow' || decision.behavior === 'ask') return decision;
  return { behavior: 'ask', message: `Allow ${tool.userFacingName(input)}?` };
}

/**
 * A hook's `ask` always leads to the question; its `allow` answers the question for the
 * person, except when an ask rule or a protected path raised it: those were written to be asked.
 */
export function withHookVote(decision: Allow | Ask, vote: HookVote | undefined, tool: AnyTool, input: Record<string, unknown>): Allow | Ask {
  if (!vote) return decision;
  if (vote.decision === 'ask') {
    if (decision.behavior === 'ask') return decision;
    const message = vote.reason ?? `A PreToolUse hook wants ${tool.userFacingName(input)} approved first.`;
    return { behavior: 'ask', message, reason: 'hook' };
  }
  if (decision.behavior === 'allow') return decision;
  if (decision.reason === 'rule' || decision.reason === 'safetyCheck') return decision;
  return { behavior: 'allow', reason: vote.reason ?? 'Allowed by a PreToolUse hook' };
}

/** PermissionRequest hooks may answer before anyone is asked; deny beats allow among them. */
async function answerFromHooks(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: CallContext,
  ask: Ask,
  notices: SystemMessage[],
  uuid: () => string,
): Promise<PermissionResult | undefined> {
  const hooks = context.hooks;
  if (!hooks?.has('PermissionRequest')) return undefined;
  const result = await hooks.permissionRequest(
    { tool_name: tool.name, tool_input: input, ...(ask.suggestions ? { permission_suggestions: ask.suggestions } : {}) },
    hookCallSite(context),
  );
  notices.push(...hookNotices('PermissionRequest', result, uuid));
  const decision = result.decision;
  if (!decision) return undefined;
  if (decision.behavior === 'deny') {
    const message = decision.message ?? `A PermissionRequest hook refused ${tool.userFacingName(input)}.`;
    return { behavior: 'deny', message, ...(decision.interrupt ? { interrupt: true } : {}) };
  }
  const updatedPermissions = parsePermissionUpdates(decision.updatedPermissions);
  return {
    behavior: 'allow',
    ...(decision.updatedInput ? { updatedInput: decision.updatedInput } : {}),
    ...(updatedPermissions.length > 0 ? { updatedPermissions } : {}),
  };
}

/** "Don't ask again" changes the live rules; `interrupt` stops the whole turn. */
async function applyAnswer(
  answer: PermissionResult,
  check: PermissionDenialCheck | undefined,
  context: CallContext,
  notices: SystemMessage[],
  uuid: () => string,
): Promise<PermissionOutcome> {
  if (answer.behavior === 'deny') {
    if (answer.interrupt) context.abortTurn?.();
    return { allowed: false, message: answer.message, ...(check ? { check } : {}) };
  }
  if (answer.updatedPermissions?.length && context.updatePermissions) {
    try {
      await context.updatePermissions(answer.updatedPermissions);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      notices.push(createSystemMessage('warning', `The permission rule could not be saved: ${reason}`, undefined, uuid()));
    }
  }
  return { allowed: true, ...(answer.updatedInput ? { updatedInput: answer.updatedInput } : {}) };
}
