// Hooks an SDK host registers at `initialize` are callbacks in the host process: when one matches,
// Pulse sends a `hook_callback` control request and reads the answer as hook JSON output, exactly
// as it reads a command hook's stdout. They run for every hook event Pulse has, beside the
// command hooks from settings, and their outcomes are folded together with them (deny beats ask
// beats allow, any block blocks).
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { createHookRunner, type HookRunner } from '../../hooks/hookRunner.js';
import { DEFAULT_HOOK_TIMEOUT_SECONDS } from '../../hooks/config.js';
import { isHookEvent, type HookEvent } from '../../hooks/events.js';
import { evaluateMatcher } from '../../hooks/matcher.js';
import { HookJSONOutputSchema } from '../../hooks/output.js';
import type { HookCallbacks, HookOutcome } from '../../hooks/runner.js';
import type { ControlChannel } from './controlChannel.js';

export const sdkHookMatcherSchema = lazySchema(() =>
  z.looseObject({
    matcher: z.string().optional(),
    hookCallbackIds: z.array(z.string().min(1)),
    timeout: z.number().positive().optional(),
  }),
);
export const sdkHooksSchema = lazySchema(() => z.record(z.string(), z.array(sdkHookMatcherSchema())));
export type SdkHookMatcher = z.infer<ReturnType<typeof sdkHookMatcherSchema>>;

export type SdkHookSession = {
  sessionId: () => string;
  transcriptPath: () => string;
};

type Callback = { callbackId: string; timeoutSeconds: number };

export class SdkHookRegistry {
  private hooks = new Map<HookEvent, SdkHookMatcher[]>();

  /** Replaces the registered set (a repeated initialize sends the whole set again); returns events Pulse does not have. */
  register(raw: z.infer<ReturnType<typeof sdkHooksSchema>>): string[] {
    const ignored: string[] = [];
    this.hooks = new Map();
    for (const [event, matchers] of Object.entries(raw)) {
      if (!isHookEvent(event)) {
        ignored.push(event);
        continue;
      }
      this.hooks.set(event, matchers);
    }
    return ignored;
  }

  /** Whether the host registered anything at all. */
  get isEmpty(): boolean {
    return ![...this.hooks.keys()].some((event) => this.has(event));
  }

  has(event: HookEvent): boolean {
    return (this.hooks.get(event) ?? []).some((matcher) => matcher.hookCallbackIds.length > 0);
  }

  matching(event: HookEvent, query: string | undefined): Callback[] {
    return (this.hooks.get(event) ?? []).flatMap((group) => {
      if (!evaluateMatcher(group.matcher, query).matches) return [];
      const timeoutSeconds = group.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
      return group.hookCallbackIds.map((callbackId) => ({ callbackId, timeoutSeconds }));
    });
  }
}

/** One callback's answer as the outcome a command hook would have produced. */
async function callHost(
  channel: ControlChannel,
  event: HookEvent,
  callback: Callback,
  input: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<HookOutcome> {
  const command = `SDK hook ${callback.callbackId}`;
  const started = performance.now();
  const base = { event, command, exitCode: null, stdout: '', stderr: '' };
  const deadline = AbortSignal.timeout(callback.timeoutSeconds * 1000);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const toolUseId = typeof input.tool_use_id === 'string' ? input.tool_use_id : undefined;
  try {
    const answer = await channel.request(
      { subtype: 'hook_callback', callback_id: callback.callbackId, input, ...(toolUseId ? { tool_use_id: toolUseId } : {}) },
      combined,
    );
    const durationMs = Math.round(performance.now() - started);
    const parsed = HookJSONOutputSchema().safeParse(answer ?? {});
    if (!parsed.success) return { ...base, durationMs, kind: 'non_blocking_error', error: 'answered with output that is not hook JSON' };
    return { ...base, durationMs, kind: 'success', output: parsed.data };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (signal?.aborted) return { ...base, durationMs, kind: 'cancelled', error: 'was cancelled' };
    const reason = deadline.aborted ? `timed out after ${callback.timeoutSeconds}s` : error instanceof Error ? error.message : String(error);
    return { ...base, durationMs, kind: 'non_blocking_error', error: `failed: ${reason}` };
  }
}

export function hostCallbacks(registry: SdkHookRegistry, channel: ControlChannel): HookCallbacks {
  return {
    has: (event) => registry.has(event),
    run: (event, input, query, signal) =>
      Promise.all(registry.matching(event, query).map((callback) => callHost(channel, event, callback, input, signal))),
  };
}

/**
 * The session's hook runner with the host's callbacks added. `inner` is the command-hook runner
 * from settings (absent when none are configured).
 */
export function withSdkHooks(
  inner: HookRunner | undefined,
  registry: SdkHookRegistry,
  channel: ControlChannel,
  session: SdkHookSession,
): HookRunner {
  const callbacks = hostCallbacks(registry, channel);
  if (inner) return inner.withCallbacks(callbacks);
  return createHookRunner({
    config: {},
    sessionId: session.sessionId,
    transcriptPath: session.transcriptPath,
    projectDir: process.cwd(),
    callbacks,
  });
}
