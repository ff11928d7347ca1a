#!/usr/bin/env node
// Stream-receiving benchmark: what it costs Pulse to take in one long answer at the API's pace
// (16-character deltas every 40 ms, ~100 tokens/s), in print mode (text and stream-json with
// partial messages) and in the REPL (through a pty and a terminal emulator). The mock holds the
// stream before its first event and before its last two, so the CPU counted is the stream's
// alone: no start-up, no exit. For each run it reports the CPU of the whole process and of its
// main thread per 1k streamed tokens, the main thread's wake-ups (voluntary context switches)
// per 1k tokens, and how long after the last event the turn was seen to end (print mode: the
// process exits; the REPL: the turn's summary line is drawn), which bounds any read pacing's cost
// at the end of a message.
// Builds are measured in turns, so a second build (PULSE_BENCH_BASE=…/pulse.js) gives paired
// ratios in one run on a shared machine.
// Usage: node scripts/bench/streamCpu.mjs [runs]   (default 3 per build and mode)
//   PULSE_BENCH_BIN    the build to measure (default dist/pulse.js)
//   PULSE_BENCH_BASE   a build to compare it with, run alternately
//   BENCH_MODES        comma-separated subset of text,stream-json,repl
//   BENCH_TOKENS       answer length (default 1500)
//   BENCH_NO_RESULTS=1 do not append to RESULTS.md
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadSourceModules, appendResults, median, pulseBin } from './harness.mjs';
import { CHARS_PER_TOKEN, longAnswer } from './longAnswer.mjs';
import { createBenchWorld, startPtySession } from './ptySession.mjs';

