// Hooks as stream-json shows them, in the reference's shapes: a `hook_started` line as each
// command hook starts, then a `hook_response` line as each one answers (in the order they finish),
// with what it printed and how it ended. SessionStart's are always shown, before `init`; with
// `--include-hook-events` every other event's are shown too, where they run.
import type { HookObserver, ObservedHook } from '../../hooks/runner.js';
import type { HookOutcomeKind } from '../../hooks/runner.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import { randomUuid } from '../../utils/random.js';

type HookLineBase = { type: 'system'; hook_id: string; hook_name: string; hook_event: string; uuid: string; session_id: string };

export type SdkHookStarted = HookLineBase & { subtype: 'hook_started' };

export type SdkHookResponse = HookLineBase & {
  subtype: 'hook_response';
  /** stdout and stderr interleaved as they arrived. */
  output: string;
  stdout: string;
  stderr: string;
  exit_code: number | null;
  outcome: 'success' | 'error' | 'cancelled';
};

export type SdkHookLine = SdkHookStarted | SdkHookResponse;

const OUTCOMES: Readonly<Record<HookOutcomeKind, SdkHookResponse['outcome']>> = {
  success: 'success',
  blocking: 'error',
  non_blocking_error: 'error',
  cancelled: 'cancelled',
};

/** The reference names a SubagentStop hook by its event alone, though its matchers see the agent type. */
function hookName(hook: ObservedHook): string {
  return hook.event === 'SubagentStop' ? hook.event : hook.name;
}

export function hookLineObserver(sessionId: () => string, write: (line: SdkHookLine) => void): HookObserver {
  const base = (hook: ObservedHook) => ({
    type: 'system' as const,
    hook_id: hook.id,
    hook_name: hookName(hook),
    hook_event: hook.event,
  });
  return {
    started: (hook) => write({ ...base(hook), subtype: 'hook_started', uuid: randomUuid(), session_id: sessionId() }),
    responded: (hook, outcome, output) =>
      write({
        ...base(hook),
        subtype: 'hook_response',
        output,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        exit_code: outcome.exitCode,
        outcome: OUTCOMES[outcome.kind],
        uuid: randomUuid(),
        session_id: sessionId(),
      }),
  };
}

/** `--include-hook-events`: the context's hooks, sub-agents' included, all report to `observer`. */
export function observingHooks(context: ToolUseContext, observer: HookObserver): ToolUseContext {
  return context.hooks ? { ...context, hooks: context.hooks.withObserver(observer) } : context;
}
