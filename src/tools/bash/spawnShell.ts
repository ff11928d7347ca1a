// Starts `shell -c script` as the leader of a new process group, either directly or inside the
// sandbox (`launch`, from sandbox/launch.ts). Foreground commands and background shells both
// start here, so a sandboxed command is started the same way wherever it runs.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { execa, type ResultPromise } from 'execa';
import type { SandboxRun } from '../../sandbox/launch.js';
import { PIPE_DRAIN_LIMIT_MS } from './processGroup.js';

export type ShellLaunch = Pick<SandboxRun, 'spawnSpec' | 'attach'>;

export type SpawnShellOptions = {
  shell: string;
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  launch?: ShellLaunch;
};

export type ShellProcess = ResultPromise;

export function spawnShell(options: SpawnShellOptions): ShellProcess {
  const spec = options.launch?.spawnSpec(options.shell, options.script);
  const ipc = spec?.extraStdio.includes('ipc') ?? false;
  const subprocess = execa(spec?.file ?? options.shell, spec?.args ?? ['-c', options.script], {
    cwd: options.cwd,
    env: spec?.env ?? options.env,
    extendEnv: false,
    stdio: ['ignore', 'pipe', 'pipe', ...(spec?.extraStdio ?? [])],
    buffer: false,
    reject: false,
    detached: true,
    windowsHide: true,
    ...(ipc ? { ipc: true, serialization: 'json' as const } : {}),
  });
  options.launch?.attach(subprocess);
  return subprocess;
}

/**
 * Hands a shell's output to `write` as text, decoded so that a character split across chunks
 * stays whole; returns the flush to call once the shell is done.
 */
export function readShellText(stream: Readable | null, write: (text: string) => void): () => void {
  const decoder = new StringDecoder('utf8');
  stream?.on('data', (chunk: Buffer | string) => write(typeof chunk === 'string' ? chunk : decoder.write(chunk)));
  return () => write(decoder.end());
}

/**
 * Called once the shell exited: a process outside its group (a `setsid` daemon) may still hold
 * its pipes, so they are let go after PIPE_DRAIN_LIMIT_MS. Returns the timer to clear when the
 * pipes closed by themselves.
 */
export function releasePipesLater(subprocess: ShellProcess): NodeJS.Timeout {
  const timer = setTimeout(() => {
    subprocess.stdout?.destroy();
    subprocess.stderr?.destroy();
  }, PIPE_DRAIN_LIMIT_MS);
  return timer.unref();
}

/** Why the shell never ran (a missing shell, a bad cwd), or undefined when it did. */
export function startFailure(shell: string, result: Awaited<ShellProcess>, exited: boolean): string | undefined {
  const neverRan = !exited && result.failed && result.exitCode === undefined && result.signal === undefined;
  return neverRan ? `Could not start ${shell}: ${result.shortMessage}` : undefined;
}