const runs = Number.parseInt(process.argv[2] ?? process.env.BENCH_RUNS ?? '3', 10);
const modes = (process.env.BENCH_MODES ?? 'text,stream-json,repl').split(',');
const DELTA_CHARS = 16;
const DELAY_MS = 40;
/** Time given to the process to take in the events written before a hold, before it is sampled. */
const SETTLE_MS = 300;
const TURN_END = '✻ Worked for';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU nanoseconds (from schedstat, finer than /proc's 10 ms ticks) and wake-ups, per thread. */
function threadStats(pid) {
  const stats = { totalNs: 0, mainNs: 0, mainWakeups: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    stats.totalNs += ns;
    if (tid !== String(pid)) continue;
    stats.mainNs = ns;
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    stats.mainWakeups = Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return stats;
}

/** A promise the mock's hold waits on and the bench opens, and one that says the hold was reached. */
function gate() {
  const hold = {};
  hold.promise = new Promise((resolve) => (hold.open = resolve));
  hold.reachedPromise = new Promise((resolve) => (hold.reached = resolve));
  return hold;
}

async function waitUntil(check, label, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await pause(20);
  }
}

async function main() {
  const world = await createBenchWorld();
  const { startMockAnthropic, replyEvents } = await loadSourceModules(
    world.base,
    "export * from './tests/support/mockAnthropic.ts'; export { replyEvents } from './tests/support/mockEvents.ts';",
    'mockStream',
  );
  const text = longAnswer(Number(process.env.BENCH_TOKENS ?? 1500));
  const tokens = text.length / CHARS_PER_TOKEN;
  const eventCount = replyEvents({ content: [{ type: 'text', text }], chunkSize: DELTA_CHARS, messageId: 'm', model: 'm' }).length;
  let current;
  const mock = await startMockAnthropic({
    turns: [],
    fallback: () => ({
      content: [{ type: 'text', text }],
      chunkSize: DELTA_CHARS,
      chunkDelayMs: DELAY_MS,
      // Before message_start, and before message_delta + message_stop.
      holds: [
        { afterEvents: 0, until: current.start.promise, reached: current.start.reached },
        { afterEvents: eventCount - 2, until: current.end.promise, reached: current.end.reached },
      ],
    }),
  });
  const builds = [{ name: 'candidate', bin: pulseBin() }];
  if (process.env.PULSE_BENCH_BASE) builds.push({ name: 'base', bin: process.env.PULSE_BENCH_BASE });
  const rows = [];
  const load = [];
  try {
    for (const mode of modes) {
      for (let run = 0; run < runs; run++) {
        for (const build of builds) {
          current = { start: gate(), end: gate() };
          const figures = await measure(mode, build.bin, world, mock.url, current);
          rows.push({ mode, build: build.name, ...figures });
          load.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
          console.error(`${mode} ${build.name} run ${run + 1}: ${JSON.stringify(figures)}`);
        }
      }
    }
  } finally {
    await mock.close();
    await world.cleanup();
  }
  const report = summarise(rows, tokens, builds, load);
  console.log(report);
  await appendResults(`\n## Stream receiving — ${new Date().toISOString()}\n\n\`node scripts/bench/streamCpu.mjs ${runs}\`\n\n${report}\n`);
}

/** One answer received by one build in one mode: the CPU between the two holds. */
async function measure(mode, bin, world, mockUrl, gates) {
  const receiver = startReceiver(mode, bin, world, mockUrl);
  try {
    await gates.start.reachedPromise;
    // Whatever the request's sending left to do is done before counting starts.
    await pause(SETTLE_MS);
    const start = threadStats(receiver.pid);
    const startedAt = performance.now();
    gates.start.open();
    await gates.end.reachedPromise;
    await pause(SETTLE_MS);
    const end = threadStats(receiver.pid);
    const wall = (performance.now() - startedAt) / 1000;
    const releasedAt = performance.now();
    gates.end.open();
    const endedAt = await receiver.ended();
    return {
      cpu: (end.totalNs - start.totalNs) / 1e9,
      mainCpu: (end.mainNs - start.mainNs) / 1e9,
      wakeups: end.mainWakeups - start.mainWakeups,
      wall,
      endLatencyMs: Math.round(endedAt - releasedAt),
    };
  } finally {
    await receiver.close();
  }
}

/** Print mode as a plain child (output discarded), or the REPL in a pty with one prompt typed. */
function startReceiver(mode, bin, world, mockUrl) {
  if (mode === 'repl') return startRepl(bin, world, mockUrl);
  const format = mode === 'stream-json' ? ['--output-format', 'stream-json', '--verbose', '--include-partial-messages'] : [];
  const child = spawn(process.execPath, [bin, '-p', 'write the long report', ...format], {
    cwd: world.repo,
    env: {
      PATH: process.env.PATH,
      HOME: world.home,
      PULSE_CONFIG_DIR: world.configDir,
      ANTHROPIC_API_KEY: 'sk-bench',
      ANTHROPIC_BASE_URL: mockUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', () => resolve(performance.now())));
  const close = async () => {
    child.kill();
    await exited;
  };
  return { pid: child.pid, ended: () => exited, close };
}

function startRepl(bin, world, mockUrl) {
  const session = startPtySession({ bin, world, mockUrl });
  const ready = session.waitFor((screen) => screen.includes('> '), 'the prompt box').then(() => {
    session.write('write the long report');
    return session.waitFor((screen) => screen.includes('write the long report'), 'the prompt to show');
  });
  ready.then(() => session.write('\r'));
  const turnEnded = () =>
    session.waitFor((screen) => screen.includes(TURN_END) && !screen.includes('esc to interrupt'), 'the end of the turn', 120_000);
  // The REPL is stopped, and gone, before the next run (or the world's removal) begins.
  const close = async () => {
    session.kill();
    await waitUntil(() => session.exitCode() !== undefined, 'the REPL to exit', 10_000);
  };
  return { pid: session.pid, ended: turnEnded, close };
}

function summarise(rows, tokens, builds, load) {
  const per1k = (value) => (value * 1000) / tokens;
  const lines = [
    `${Math.round(tokens)} tokens at ~${Math.round((DELTA_CHARS / CHARS_PER_TOKEN) * (1000 / DELAY_MS))} tokens/s (${DELTA_CHARS}-character deltas every ${DELAY_MS} ms); medians of ${runs} runs per build and mode, builds alternating; load ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
    '',
    '| mode | build | CPU per 1k tokens (process) | main thread | main-thread wake-ups per 1k tokens | end of message → turn seen ended |',
    '|---|---|---|---|---|---|',
  ];
  for (const mode of modes) {
    for (const build of builds) {
      const mine = rows.filter((row) => row.mode === mode && row.build === build.name);
      const pick = (key) => median(mine.map((row) => row[key]));
      lines.push(
        `| ${mode} | ${build.name} | ${per1k(pick('cpu')).toFixed(3)} s | ${per1k(pick('mainCpu')).toFixed(3)} s | ${Math.round(per1k(pick('wakeups')))} | ${pick('endLatencyMs')} ms |`,
      );
    }
  }
  if (builds.length === 2) lines.push('', `candidate: ${builds[0].bin}; base: ${builds[1].bin}`);
  return lines.join('\n');
}

await main();
