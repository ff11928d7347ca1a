// Starts `shell -c script` as the leader of a new process group, either directly or inside the
// sandbox (`launch`, from sandbox/launch.ts). Foreground commands and background shells both
// start here, so a sandboxed command is started the same way wherever it runs.
import { execa, type ResultPromise } from 'execa';
import type { SandboxRun } from '../../sandbox/launch.js';

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
