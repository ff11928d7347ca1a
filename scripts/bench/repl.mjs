#!/usr/bin/env node
// REPL rendering benchmark: the built CLI in a real pty (120x40) against the mock Messages API,
// every byte fed into a terminal emulator (xterm.js) that the waits read. It plays short turns
// through the prompt (so the store and the scrollback hold a real session's history); after 50
// of them it streams one long Markdown answer at the API's pace (~100 tokens/s) and one at a
// fast model's (~1,500 tokens/s), and reports for each the CPU the REPL spends per 1k streamed
// tokens and the bytes written to the terminal per byte of answer text; it also times
// keystroke-to-echo at turn 1 and after the last turn, and checks the answers reached the
// scrollback whole.
// Usage: node scripts/bench/repl.mjs [turns]           (default 200)
//   BENCH_SLOW_TOKENS / BENCH_FAST_TOKENS   answer lengths (default 1500 / 10000)
//   PULSE_BENCH_BIN      another build to measure (default dist/pulse.js)
//   BENCH_THREADS=1      also print each thread's CPU ticks per long answer (V8's compiler and GC
//                        workers beside the main thread) and how often the main thread woke
//   BENCH_PERF           a file prefix: `perf record -g` of the REPL during each long answer, to
//                        <prefix>.<delay>ms (BENCH_PERF_HZ samples a second, default 999); `perf report -i <file>
//                        --no-children -g none --sort pid,sym` says which thread and function the CPU is in
//                        (with BENCH_NODE_ARGS=--perf-basic-prof, JS functions by name); the CPU figures of such
//                        a run include the sampling, so they are for where the time goes, not for the table
//   BENCH_DUMP           a file prefix to save the raw bytes written during each long answer
//                        (and, as .json, the reads they came in: `node scripts/bench/replBytes.mjs <file>.json`
//                        says where the bytes go)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadMockAnthropic, median, pulseBin } from './harness.mjs';
import { CHARS_PER_TOKEN, longAnswer } from './longAnswer.mjs';
import { cpuSeconds, createBenchWorld, startPtySession, threadTicks } from './ptySession.mjs';

const turns = Number.parseInt(process.argv[2] ?? process.env.BENCH_TURNS ?? '200', 10);
const PRIOR_TURNS = Math.min(50, turns);
const KEYSTROKES = 30;
/** Time between keystrokes: a fast typist's ten keys a second. */
const KEY_INTERVAL_MS = 100;
const TURN_END = '✻ Worked for';
/**
 * Each pace as the mock sends it: characters per text delta and the pause between deltas. A 2 ms
 * pause is nearer 4 ms once timers and the mock's writes are counted, so the fast pace sends six
 * tokens a delta to arrive at ~1,500 tokens a second (the report prints the pace achieved).
 */
const PACES = [
  { name: 'API pace', prompt: 'write the long report slowly', tokens: Number(process.env.BENCH_SLOW_TOKENS ?? 1500), deltaChars: 16, delayMs: 40 },
  { name: 'fast model', prompt: 'write the long report quickly', tokens: Number(process.env.BENCH_FAST_TOKENS ?? 10000), deltaChars: 24, delayMs: 2 },
];

const TARGETS = { bytesPerAnswerByte: 1.5, cpuPer1kTokens: 0.2, echoMs: 10 };

function shortAnswer(turn) {
  return `Step ${turn} is done: the change is in \`src/part${turn}.ts\`.\n\n- the tests pass\n- nothing else changed`;
}

