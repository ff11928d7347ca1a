// Runs every hook that matches an event (commands from settings and an SDK host's callbacks), in
// parallel, and classifies each result. Never throws: a hook that crashes, hangs or prints
// garbage becomes an outcome with an error.
import { DEFAULT_HOOK_TIMEOUT_SECONDS, type CommandHook, type HooksConfig } from './config.js';
import { defaultMatchQuery, type HookEvent, type HookInput } from './events.js';
import { runHookProcess, type HookProcessResult } from './exec.js';
import { evaluateMatcher } from './matcher.js';
import { parseHookStdout, type HookJSONOutput } from './output.js';
import { randomUuid } from '../utils/random.js';

export type HookOutcomeKind = 'success' | 'blocking' | 'non_blocking_error' | 'cancelled';

export type HookOutcome = {
  event: HookEvent;
  /** The hook's command, or a description of the broken matcher for matcher errors. */
  command: string;
  kind: HookOutcomeKind;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Parsed JSON output (exit 0, or exit 2 when it printed JSON). */
  output?: HookJSONOutput;
  /** Trimmed stdout of a successful hook that did not print JSON. */
  plainStdout?: string;
  /** Why the hook blocked (exit 2): its JSON `reason`, else its stderr. */
  blockingMessage?: string;
  /** What went wrong, for non-blocking errors. */
  error?: string;
};

/**
 * Hooks that are not commands: an SDK host's callbacks. They match and answer like command
 * hooks (their outcomes are folded together with them), but run wherever their owner says.
 */
export type HookCallbacks = {
  has(event: HookEvent): boolean;
  /** Outcomes of the callbacks for `event` whose matcher accepts `query`; never throws. */
  run(event: HookEvent, input: Record<string, unknown>, query: string | undefined, signal?: AbortSignal): Promise<HookOutcome[]>;
};

/** One command hook as an observer sees it: `name` is the event, then `:` and what matchers saw. */
export type ObservedHook = { id: string; event: HookEvent; name: string };

/**
 * Told when each command hook starts and what it answered (print mode's stream-json shows
 * SessionStart hooks as `hook_started` / `hook_response` lines, as the reference does).
 */
export type HookObserver = {
  started(hook: ObservedHook): void;
  responded(hook: ObservedHook, outcome: HookOutcome, output: string): void;
};

export type RunHooksOptions = {
  hooks: HooksConfig;
  callbacks?: HookCallbacks;
  /** Used for the stdin `cwd` field when the input does not carry one. */
  cwd: string;
  /** Hooks run here and see it as CLAUDE_PROJECT_DIR / PULSE_PROJECT_DIR. */
  projectDir: string;
  signal?: AbortSignal;
  /** What matchers test against; derived from the input (tool name, source...) when omitted. */
  matchQuery?: string;
  /** Extra environment for the hook processes, on top of Pulse's own. */
  env?: Record<string, string>;
  observer?: HookObserver;
};

export async function runHooks<E extends HookEvent>(
  event: E,
  input: HookInput<E>,
  options: RunHooksOptions,
): Promise<HookOutcome[]> {
  const fields: Record<string, unknown> = { ...input };
  const query = options.matchQuery ?? defaultMatchQuery(event, fields);
  const full = { ...fields, cwd: input.cwd || options.cwd, hook_event_name: event };
  const callbacks = options.callbacks?.has(event) ? options.callbacks.run(event, full, query, options.signal) : undefined;
  const [fromCommands, fromCallbacks] = await Promise.all([runCommandHooks(event, full, query, options), callbacks ?? []]);
  return [...fromCommands, ...fromCallbacks];
}

async function runCommandHooks(
  event: HookEvent,
  full: Record<string, unknown>,
  query: string | undefined,
  options: RunHooksOptions,
): Promise<HookOutcome[]> {
  const { commands, matcherErrors } = selectHooks(event, options.hooks, query);
  if (commands.length === 0) return matcherErrors;

  let stdin: string;
  try {
    stdin = JSON.stringify(full);
  } catch (error) {
    const reason = `could not be given its input (${error instanceof Error ? error.message : String(error)})`;
    return [...matcherErrors, ...commands.map((hook) => failure(event, hook.command, reason))];
  }
  const env = {
    ...process.env,
    ...options.env,
    CLAUDE_PROJECT_DIR: options.projectDir,
    PULSE_PROJECT_DIR: options.projectDir,
  };
  const name = query === undefined || query === '' ? event : `${event}:${query}`;
  const outcomes = await Promise.all(
    commands.map((hook) => runOneHook(event, hook, stdin, env, options, name)),
  );
  return [...matcherErrors, ...outcomes];
}

