// Runs one command in its own process group and collects its output within a fixed memory
// budget. Timeouts, aborts and stray background processes are handled by signalling the whole
// group, so nothing the command started outlives it.
import { randomUuid } from '../../utils/random.js';
import { tmpdir } from 'node:os';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BoundedOutput, type RenderedOutput } from './boundedOutput.js';
import { shellExitCode, isProcessGroupAlive, terminateProcessGroup, trackProcessGroup, untrackProcessGroup } from './processGroup.js';
import { wrapCommand } from './shell.js';
import { readShellText, releasePipesLater, spawnShell, startFailure, type ShellLaunch } from './spawnShell.js';

export type ShellRunOptions = {
  shell: string;
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  abortSignal: AbortSignal;
  maxOutputLength: number;
  /** Run inside the sandbox; its temp folder holds the file the shell reports its cwd in. */
  launch?: ShellLaunch & { tempDir: string };
};

export type ShellRunResult = {
  /** stdout and stderr interleaved in arrival order. */
  output: RenderedOutput;
  /** Lines in the whole interleaved output, however much of it `output` kept. */
  outputLines: number;
  stderr: RenderedOutput;
  exitCode: number;
  interrupted: boolean;
  timedOut: boolean;
  /** Processes the command left running in its group were stopped when the shell exited. */
  strayProcessesStopped: boolean;
  /** The shell's physical working directory when it exited, when it could tell us. */
  finalCwd?: string;
};

export type ShellRun = {
  readonly startedAt: number;
  readonly done: Promise<ShellRunResult>;
  lastLines(count: number): string;
  /** Kill the command if it is still running (the caller gave up on it). */
  stop(): void;
};

type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

async function takeReportedCwd(cwdFile: string): Promise<string | undefined> {
  try {
    const reported = (await readFile(cwdFile, 'utf8')).replace(/\n$/, '');
    return reported === '' ? undefined : reported;
  } catch {
    return undefined;
  } finally {
    await rm(cwdFile, { force: true });
  }
}

export function startShellCommand(options: ShellRunOptions): ShellRun {
  const startedAt = Date.now();
  const cwdFile = path.join(options.launch?.tempDir ?? tmpdir(), `pulse-bash-cwd-${randomUuid()}`);
  const combined = new BoundedOutput(options.maxOutputLength);
  const stderrOnly = new BoundedOutput(options.maxOutputLength);

  const subprocess = spawnShell({
    shell: options.shell,
    script: wrapCommand(options.command, cwdFile),
    cwd: options.cwd,
    env: options.env,
    ...(options.launch ? { launch: options.launch } : {}),
  });
  const pgid = subprocess.pid;
  if (pgid !== undefined) trackProcessGroup(pgid);

  let finished = false;
  let interrupted = false;
  let timedOut = false;
  let strayProcessesStopped = false;
  let exitStatus: ExitStatus | undefined;

  let stopping = false;
  const stopGroup = () => {
    if (stopping || pgid === undefined) return;
    stopping = true;
    void terminateProcessGroup(pgid);
  };
  const flushStdout = readShellText(subprocess.stdout, (text) => combined.append(text));
  const flushStderr = readShellText(subprocess.stderr, (text) => {
    combined.append(text);
    stderrOnly.append(text);
  });

  const timeoutTimer = setTimeout(() => {
    timedOut = true;
    stopGroup();
  }, options.timeoutMs);
  const onAbort = () => {
    interrupted = true;
    stopGroup();
  };
  options.abortSignal.addEventListener('abort', onAbort, { once: true });
  if (options.abortSignal.aborted) onAbort();

  let drainTimer: NodeJS.Timeout | undefined;
  subprocess.once('exit', (code, signal) => {
    exitStatus = { code, signal };
    if (pgid !== undefined && isProcessGroupAlive(pgid)) {
      // In the sandbox nothing can outlive the command (its process namespace ends with it):
      // what is still there is the sandbox winding down, not the command's doing.
      if (!timedOut && !interrupted && !options.launch) strayProcessesStopped = true;
      stopGroup();
    }
    drainTimer = releasePipesLater(subprocess);
  });

  const done = (async (): Promise<ShellRunResult> => {
    try {
      const failure = startFailure(options.shell, await subprocess, exitStatus !== undefined);
      if (failure !== undefined) throw new Error(failure);
    } finally {
      finished = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      options.abortSignal.removeEventListener('abort', onAbort);
      if (pgid !== undefined) untrackProcessGroup(pgid);
    }
    flushStdout();
    flushStderr();
    return {
      output: combined.render(),
      outputLines: combined.lineCount,
      stderr: stderrOnly.render(),
      exitCode: shellExitCode(exitStatus?.code, exitStatus?.signal),
      interrupted,
      timedOut,
      strayProcessesStopped,
      finalCwd: await takeReportedCwd(cwdFile),
    };
  })();

  return {
    startedAt,
    done,
    lastLines: (count) => combined.lastLines(count),
    stop: () => {
      if (!finished) stopGroup();
    },
  };
}
