// Helpers for the hooks around a turn: prompt submission, stopping, and tool results.
import type { HookInput } from './events.js';
import { attributed, blockMessage, contextFrom, foldCommon, specificOutput, type CommonHookResult } from './fold.js';
import { runHooks, type HookOutcome, type RunHooksOptions } from './runner.js';

export type StopHookResult = CommonHookResult & {
  /** Feedback that keeps the model going instead of stopping, one per blocking hook. */
  blockingErrors: string[];
};

export async function runStopHooks<E extends 'Stop' | 'SubagentStop'>(
  event: E,
  input: HookInput<E>,
  options: RunHooksOptions,
): Promise<StopHookResult> {
  return foldBlocking(await runHooks(event, input, options));
}

export type UserPromptSubmitHookResult = CommonHookResult & {
  /** The prompt must not be sent; `reason` says why (shown to the user). */
  blocked?: boolean;
  reason?: string;
  /** Plain stdout and `additionalContext`, to add next to the prompt. */
  additionalContext: string[];
};

export async function runUserPromptSubmitHooks(
  input: HookInput<'UserPromptSubmit'>,
  options: RunHooksOptions,
): Promise<UserPromptSubmitHookResult> {
  const outcomes = await runHooks('UserPromptSubmit', input, options);
  const result: UserPromptSubmitHookResult = { ...foldCommon(outcomes), additionalContext: [] };
  const reasons: string[] = [];
  for (const outcome of outcomes) {
    result.additionalContext.push(...contextFrom(outcome, true));
    const blocked = blockMessage(outcome);
    if (blocked !== undefined) reasons.push(blocked);
  }
  if (result.preventContinuation) reasons.push(result.stopReason ?? 'a hook stopped this prompt');
  if (reasons.length > 0) {
    result.blocked = true;
    result.reason = reasons.join('\n');
  }
  return result;
}

export type PostToolUseHookResult = CommonHookResult & {
  /** Feedback for the model about the call that already ran. */
  blockingMessages: string[];
  additionalContext: string[];
  /** A replacement for an MCP tool's output. */
  updatedToolOutput?: unknown;
};

export async function runPostToolUseHooks<E extends 'PostToolUse' | 'PostToolUseFailure'>(
  event: E,
  input: HookInput<E>,
  options: RunHooksOptions,
): Promise<PostToolUseHookResult> {
  const outcomes = await runHooks(event, input, options);
  const { blockingErrors, ...common } = foldBlocking(outcomes);
  const result: PostToolUseHookResult = { ...common, blockingMessages: blockingErrors, additionalContext: [] };
  for (const outcome of outcomes) {
    result.additionalContext.push(...contextFrom(outcome, false));
    const replacement = specificOutput(outcome)?.updatedMCPToolOutput;
    if (outcome.kind === 'success' && replacement !== undefined) result.updatedToolOutput = replacement;
  }
  return result;
}

function foldBlocking(outcomes: HookOutcome[]): StopHookResult {
  const result: StopHookResult = { ...foldCommon(outcomes), blockingErrors: [] };
  for (const outcome of outcomes) {
    const blocked = blockMessage(outcome);
    if (blocked !== undefined) result.blockingErrors.push(attributed(outcome, blocked));
  }
  return result;
}
