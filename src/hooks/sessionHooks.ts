// Helpers for session-level hooks: start (adds context), permission requests (may answer the
// prompt), and the fire-and-forget events whose results are only reported.
import type { HookInput } from './events.js';
import { attributed, blockMessage, contextFrom, foldCommon, specificOutput, type CommonHookResult } from './fold.js';
import type { PermissionRequestHookDecision } from './output.js';
import { runHooks, type RunHooksOptions } from './runner.js';

export type SessionStartHookResult = CommonHookResult & {
  /** Plain stdout and `additionalContext`, for the model's context. */
  additionalContext: string[];
};

export async function runSessionStartHooks(
  input: HookInput<'SessionStart'>,
  options: RunHooksOptions,
): Promise<SessionStartHookResult> {
  const outcomes = await runHooks('SessionStart', input, options);
  const result: SessionStartHookResult = { ...foldCommon(outcomes), additionalContext: [] };
  for (const outcome of outcomes) {
    result.additionalContext.push(...contextFrom(outcome, true));
    // A session cannot be blocked from starting; the hook's complaint goes to the user.
    if (outcome.kind === 'blocking') result.systemMessages.push(attributed(outcome, outcome.blockingMessage ?? ''));
  }
  return result;
}

export type SimpleHookEvent = 'Notification' | 'SessionEnd' | 'SubagentStart' | 'PreCompact';

export type SimpleHookResult = CommonHookResult & {
  /** Exit-2 or `decision: "block"` messages; only PreCompact acts on them (skips compaction). */
  blockingErrors: string[];
  additionalContext: string[];
};

export async function runSimpleHooks<E extends SimpleHookEvent>(
  event: E,
  input: HookInput<E>,
  options: RunHooksOptions,
): Promise<SimpleHookResult> {
  const outcomes = await runHooks(event, input, options);
  const result: SimpleHookResult = { ...foldCommon(outcomes), blockingErrors: [], additionalContext: [] };
  for (const outcome of outcomes) {
    result.additionalContext.push(...contextFrom(outcome, false));
    const blocked = blockMessage(outcome);
    if (blocked !== undefined) result.blockingErrors.push(attributed(outcome, blocked));
  }
  return result;
}

export type PermissionRequestHookResult = CommonHookResult & {
  /** A hook answered the permission prompt; deny wins over allow. */
  decision?: PermissionRequestHookDecision;
};

export async function runPermissionRequestHooks(
  input: HookInput<'PermissionRequest'>,
  options: RunHooksOptions,
): Promise<PermissionRequestHookResult> {
  const outcomes = await runHooks('PermissionRequest', input, options);
  const result: PermissionRequestHookResult = foldCommon(outcomes);
  for (const outcome of outcomes) {
    if (outcome.kind !== 'success') continue;
    const decision = specificOutput(outcome)?.decision;
    if (!decision) continue;
    if (!result.decision || decision.behavior === 'deny') result.decision = decision;
  }
  return result;
}
