// One background shell: a command left running in its own process group while the
// conversation goes on. Everything it prints goes to a file; what nobody has read yet is kept
// in a bounded buffer (head and tail), so a chatty command costs a fixed amount of memory.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { BoundedOutput, type RenderedOutput } from './boundedOutput.js';
import { shellExitCode, isProcessGroupAlive, terminateProcessGroup, trackProcessGroup, untrackProcessGroup } from './processGroup.js';
import { readShellText, releasePipesLater, spawnShell, startFailure, type ShellLaunch } from './spawnShell.js';

export type BackgroundStatus = 'running' | 'completed' | 'failed' | 'killed';

export type BackgroundShellOptions = {
  id: string;
  shell: string;
  command: string;
  description?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where the full output is written. */
  outputPath: string;
  /** How much unread output is kept in memory between reads. */
  maxUnreadChars: number;
  /** Run inside the sandbox; `onFinished` tidies up after it once the shell has exited. */
  launch?: ShellLaunch & { onFinished(): void };
};

export type BackgroundRead = {
  output: RenderedOutput;
  status: BackgroundStatus;
  exitCode?: number;
};

type Handle = { ref?: () => void; unref?: () => void };

/**
 * A running background shell must not keep Pulse alive (the exit hook in processGroup.ts ends it
 * when Pulse exits); one being killed must, or Pulse could exit before it is gone.
 */
function holdOpen(handles: ReadonlyArray<Handle | null>, hold: boolean): void {
  for (const handle of handles) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}

export class BackgroundShell {
  readonly id: string;
  readonly command: string;
  readonly description: string | undefined;
  readonly outputPath: string;
  readonly startedAt = Date.now();
  /** Resolves once the shell has exited and its output is all in. */
  readonly finished: Promise<void>;
  private currentStatus: BackgroundStatus = 'running';
  private code: number | undefined;
  private unread: BoundedOutput;
  private readonly file: WriteStream;
  private readonly pgid: number | undefined;
  private killRequested = false;
  private readonly listeners = new Set<() => void>();
  private readonly handles: ReadonlyArray<Handle | null>;

  constructor(private readonly options: BackgroundShellOptions) {
    this.id = options.id;
    this.command = options.command;
    this.description = options.description;
    this.outputPath = options.outputPath;
    this.unread = new BoundedOutput(options.maxUnreadChars);
    mkdirSync(dirname(options.outputPath), { recursive: true });
    this.file = createWriteStream(options.outputPath, { flags: 'a' });
    // A failed write loses the file copy only; the in-memory output still reaches the model.
    this.file.on('error', () => undefined);

    const subprocess = spawnShell({
      shell: options.shell,
      script: options.command,
      cwd: options.cwd,
      env: options.env,
      ...(options.launch ? { launch: options.launch } : {}),
    });
    this.pgid = subprocess.pid;
    if (this.pgid !== undefined) trackProcessGroup(this.pgid);
    const flushOut = readShellText(subprocess.stdout, (text) => this.append(text));
    const flushErr = readShellText(subprocess.stderr, (text) => this.append(text));
    this.handles = [subprocess, subprocess.stdout as Handle | null, subprocess.stderr as Handle | null];
    holdOpen(this.handles, false);

    let drainTimer: NodeJS.Timeout | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    subprocess.once('exit', (code, signal) => {
      exit = { code, signal };
      // Whatever the command left running in its group goes with it.
      if (this.pgid !== undefined && isProcessGroupAlive(this.pgid)) void terminateProcessGroup(this.pgid);
      drainTimer = releasePipesLater(subprocess);
    });

    this.finished = (async () => {
      const result = await subprocess;
      options.launch?.onFinished();
      clearTimeout(drainTimer);
      if (this.pgid !== undefined) untrackProcessGroup(this.pgid);
      flushOut();
      flushErr();
      const failure = startFailure(options.shell, result, exit !== undefined);
      if (failure !== undefined) this.append(`${failure}\n`);
      this.code = exit ? shellExitCode(exit.code, exit.signal) : (result.exitCode ?? 1);
      this.currentStatus = this.killRequested ? 'killed' : this.code === 0 ? 'completed' : 'failed';
      await new Promise<void>((resolve) => this.file.end(resolve));
      this.changed();
    })();
  }

  get status(): BackgroundStatus {
    return this.currentStatus;
  }

  get exitCode(): number | undefined {
    return this.code;
  }

  get isRunning(): boolean {
    return this.currentStatus === 'running';
  }

  /** Characters printed since the last read. */
  get unreadLength(): number {
    return this.unread.length;
  }

  /** Output since the last read (cut in the middle if it outgrew the buffer), and the status. */
  read(): BackgroundRead {
    const output = this.unread.render();
    this.unread = new BoundedOutput(this.options.maxUnreadChars);
    return { output, status: this.currentStatus, ...(this.code !== undefined ? { exitCode: this.code } : {}) };
  }

  /** Called on new output and when the shell finishes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves true once finished, false if `timeoutMs` passes or `signal` aborts first. */
  async waitUntilFinished(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (!this.isRunning) return true;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const giveUp = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      onAbort = () => resolve(false);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([this.finished.then(() => true as const), giveUp]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the whole process group; resolves once the shell has finished. */
  async kill(): Promise<void> {
    if (!this.isRunning) return;
    this.killRequested = true;
    holdOpen(this.handles, true);
    // SIGTERM now, SIGKILL after the grace period if need be; the shell's end is what we wait for.
    if (this.pgid !== undefined) void terminateProcessGroup(this.pgid);
    await this.finished;
  }

  private append(text: string): void {
    if (text === '') return;
    this.unread.append(text);
    this.file.write(text);
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
