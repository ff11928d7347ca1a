// Shared pieces for benchmarks that drive the built REPL in a real pseudo-terminal: an isolated
// world (temp git repo, HOME, config dir), a pty session that records every byte Pulse writes,
// and the child's CPU time from /proc. What all benchmarks share is in harness.mjs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';

// Colours, cursor moves, erases and synchronized-output markers: what is left is the text.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007]*\u0007|[=>])/g;

export function stripEscapes(text) {
  return text.replace(ESCAPES, '');
}

/** A temp git repository as cwd plus a temp HOME and config dir; `cleanup` removes all three. */
export async function createBenchWorld() {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-')));
  const world = { base, repo: join(base, 'repo'), home: join(base, 'home'), configDir: join(base, 'config') };
  await Promise.all([mkdir(world.repo), mkdir(world.home), mkdir(world.configDir)]);
  execFileSync('git', ['init', '-q'], { cwd: world.repo });
  // Trusted already (the shape src/bootstrap/trust.ts keeps), so the REPL opens straight away.
  const store = { folders: { [world.repo]: { trustedAt: new Date(0).toISOString() } } };
  await writeFile(join(world.configDir, 'trusted-folders.json'), JSON.stringify(store));
  return { ...world, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/**
 * Starts `node <bin> ...args` in a pty and records its output. `waitFor(check)` resolves on the
 * first output chunk after which `check(text)` holds, where `text` is everything written since
 * `mark` (escapes stripped), so callers wait on what the screen shows rather than on timers.
 */
export function startPtySession({ bin, args = [], world, mockUrl, cols = 120, rows = 40 }) {
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, shows where the REPL's time goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const pty = spawn(process.execPath, [...nodeArgs, bin, ...args], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: world.repo,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: world.home,
      PULSE_CONFIG_DIR: world.configDir,
      ANTHROPIC_API_KEY: 'sk-bench',
      ANTHROPIC_BASE_URL: mockUrl,
      TERM: 'xterm-256color',
    },
  });
  const chunks = [];
  let totalBytes = 0;
  let exitCode;
  let waiter;
  let markIndex = 0;
  let markBytes = 0;

  const sinceMark = () => stripEscapes(chunks.slice(markIndex).join(''));
  const checkWaiter = () => {
    if (!waiter) return;
    if (exitCode !== undefined) {
      const failed = waiter;
      waiter = undefined;
      failed.reject(new Error(`pulse exited (${exitCode}) while waiting for ${failed.label}`));
      return;
    }
    if (!waiter.check(sinceMark())) return;
    const done = waiter;
    waiter = undefined;
    clearTimeout(done.timer);
    done.resolve(performance.now());
  };

  pty.onData((data) => {
    chunks.push(data);
    totalBytes += Buffer.byteLength(data, 'utf8');
    checkWaiter();
  });
  pty.onExit(({ exitCode: code }) => {
    exitCode = code;
    checkWaiter();
  });

  return {
    pid: pty.pid,
    write: (text) => pty.write(text),
    /** Starts a new window for `waitFor` and `bytesSinceMark`. */
    mark() {
      markIndex = chunks.length;
      markBytes = totalBytes;
    },
    bytesSinceMark: () => totalBytes - markBytes,
    textSinceMark: sinceMark,
    rawSinceMark: () => chunks.slice(markIndex).join(''),
    /** Resolves with performance.now() of the output chunk that satisfied `check`. */
    waitFor(check, label, timeoutMs = 60_000) {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new Error(`timed out waiting for ${label}`));
        }, timeoutMs);
        waiter = { check, label, resolve: resolvePromise, reject, timer };
        checkWaiter();
      });
    },
    exitCode: () => exitCode,
    kill: () => {
      if (exitCode === undefined) pty.kill();
    },
  };
}

/** User plus system CPU seconds the process has used so far (/proc/<pid>/stat, Linux only). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
