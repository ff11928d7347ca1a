// Pieces shared by the per-event helpers that turn raw hook outcomes into decisions.
import type { HookJSONOutput } from './output.js';
import type { HookOutcome } from './runner.js';

type HookSpecificOutput = NonNullable<HookJSONOutput['hookSpecificOutput']>;

export type CommonHookResult = {
  /** Some hook printed `continue: false`: stop the whole turn. */
  preventContinuation: boolean;
  stopReason?: string;
  /** Warnings for the user (`systemMessage`). */
  systemMessages: string[];
  /** Non-blocking failures (crash, timeout, bad output, bad matcher), one line each. */
  errors: string[];
};

export function foldCommon(outcomes: HookOutcome[]): CommonHookResult {
  const result: CommonHookResult = { preventContinuation: false, systemMessages: [], errors: [] };
  for (const outcome of outcomes) {
    if (outcome.kind === 'non_blocking_error') result.errors.push(describeError(outcome));
    const output = outcome.output;
    if (!output) continue;
    if (output.systemMessage) result.systemMessages.push(output.systemMessage);
    if (output.continue === false) {
      result.preventContinuation = true;
      result.stopReason ??= output.stopReason;
    }
    const declared = output.hookSpecificOutput?.hookEventName;
    if (declared && declared !== outcome.event) {
      result.errors.push(
        describeError({ ...outcome, error: `printed hookSpecificOutput for ${declared}, which was ignored` }),
      );
    }
  }
  if (result.stopReason === undefined) delete result.stopReason;
  return result;
}

/** hookSpecificOutput, unless the hook addressed it to a different event. */
export function specificOutput(outcome: HookOutcome): HookSpecificOutput | undefined {
  const specific = outcome.output?.hookSpecificOutput;
  if (!specific) return undefined;
  if (specific.hookEventName && specific.hookEventName !== outcome.event) return undefined;
  return specific;
}

/** The block message of an exit-2 hook or a JSON `decision: "block"`, if this hook blocked. */
export function blockMessage(outcome: HookOutcome): string | undefined {
  if (outcome.kind === 'blocking') return outcome.blockingMessage;
  if (outcome.kind === 'success' && outcome.output?.decision === 'block') {
    return outcome.output.reason ?? 'the hook blocked without giving a reason';
  }
  return undefined;
}

/** Names the hook so the model and the user can tell several hooks apart. */
export function attributed(outcome: HookOutcome, message: string): string {
  return `[${outcome.command}]: ${message}`;
}

/** Context a successful hook adds: its JSON additionalContext, and for events that take it, plain stdout. */
export function contextFrom(outcome: HookOutcome, plainStdoutIsContext: boolean): string[] {
  if (outcome.kind !== 'success') return [];
  const context: string[] = [];
  if (plainStdoutIsContext && outcome.plainStdout) context.push(outcome.plainStdout);
  const additional = specificOutput(outcome)?.additionalContext;
  if (additional) context.push(additional);
  return context;
}

function describeError(outcome: HookOutcome): string {
  return `${outcome.event} hook ${outcome.command} ${outcome.error ?? 'failed'}`;
}