function selectHooks(
  event: HookEvent,
  config: HooksConfig,
  query: string | undefined,
): { commands: CommandHook[]; matcherErrors: HookOutcome[] } {
  const seen = new Set<string>();
  const commands: CommandHook[] = [];
  const matcherErrors: HookOutcome[] = [];
  for (const group of config[event] ?? []) {
    const verdict = evaluateMatcher(group.matcher, query);
    if (verdict.error) {
      matcherErrors.push(failure(event, `matcher ${JSON.stringify(group.matcher)}`, verdict.error));
    }
    if (!verdict.matches) continue;
    for (const hook of group.hooks) {
      // The same command configured in two settings files runs once.
      const key = `${hook.command}\u0000${hook.timeout ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      commands.push(hook);
    }
  }
  return { commands, matcherErrors };
}

async function runOneHook(
  event: HookEvent,
  hook: CommandHook,
  stdin: string,
  env: NodeJS.ProcessEnv,
  options: RunHooksOptions,
  name: string,
): Promise<HookOutcome> {
  const timeoutSeconds = hook.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  if (options.signal?.aborted) {
    return { ...failure(event, hook.command, 'was cancelled before it started'), kind: 'cancelled' };
  }
  const observed: ObservedHook = { id: randomUuid(), event, name };
  options.observer?.started(observed);
  let output = '';
  let outcome: HookOutcome;
  try {
    const result = await runHookProcess({
      command: hook.command,
      stdin,
      cwd: options.projectDir,
      env: hook.env ? { ...env, ...hook.env } : env,
      timeoutMs: timeoutSeconds * 1000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    output = result.output;
    outcome = classify(event, hook.command, timeoutSeconds, result);
  } catch (error) {
    outcome = failure(event, hook.command, `could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
  options.observer?.responded(observed, outcome, output);
  return outcome;
}

function classify(
  event: HookEvent,
  command: string,
  timeoutSeconds: number,
  result: HookProcessResult,
): HookOutcome {
  const base = {
    event,
    command,
    exitCode: result.exitCode,
    stdout: result.stdout,
    stderr: result.stderr,
    durationMs: result.durationMs,
  };
  if (result.spawnError) return { ...base, kind: 'non_blocking_error', error: `could not start: ${result.spawnError}` };
  if (result.aborted) return { ...base, kind: 'cancelled', error: 'was cancelled' };
  if (result.timedOut) {
    return { ...base, kind: 'non_blocking_error', error: `timed out after ${timeoutSeconds}s and was stopped` };
  }
  if (result.exitCode === 0) {
    const parsed = parseHookStdout(result.stdout);
    if (parsed.kind === 'invalid') return { ...base, kind: 'non_blocking_error', error: parsed.error };
    if (parsed.kind === 'json') return { ...base, kind: 'success', output: parsed.output };
    return { ...base, kind: 'success', plainStdout: parsed.text };
  }
  if (result.exitCode === 2) {
    const parsed = parseHookStdout(result.stdout);
    const output = parsed.kind === 'json' ? parsed.output : undefined;
    const message = output?.reason ?? (result.stderr.trim() || 'the hook blocked without giving a reason');
    return { ...base, kind: 'blocking', blockingMessage: message, ...(output ? { output } : {}) };
  }
  if (result.exitCode === null) return { ...base, kind: 'non_blocking_error', error: 'was killed by a signal' };
  const firstLine = result.stderr.trim().split('\n')[0] ?? '';
  return {
    ...base,
    kind: 'non_blocking_error',
    error: `exited with status ${result.exitCode}${firstLine ? `: ${firstLine}` : ''}`,
  };
}

function failure(event: HookEvent, command: string, error: string): HookOutcome {
  return { event, command, kind: 'non_blocking_error', exitCode: null, stdout: '', stderr: '', durationMs: 0, error };
}
