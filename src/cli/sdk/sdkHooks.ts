// Hooks an SDK host registers at `initialize` are callbacks in the host process: when one matches,
// Pulse sends a `hook_callback` control request and reads the answer as hook JSON output, exactly
// as it reads a command hook's stdout. They run where command hooks run, through the HookRunner
// the tool pipeline already calls; PreToolUse is supported, other events go to the command hooks.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { createHookRunner, type HookCallSite, type HookRunner } from '../../hooks/hookRunner.js';
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  evaluateMatcher,
  foldPreToolUse,
  HookJSONOutputSchema,
  isHookEvent,
  type HookEvent,
  type HookOutcome,
  type PreToolUseHookResult,
} from '../../hooks/index.js';
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

/** The events Pulse calls the host for. */
const SUPPORTED_EVENTS: ReadonlySet<HookEvent> = new Set(['PreToolUse']);

export type SdkHookSession = {
  sessionId: () => string;
  transcriptPath: () => string;
};

export class SdkHookRegistry {
  private hooks = new Map<HookEvent, SdkHookMatcher[]>();

  /** Replaces the registered set (a repeated initialize sends the whole set again). */
  register(raw: z.infer<ReturnType<typeof sdkHooksSchema>>): string[] {
    const ignored: string[] = [];
    this.hooks = new Map();
    for (const [event, matchers] of Object.entries(raw)) {
      if (!isHookEvent(event) || !SUPPORTED_EVENTS.has(event)) {
        ignored.push(event);
        continue;
      }
      this.hooks.set(event, matchers);
    }
    return ignored;
  }

  has(event: HookEvent): boolean {
    return (this.hooks.get(event) ?? []).some((matcher) => matcher.hookCallbackIds.length > 0);
  }

  matching(event: HookEvent, query: string | undefined): Array<{ callbackId: string; timeoutSeconds: number }> {
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
  callback: { callbackId: string; timeoutSeconds: number },
  input: Record<string, unknown>,
  toolUseId: string | undefined,
  signal: AbortSignal | undefined,
): Promise<HookOutcome> {
  const command = `SDK hook ${callback.callbackId}`;
  const started = performance.now();
  const base = { event, command, exitCode: null, stdout: '', stderr: '' };
  const deadline = AbortSignal.timeout(callback.timeoutSeconds * 1000);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
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

const STRENGTH = { allow: 0, ask: 1, deny: 2 } as const;

/** Command hooks and host callbacks vote together: deny beats ask beats allow. */
function mergePreToolUse(a: PreToolUseHookResult, b: PreToolUseHookResult): PreToolUseHookResult {
  const merged: PreToolUseHookResult = {
    preventContinuation: a.preventContinuation || b.preventContinuation,
    systemMessages: [...a.systemMessages, ...b.systemMessages],
    errors: [...a.errors, ...b.errors],
  };
  const stopReason = a.stopReason ?? b.stopReason;
  if (stopReason !== undefined) merged.stopReason = stopReason;
  const winner = [a, b].reduce<PreToolUseHookResult | undefined>((best, next) => {
    if (next.decision === undefined) return best;
    if (best?.decision === undefined || STRENGTH[next.decision] > STRENGTH[best.decision]) return next;
    return best;
  }, undefined);
  if (winner?.decision) {
    merged.decision = winner.decision;
    if (winner.reason) merged.reason = winner.reason;
  }
  const blocking = [a.blockingMessage, b.blockingMessage].filter((text): text is string => Boolean(text));
  if (merged.decision === 'deny' && blocking.length > 0) merged.blockingMessage = blocking.join('\n');
  const updatedInput = b.updatedInput ?? a.updatedInput;
  if (updatedInput && merged.decision !== 'deny') merged.updatedInput = updatedInput;
  const context = [a.additionalContext, b.additionalContext].filter((text): text is string => Boolean(text));
  if (context.length > 0) merged.additionalContext = context.join('\n');
  return merged;
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
  const commands = inner ?? createHookRunner({ config: {}, sessionId: session.sessionId, transcriptPath: session.transcriptPath, projectDir: process.cwd() });
  const baseInput = (site: HookCallSite): Record<string, unknown> => ({
    session_id: session.sessionId(),
    transcript_path: session.transcriptPath(),
    cwd: site.cwd,
    ...(site.permissionMode ? { permission_mode: site.permissionMode } : {}),
    ...(site.agentId ? { agent_id: site.agentId } : {}),
  });
  return {
    ...commands,
    has: (event) => registry.has(event) || commands.has(event),
    preToolUse: async (fields, site) => {
      const callbacks = registry.matching('PreToolUse', fields.tool_name);
      if (callbacks.length === 0) return commands.preToolUse(fields, site);
      const input = { ...baseInput(site), hook_event_name: 'PreToolUse', ...fields };
      const [fromCommands, outcomes] = await Promise.all([
        commands.has('PreToolUse') ? commands.preToolUse(fields, site) : undefined,
        Promise.all(callbacks.map((callback) => callHost(channel, 'PreToolUse', callback, input, fields.tool_use_id, site.signal))),
      ]);
      const fromHost = foldPreToolUse(outcomes);
      return fromCommands ? mergePreToolUse(fromCommands, fromHost) : fromHost;
    },
  };
}
