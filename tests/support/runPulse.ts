// Runs the built CLI (dist/pulse.js) as a child process in an isolated world: a temp git repo
// as cwd, a temp HOME and PULSE_CONFIG_DIR, and only the environment the test gives it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PULSE_BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/pulse.js');

export type PulseWorld = {
  /** The temp git repository Pulse runs in (symlinks resolved). */
  repo: string;
  home: string;
  configDir: string;
  cleanup(): Promise<void>;
};

export type WorldOptions = {
  /** Whether the repo was already trusted (the trust question answered); true unless a test asks. */
  trusted?: boolean;
};

export async function createWorld(options: WorldOptions = {}): Promise<PulseWorld> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-e2e-')));
  const repo = join(root, 'repo');
  const home = join(root, 'home');
  const configDir = join(root, 'config');
  await Promise.all([mkdir(repo), mkdir(home), mkdir(configDir)]);
  execFileSync('git', ['init', '-q'], { cwd: repo });
  if (options.trusted !== false) {
    // The shape src/bootstrap/trust.ts keeps: the interactive tests start past the trust question.
    const store = { folders: { [repo]: { trustedAt: new Date(0).toISOString() } } };
    await writeFile(join(configDir, 'trusted-folders.json'), JSON.stringify(store));
  }
  // Retries: a child that was just killed may still be closing a file inside the folder.
  return { repo, home, configDir, cleanup: () => rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) };
}

export type RunOptions = {
  world: PulseWorld;
  /** The mock's URL; leave out to run with no API endpoint. */
  baseUrl?: string;
  /** Defaults to `sk-test`; pass null to run without any key. */
  apiKey?: string | null;
  env?: Record<string, string>;
  /** Written to stdin, which is then closed. Without it stdin is /dev/null. */
  stdin?: string;
};

export type PulseRun = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as NDJSON (stream-json / json output). */
  json(): Array<Record<string, unknown>>;
};

export function assertBuilt(): void {
  if (!existsSync(PULSE_BIN)) throw new Error(`${PULSE_BIN} is missing: run \`npm run build\` first`);
}

/** What every Pulse a test starts runs with: the world's home and config folder, and PATH. */
export function worldEnv(world: PulseWorld): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: world.home, PULSE_CONFIG_DIR: world.configDir };
}

export type StartedPulse = {
  child: ChildProcess;
  finished: Promise<PulseRun>;
};

export function runPulse(args: string[], options: RunOptions): Promise<PulseRun> {
  return startPulse(args, options).finished;
}

/** Starts Pulse and hands back the child too, for tests that signal it mid-run. */
export function startPulse(args: string[], options: RunOptions): StartedPulse {
  assertBuilt();
  const env: Record<string, string> = {
    ...worldEnv(options.world),
    // Fast backoff so retry tests do not wait for production delays.
    PULSE_RETRY_BASE_DELAY_MS: '10',
    ...(options.baseUrl ? { ANTHROPIC_BASE_URL: options.baseUrl } : {}),
    ...(options.apiKey === null ? {} : { ANTHROPIC_API_KEY: options.apiKey ?? 'sk-test' }),
    ...options.env,
  };
  const child = spawn(process.execPath, [PULSE_BIN, ...args], {
    cwd: options.world.repo,
    env,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const finished = new Promise<PulseRun>((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) =>
      resolvePromise({
        code,
        signal,
        stdout,
        stderr,
        json: () =>
          stdout
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as Record<string, unknown>),
      }),
    );
  });
  return { child, finished };
}