function lastUserText(request) {
  const messages = request.body.messages ?? [];
  const last = messages.at(-1);
  if (!last || last.role !== 'user') return '';
  if (typeof last.content === 'string') return last.content;
  return last.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** How many turns the scrollback shows as finished. */
function finishedTurns(session) {
  return session.allLines().filter((line) => line.startsWith(TURN_END)).length;
}

/** Resolves when one more turn has finished than `before`, with the time its summary arrived. */
function turnEnded(session, before, label, timeoutMs = 300_000) {
  return session.waitFor((text) => !text.includes('esc to interrupt') && finishedTurns(session) > before, label, timeoutMs);
}

async function typeAndSubmit(session, prompt) {
  session.write(prompt);
  await session.waitFor((text) => text.includes(prompt), `the prompt "${prompt}" to show`);
  const before = finishedTurns(session);
  session.write('\r');
  await turnEnded(session, before, `the end of the turn for "${prompt}"`);
}

/**
 * Types KEYSTROKES letters one at a time, timing each until Ink draws it in the prompt box; with
 * the REPL's CPU per keystroke (idle time between keys included), to show whether a key costs
 * more once the history is long.
 */
async function echoLatencies(session) {
  const latencies = [];
  const cpuBefore = cpuSeconds(session.pid);
  let draft = '';
  for (let index = 0; index < KEYSTROKES; index++) {
    const letter = String.fromCharCode(97 + (index % 26));
    draft += letter;
    await pause(KEY_INTERVAL_MS);
    session.mark();
    const sent = performance.now();
    session.write(letter);
    const drawn = await session.waitFor((text) => text.includes(`> ${draft}`), `the echo of "${draft}"`);
    latencies.push(drawn - sent);
  }
  latencies.cpuMsPerKey = ((cpuSeconds(session.pid) - cpuBefore) * 1000) / KEYSTROKES;
  session.mark();
  session.write('\u0015');
  await session.waitFor((text) => !text.includes(`> ${draft}`) && text.includes('> '), 'the prompt to clear');
  return latencies;
}

function pause(ms) {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}

/** Lets the REPL finish the frame and effects that follow a turn before measuring. */
function quietMoment() {
  return pause(300);
}

/** Streams one long answer at a pace and measures what it cost the REPL. */
async function streamLongAnswer(session, pace, answer) {
  session.write(pace.prompt);
  await session.waitFor((text) => text.includes(pace.prompt), 'the long prompt to show');
  await quietMoment();
  const before = finishedTurns(session);
  session.mark();
  const perf = process.env.BENCH_PERF ? await startPerf(session.pid, `${process.env.BENCH_PERF}.${pace.delayMs}ms`) : undefined;
  const threadsBefore = threadTicks(session.pid);
  const wakeUpsBefore = mainThreadWakeUps(session.pid);
  const cpuBefore = cpuSeconds(session.pid);
  const started = performance.now();
  session.write('\r');
  await turnEnded(session, before, `the end of the ${pace.name} answer`, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(session.pid) - cpuBefore;
  const written = session.bytesSinceMark();
  await perf?.stop();
  if (process.env.BENCH_THREADS) process.stderr.write(`${pace.name}: main thread woke ${mainThreadWakeUps(session.pid) - wakeUpsBefore} times\n`);
  if (process.env.BENCH_THREADS) process.stderr.write(`${pace.name}: ${threadSplit(threadsBefore, threadTicks(session.pid))}\n`);
  if (process.env.BENCH_DUMP) {
    writeFileSync(`${process.env.BENCH_DUMP}.${pace.delayMs}ms`, session.rawSinceMark());
    writeFileSync(`${process.env.BENCH_DUMP}.${pace.delayMs}ms.json`, JSON.stringify(session.chunksSinceMark()));
  }
  const lines = session.allLines();
  const last = `return total * ${answer.split('## Part').length - 1};`;
  const copies = lines.filter((line) => line.trim() === last).length;
  if (copies !== 1) throw new Error(`the end of the ${pace.name} answer (${last}) is in the scrollback ${copies} times\n${lines.slice(-40).join('\n')}`);
  const tokens = answer.length / CHARS_PER_TOKEN;
  return { ...pace, tokens, seconds, cpuPer1k: cpu / (tokens / 1000), written, bytesPerByte: written / Buffer.byteLength(answer, 'utf8') };
}

async function main() {
  const bin = pulseBin();
  const world = await createBenchWorld();
  const { startMockAnthropic } = await loadMockAnthropic(world.base);
  const answers = new Map(PACES.map((pace) => [pace.prompt, longAnswer(pace.tokens)]));
  let shortTurns = 0;
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) => {
      const pace = PACES.find((candidate) => lastUserText(request).includes(candidate.prompt));
      return pace
        ? { content: [{ type: 'text', text: answers.get(pace.prompt) }], chunkSize: pace.deltaChars, chunkDelayMs: pace.delayMs }
        : { content: [{ type: 'text', text: shortAnswer(++shortTurns) }] };
    },
  });
  const session = startPtySession({ bin, world, mockUrl: mock.url });
  try {
    await session.waitFor((text) => text.includes('/ for commands'), 'the prompt to appear');
    await quietMoment();

    const turnsStarted = performance.now();
    let echoAtFirst = [];
    const streamed = [];
    for (let turn = 1; turn <= turns; turn++) {
      await typeAndSubmit(session, `please do step ${turn}`);
      if (turn === 1) {
        await quietMoment();
        echoAtFirst = await echoLatencies(session);
      }
      if (turn === PRIOR_TURNS) {
        for (const pace of PACES) streamed.push(await streamLongAnswer(session, pace, answers.get(pace.prompt)));
      }
      if (turn % 50 === 0) process.stderr.write(`  ${turn} turns (${((performance.now() - turnsStarted) / 1000).toFixed(0)} s)\n`);
    }
    await quietMoment();
    const echoAtLast = await echoLatencies(session);
    const rssMiB = peakRssMiB(session.pid);

    session.write('\u0004');
    await session.waitFor(() => session.exitCode() !== undefined, 'pulse to exit', 15_000).catch(() => undefined);
    if (mock.requests.length !== turns + PACES.length) throw new Error(`expected ${turns + PACES.length} requests, the mock saw ${mock.requests.length}`);
    report({ bin, turns, streamed, echoAtFirst, echoAtLast, rssMiB, exitCode: session.exitCode() });
  } finally {
    session.kill();
    await mock.close();
    await world.cleanup();
  }
}

