// Runs one command hook: `bash -c` in its own process group, the event JSON on stdin, capped
// output, a deadline and an abort path that kill the whole group so a hung hook never wedges Pulse.

import { guardProcessGroup, releaseProcessGroup } from '../utils/processGuard.js';

export const HOOK_OUTPUT_CAP_CHARS = 10_000;

export type HookProcessResult = {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they arrived, interleaved (what a terminal would have shown). */
  output: string;
  timedOut: boolean;
  aborted: boolean;
  /** Set when the process could not be started at all. */
  spawnError?: string;
  durationMs: number;
};

export type HookProcessOptions = {
  command: string;
  stdin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
};

export async function runHookProcess(options: HookProcessOptions): Promise<HookProcessResult> {
  const startedAt = Date.now();
  // Loaded when a hook first runs: start-up need not pay for node:child_process.
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let output = '';
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let exited = false;
    let exitCodeAtExit: number | null = null;

    const child = spawn('bash', ['-c', options.command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // A hook still running when Pulse is killed must not run on without it.
    if (child.pid !== undefined) guardProcessGroup(child.pid);

    const finish = (exitCode: number | null, spawnError?: string): void => {
      if (settled) return;
      settled = true;
      if (child.pid !== undefined) releaseProcessGroup(child.pid);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        exitCode,
        stdout,
        stderr,
        output,
        timedOut,
        aborted,
        durationMs: Date.now() - startedAt,
        ...(spawnError ? { spawnError } : {}),
      });
    };

    const killGroup = (): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };

    const timer = setTimeout(() => {
      // Exited in time but a background child still holds the pipes: stop waiting for it.
      if (exited) {
        killGroup();
        finish(exitCodeAtExit);
        return;
      }
      timedOut = true;
      killGroup();
    }, options.timeoutMs);

    const onAbort = (): void => {
      aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout = appendCapped(stdout, chunk);
      output = appendCapped(output, chunk);
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = appendCapped(stderr, chunk);
      output = appendCapped(output, chunk);
    });

    // A hook that exits without reading stdin makes the write fail with EPIPE; that is fine.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin);

    child.on('error', (error) => finish(null, error.message));
    // 'close' waits for the pipes; once killed, a grandchild that escaped the group could hold
    // them open, so a killed hook settles on 'exit'.
    child.on('exit', (code) => {
      exited = true;
      exitCodeAtExit = code;
      if (timedOut || aborted) finish(code);
    });
    child.on('close', (code) => finish(code));
  });
}

function appendCapped(current: string, chunk: string): string {
  if (current.length >= HOOK_OUTPUT_CAP_CHARS) return current;
  return (current + chunk).slice(0, HOOK_OUTPUT_CAP_CHARS);
}
