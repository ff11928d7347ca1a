// Shared pieces for benchmarks that drive the built REPL in a real pseudo-terminal: an isolated
// world (temp git repo, HOME, config dir), a pty session whose every byte goes into a terminal
// emulator (xterm.js, headless) so waits are on what the screen shows, and the child's CPU time
// from /proc. What all benchmarks share is in harness.mjs.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';
import unicode11 from '@xterm/addon-unicode11';
import xterm from '@xterm/headless';

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
 * Starts `node <bin> ...args` in a pty, feeding a terminal emulator. `waitFor(check)` resolves
 * once `check(screen)` holds for the emulator's visible screen (rows joined by newlines), with
 * the arrival time of the output that made it hold, so callers wait on what a person would see.
 */
export function startPtySession({ bin, args = [], world, mockUrl, cols = 120, rows = 40 }) {
  // BENCH_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, shows where the REPL's time goes.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const term = new xterm.Terminal({ cols, rows, scrollback: 100_000, allowProposedApi: true });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = '11';
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

  const screen = () => {
    const buffer = term.buffer.active;
    const out = [];
    for (let row = 0; row < term.rows; row++) out.push(buffer.getLine(buffer.baseY + row)?.translateToString(true) ?? '');
    return out.join('\n');
  };
  /** Scrollback and screen, rows the terminal wrapped joined. */
  const allLines = () => {
    const buffer = term.buffer.active;
    const out = [];
    for (let index = 0; index < buffer.length; index++) {
      const line = buffer.getLine(index);
      if (!line) continue;
      const text = line.translateToString(true);
      if (line.isWrapped && out.length > 0) out[out.length - 1] += text;
      else out.push(text);
    }
    return out;
  };
  const checkWaiter = (arrivedAt) => {
    if (!waiter) return;
    if (exitCode !== undefined) {
      const failed = waiter;
      waiter = undefined;
      failed.reject(new Error(`pulse exited (${exitCode}) while waiting for ${failed.label}`));
      return;
    }
    if (!waiter.check(screen())) return;
    const done = waiter;
    waiter = undefined;
    clearTimeout(done.timer);
    done.resolve(arrivedAt);
  };

  pty.onData((data) => {
    const arrivedAt = performance.now();
    chunks.push(data);
    totalBytes += Buffer.byteLength(data, 'utf8');
    term.write(data, () => checkWaiter(arrivedAt));
  });
  pty.onExit(({ exitCode: code }) => {
    exitCode = code;
    checkWaiter(performance.now());
  });

  return {
    pid: pty.pid,
    write: (text) => pty.write(text),
    /** Starts a new window for `bytesSinceMark` and `rawSinceMark`. */
    mark() {
      markIndex = chunks.length;
      markBytes = totalBytes;
    },
    bytesSinceMark: () => totalBytes - markBytes,
    rawSinceMark: () => chunks.slice(markIndex).join(''),
    /** The output since the mark as the reads that brought it (about one per frame the REPL wrote). */
    chunksSinceMark: () => chunks.slice(markIndex),
    screen,
    allLines,
    /** Resolves with performance.now() of the output chunk after which `check` held. */
    waitFor(check, label, timeoutMs = 60_000) {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => {
          waiter = undefined;
          reject(new Error(`timed out waiting for ${label}\n${screen()}`));
        }, timeoutMs);
        waiter = { check, label, resolve: resolvePromise, reject, timer };
        term.write('', () => checkWaiter(performance.now()));
      });
    },
    exitCode: () => exitCode,
    kill: () => {
      if (exitCode === undefined) pty.kill();
      term.dispose();
    },
  };
}

/** User plus system CPU seconds the process has used so far (/proc/<pid>/stat, Linux only). */
export function cpuSeconds(pid) {
  const { user, system } = statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const ticksPerSecond = 100;
  return (user + system) / ticksPerSecond;
}

/** Each thread's user and system CPU ticks (1/100 s), by `name#id`: the main thread and V8's compiler and GC workers. */
export function threadTicks(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    out.set(`${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}#${tid}`, statTicks(stat));
  }
  return out;
}

function statTicks(stat) {
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}