/** Times the REPL's main thread gave up the CPU to wait (timers, reads): one a wake-up. */
function mainThreadWakeUps(pid) {
  return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** `perf record` attached to the REPL until `stop()`, which waits for perf to write its file. */
async function startPerf(pid, file) {
  const perf = spawn('perf', ['record', '-q', '-g', '-F', process.env.BENCH_PERF_HZ ?? '999', '-p', String(pid), '-o', file], { stdio: 'ignore' });
  const exited = new Promise((resolvePromise) => perf.once('exit', resolvePromise));
  await pause(200);
  return {
    stop: () => {
      perf.kill('SIGINT');
      return exited;
    },
  };
}

/** The ticks each thread spent between two readings (the main thread first, then V8's workers). */
function threadSplit(before, after) {
  return [...after]
    .map(([thread, { user, system }]) => {
      const earlier = before.get(thread) ?? { user: 0, system: 0 };
      return { thread, user: user - earlier.user, system: system - earlier.system };
    })
    .filter(({ user, system }) => user + system > 0)
    .map(({ thread, user, system }) => `${thread} user ${user} system ${system}`)
    .join(', ');
}

function peakRssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

function report(r) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
  console.log(`REPL in a 120x40 pty through xterm.js: ${r.turns} short turns, the long answers after turn ${PRIOR_TURNS} (${r.bin})\n`);
  console.log('| measurement | value | target |');
  console.log('|---|---|---|');
  for (const s of r.streamed) {
    const pace = `${s.name}, ${Math.round(s.tokens)} tokens in ${s.seconds.toFixed(1)} s ≈ ${Math.round(s.tokens / s.seconds)} tokens/s`;
    console.log(`| CPU per 1k streamed tokens (${pace}) | ${s.cpuPer1k.toFixed(3)} s | ≤ ${TARGETS.cpuPer1kTokens} s ${mark(s.cpuPer1k <= TARGETS.cpuPer1kTokens)} |`);
    console.log(`| bytes written per answer byte (${s.name}) | ${s.bytesPerByte.toFixed(2)} (${s.written} bytes) | ≤ ${TARGETS.bytesPerAnswerByte} ${mark(s.bytesPerByte <= TARGETS.bytesPerAnswerByte)} |`);
  }
  for (const [label, values] of [['turn 1', r.echoAtFirst], [`turn ${r.turns}`, r.echoAtLast]]) {
    const middle = median(values);
    console.log(`| keystroke echo after ${label} (median / p90) | ${middle.toFixed(1)} / ${p90(values).toFixed(1)} ms | ≤ ${TARGETS.echoMs} ms ${mark(middle <= TARGETS.echoMs)} |`);
    console.log(`| REPL CPU per keystroke after ${label} | ${values.cpuMsPerKey.toFixed(1)} ms | |`);
  }
  console.log(`| peak RSS of the REPL | ${r.rssMiB.toFixed(0)} MiB | |`);
  console.log(`\nExit code: ${r.exitCode ?? 'still running (killed)'}`);
}

await main();
