// The session's hooks as one object the loop, the tool pipeline and both faces can call without
// knowing where the config came from: each method fills in the fields every event carries
// (session id, transcript path, cwd, mode) and runs the matching hooks.
import type { PermissionMode } from '../types/permissions.js';
import type { HooksConfig } from './config.js';
import type { HookBaseInput, HookEvent, HookEventFields, HookInput } from './events.js';
import type { PreToolUseHookResult } from './preToolUse.js';
import { runPreToolUseHooks } from './preToolUse.js';
import type { HookCallbacks, HookObserver, RunHooksOptions } from './runner.js';
import {
  runPermissionRequestHooks,
  runSessionStartHooks,
  runSimpleHooks,
  type PermissionRequestHookResult,
  type SessionStartHookResult,
  type SimpleHookEvent,
  type SimpleHookResult,
} from './sessionHooks.js';
import {
  runPostToolUseHooks,
  runStopHooks,
  runUserPromptSubmitHooks,
  type PostToolUseHookResult,
  type StopHookResult,
  type UserPromptSubmitHookResult,
} from './turnHooks.js';

/** What changes from one call to the next: where the session is and who is asking. */
export type HookCallSite = {
  cwd: string;
  permissionMode?: PermissionMode;
  agentId?: string;
  agentType?: string;
  signal?: AbortSignal;
  /** Told about each command hook this call runs. */
  observer?: HookObserver;
};

export interface HookRunner {
  /** Whether any hook is configured for the event, so callers can skip building its input. */
  has(event: HookEvent): boolean;
  preToolUse(fields: HookEventFields['PreToolUse'], site: HookCallSite): Promise<PreToolUseHookResult>;
  postToolUse(fields: HookEventFields['PostToolUse'], site: HookCallSite): Promise<PostToolUseHookResult>;
  postToolUseFailure(fields: HookEventFields['PostToolUseFailure'], site: HookCallSite): Promise<PostToolUseHookResult>;
  permissionRequest(fields: HookEventFields['PermissionRequest'], site: HookCallSite): Promise<PermissionRequestHookResult>;
  stop(fields: HookEventFields['Stop'], site: HookCallSite): Promise<StopHookResult>;
  subagentStop(fields: HookEventFields['SubagentStop'], site: HookCallSite): Promise<StopHookResult>;
  userPromptSubmit(fields: HookEventFields['UserPromptSubmit'], site: HookCallSite): Promise<UserPromptSubmitHookResult>;
  sessionStart(fields: HookEventFields['SessionStart'], site: HookCallSite): Promise<SessionStartHookResult>;
  simple<E extends SimpleHookEvent>(event: E, fields: HookEventFields[E], site: HookCallSite): Promise<SimpleHookResult>;
  /** The same runner with these callbacks run beside the command hooks, for every event. */
  withCallbacks(callbacks: HookCallbacks): HookRunner;
  /** The same runner, telling `observer` of every command hook no call site observes itself. */
  withObserver(observer: HookObserver): HookRunner;
}

export type HookRunnerOptions = {
  config: HooksConfig;
  /** Read at every call: a resumed or cleared session changes them. */
  sessionId: () => string;
  transcriptPath: () => string;
  /** Hooks run here and see it as CLAUDE_PROJECT_DIR / PULSE_PROJECT_DIR. */
  projectDir: string;
  /** Settings `env`, on top of Pulse's own environment. */
  env?: Record<string, string>;
  /** An SDK host's hook callbacks. */
  callbacks?: HookCallbacks;
  /** Told of each command hook, at every call (stream-json's `--include-hook-events`). */
  observer?: HookObserver;
};

export function createHookRunner(options: HookRunnerOptions): HookRunner {
  const base = (site: HookCallSite): HookBaseInput => ({
    session_id: options.sessionId(),
    transcript_path: options.transcriptPath(),
    cwd: site.cwd,
    ...(site.permissionMode ? { permission_mode: site.permissionMode } : {}),
    ...(site.agentId ? { agent_id: site.agentId } : {}),
    ...(site.agentType ? { agent_type: site.agentType } : {}),
  });
  const input = <E extends HookEvent>(fields: HookEventFields[E], site: HookCallSite): HookInput<E> => ({
    ...base(site),
    ...fields,
  });
  const run = (site: HookCallSite): RunHooksOptions => {
    const observer = site.observer ?? options.observer;
    return {
      hooks: options.config,
      cwd: site.cwd,
      projectDir: options.projectDir,
      ...(site.signal ? { signal: site.signal } : {}),
      ...(observer ? { observer } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.callbacks ? { callbacks: options.callbacks } : {}),
    };
  };
  return {
    has: (event) => (options.config[event] ?? []).some((group) => group.hooks.length > 0) || options.callbacks?.has(event) === true,
    preToolUse: (fields, site) => runPreToolUseHooks(input<'PreToolUse'>(fields, site), run(site)),
    postToolUse: (fields, site) => runPostToolUseHooks('PostToolUse', input<'PostToolUse'>(fields, site), run(site)),
    postToolUseFailure: (fields, site) =>
      runPostToolUseHooks('PostToolUseFailure', input<'PostToolUseFailure'>(fields, site), run(site)),
    permissionRequest: (fields, site) =>
      runPermissionRequestHooks(input<'PermissionRequest'>(fields, site), run(site)),
    stop: (fields, site) => runStopHooks('Stop', input<'Stop'>(fields, site), run(site)),
    subagentStop: (fields, site) => runStopHooks('SubagentStop', input<'SubagentStop'>(fields, site), run(site)),
    userPromptSubmit: (fields, site) =>
      runUserPromptSubmitHooks(input<'UserPromptSubmit'>(fields, site), run(site)),
    sessionStart: (fields, site) => runSessionStartHooks(input<'SessionStart'>(fields, site), run(site)),
    simple: (event, fields, site) => runSimpleHooks(event, input(fields, site), run(site)),
    withCallbacks: (callbacks) => createHookRunner({ ...options, callbacks }),
    withObserver: (observer) => createHookRunner({ ...options, observer }),
  };
}
