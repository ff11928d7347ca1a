// PreToolUse: hooks vote on the call. Deny beats ask beats allow; a hook may also rewrite the
// input, add context for the model, or stop the turn.
import type { HookInput } from './events.js';
import { attributed, blockMessage, contextFrom, foldCommon, specificOutput, type CommonHookResult } from './fold.js';
import type { HookOutcome, RunHooksOptions } from './runner.js';
import { runHooks } from './runner.js';

export type HookPermissionDecision = 'allow' | 'deny' | 'ask';

export type PreToolUseHookResult = CommonHookResult & {
  decision?: HookPermissionDecision;
  reason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
  /** For the model when a hook denied the call, naming each hook that did. */
  blockingMessage?: string;
};

const STRENGTH: Record<HookPermissionDecision, number> = { allow: 0, ask: 1, deny: 2 };

export async function runPreToolUseHooks(
  input: HookInput<'PreToolUse'>,
  options: RunHooksOptions,
): Promise<PreToolUseHookResult> {
  return foldPreToolUse(await runHooks('PreToolUse', input, options));
}

export function foldPreToolUse(outcomes: HookOutcome[]): PreToolUseHookResult {
  const result: PreToolUseHookResult = foldCommon(outcomes);
  const votes: { decision: HookPermissionDecision; reason?: string }[] = [];
  const blocking: string[] = [];
  const context: string[] = [];

  for (const outcome of outcomes) {
    context.push(...contextFrom(outcome, false));
    const blocked = blockMessage(outcome);
    if (blocked !== undefined) {
      votes.push({ decision: 'deny', reason: blocked });
      blocking.push(attributed(outcome, blocked));
      continue;
    }
    if (outcome.kind !== 'success') continue;
    const specific = specificOutput(outcome);
    const decision = specific?.permissionDecision ?? legacyDecision(outcome);
    const reason = specific?.permissionDecisionReason ?? outcome.output?.reason;
    if (decision) votes.push({ decision, ...(reason ? { reason } : {}) });
    if (decision === 'deny') blocking.push(attributed(outcome, reason ?? 'denied by hook'));
    if (specific?.updatedInput && decision !== 'deny') result.updatedInput = specific.updatedInput;
  }

  const winner = strongest(votes);
  if (winner) {
    result.decision = winner;
    const reasons = votes.filter((vote) => vote.decision === winner && vote.reason).map((vote) => vote.reason);
    if (reasons.length > 0) result.reason = reasons.join('\n');
  }
  if (winner === 'deny' && blocking.length > 0) result.blockingMessage = blocking.join('\n');
  if (context.length > 0) result.additionalContext = context.join('\n');
  return result;
}

function legacyDecision(outcome: HookOutcome): HookPermissionDecision | undefined {
  return outcome.output?.decision === 'approve' ? 'allow' : undefined;
}

function strongest(votes: { decision: HookPermissionDecision }[]): HookPermissionDecision | undefined {
  let best: HookPermissionDecision | undefined;
  for (const { decision } of votes) {
    if (!best || STRENGTH[decision] > STRENGTH[best]) best = decision;
  }
  return best;
}
