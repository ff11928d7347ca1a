#!/usr/bin/env node
// Long-session benchmark: one query() of 1,000 tool rounds through the real loop and the real
// context layers, each round a Read of a generated file or an in-process Echo (the profiles are
// in longSessionScript.mjs). Two modes:
// - default (compaction): a scripted in-process model; tool-result budget, snip, microcompact,
//   collapse and auto-compaction all fire, as they would against the API;
// - --no-compaction: the real model client (SDK, request building, nodeFetch) against the mock
//   Messages API in another process, which reports realistic token counts (the request's size /
//   4) under a context window so large that nothing is compacted: the history only grows (about
//   10 MB by round 1,000), so any per-round cost proportional to it shows.
//
// Reports RSS after a GC at rounds 10, 100 and 1,000 (and the peak), and the loop's own time per
// round: wall time minus the tools' own time and minus the model's (the in-process model's work,
// or the time awaiting the HTTP response, less the main thread's CPU while the fetch is awaited,
// which is sending the request), and the same for CPU time (the whole
// process, GC included). Each round's figure is the median over RUNS sessions; the table shows the median of
// the 10 rounds ending at each mark. A 50-round warm-up session runs first.
// Usage: node scripts/bench/longSession.mjs [rounds] [--no-compaction]   (figures appended to
// RESULTS.md unless BENCH_NO_RESULTS=1; PULSE_BENCH_BASE=<checkout> measures that checkout)
import { spawn } from 'node:child_process';
import { openSync, readSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { appendResults, loadMockAnthropic, loadSourceModules, median } from './harness.mjs';
import { phaseRecorder } from './longSessionPhases.mjs';
import { echoTool, generateFiles, mockTurnFor, PROFILES, promptFor, scriptedModel, timedTool } from './longSessionScript.mjs';

const args = process.argv.slice(2);
const PROFILE = args.includes('--no-compaction') ? 'no-compaction' : 'compaction';
const ROUNDS = Number.parseInt(args.find((arg) => /^\d+$/.test(arg)) ?? process.env.BENCH_ROUNDS ?? '1000', 10);
const MARKS = [10, 100, ROUNDS];
const WINDOW = 10;
/** Sessions measured; each round's overhead is the median across them (the machine may be busy). */
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const MODEL = 'claude-sonnet-4-6';
/** No compaction: a window no history of this benchmark reaches. */
const HUGE_CONTEXT_WINDOW = '1000000000';

const ENTRY = `
export { query } from './src/query/query.ts';
export { ReadTool } from './src/tools/read/ReadTool.ts';
export { FileReadCache } from './src/tools/shared/fileReadCache.ts';
export { createCallModel } from './src/api/callModel.ts';
export { FirstPartyClient } from './src/api/providers/firstParty.ts';
export { sdkOptions } from './src/api/providers/common.ts';
export { createUserMessage } from './src/utils/messages.ts';
export { resetSession } from './src/state/session.ts';
export { RunTally } from './src/cli/print/runTally.ts';
export { toSdkLine } from './src/cli/print/sdkMessages.ts';
export { z } from 'zod';
`;

function toolContext(modules, cwd, toolResultsDir) {
  let current = cwd;
  return {
    getCwd: () => current,
    setCwd: (dir) => {
      current = dir;
    },
    abortSignal: new AbortController().signal,
    readFileState: new modules.FileReadCache(),
    getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [cwd] }),
    options: { model: MODEL, isNonInteractive: true, verbose: false, env: {}, toolResultsDir },
  };
}

const mib = (bytes) => bytes / 1024 / 1024;
/** This process's CPU milliseconds so far, in user space and in the kernel (socket writes …). */
const cpuNow = () => {
  const used = process.cpuUsage();
  return { user: used.user / 1000, system: used.system / 1000 };
};

/**
 * The main thread's CPU while the fetch itself is awaited: the request is written to the socket
 * then (the socket is handed over on a later tick), so the kernel's copy of the body, about 10 MB
 * by round 1,000, happens inside that wait, and so may V8 tasks the event loop runs while idle
 * (a scavenge, a marking step). It is the loop's time, not the model's. The main
 * thread's own figure (Linux: /proc/thread-self/schedstat, in ns), since V8's helper threads (and a
 * profiler's) run meanwhile; elsewhere the process's.
 */
const busyWaiting = { ms: 0 };

function mainThreadCpu() {
  let fd;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
  }
  const bytes = Buffer.alloc(128);
  return () => Number(bytes.latin1Slice(0, readSync(fd, bytes, 0, bytes.length, 0)).split(' ')[0]) / 1e6;
}

const threadCpu = mainThreadCpu();
/**
 * The process's CPU in ms, to the microsecond: the main thread's schedstat is brought up to date
 * only when the thread is switched out, too late for phases a fraction of a millisecond long.
 */
const processCpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The model of this mode; `clock` collects the model's and the tools' own time and CPU. */
function modelFor(modules, rounds, files, clock, stats) {
  if (PROFILE === 'compaction') return scriptedModel(rounds, files, clock, stats);
  // The real client, with its fetch timed: awaiting the mock's answer (less the main thread's CPU
  // meanwhile: see busyWaiting), its headers and then each chunk of its stream, is the model's
  // time; what the loop does between chunks is its own.
  const waited = async (pending, countBusy = false) => {
    const started = performance.now();
    const cpuBefore = countBusy ? threadCpu() : 0;
    try {
      return await pending;
    } finally {
      const busy = countBusy ? Math.min(threadCpu() - cpuBefore, performance.now() - started) : 0;
      busyWaiting.ms += busy;
      clock.spent += performance.now() - started - busy;
    }
  };
  const timedFetch = async (...fetchArgs) => {
    clock.phase?.('fetch');
    const response = await waited(modules.sdkOptions().fetch(...fetchArgs), true);
    clock.phase?.('response');
    const { body } = response;
    response.body = {
      [Symbol.asyncIterator]: () => {
        const chunks = body[Symbol.asyncIterator]();
        const next = async () => {
          const chunk = await waited(chunks.next());
          if (chunk.done) clock.phase?.('streamed');
          return chunk;
        };
        return { next, return: (value) => chunks.return?.(value) ?? { done: true, value } };
      },
    };
    return response;
  };
  const client = new modules.FirstPartyClient({ ...modules.sdkOptions(), fetch: timedFetch, apiKey: 'sk-bench', baseURL: process.env.BENCH_MOCK_URL });
  const callModel = modules.createCallModel(() => client);
  return (params) => {
    clock.phase?.('callModel');
    return callModel(params);
  };
}

async function session(modules, scratch, rounds, files, record) {
  const clock = { spent: 0, user: 0, system: 0, phase: record?.phases?.mark };
  const stats = { summaryRequests: 0 };
  const tally = new modules.RunTally();
  const mapping = { sessionId: 'bench', includePartialMessages: false, newUuid: () => 'u' };
  modules.resetSession();
  const loop = modules.query({
    messages: [modules.createUserMessage({ content: promptFor(rounds) })],
    systemPrompt: ['bench'],
    tools: [timedTool(modules.ReadTool, clock), echoTool(modules.z, clock)],
    canUseTool: async () => ({ behavior: 'allow' }),
    context: toolContext(modules, scratch, join(scratch, `tool-results-${rounds}`)),
    source: 'print',
    deps: { callModel: modelFor(modules, rounds, files, clock, stats) },
  });
  let round = 0;
  record?.phases?.begin(1);
  let start = { wall: performance.now(), cpu: cpuNow(), tools: { spent: 0, user: 0, system: 0 }, sent: busyWaiting.ms };
  let peakRss = process.memoryUsage.rss();
  let step = await loop.next();
  while (!step.done) {
    const event = step.value;
    // What print mode does with every event: tally it and map it to a stream-json line.
    tally.observe(event);
    const line = modules.toSdkLine(event, mapping);
    if (line) JSON.stringify(line);
    const isToolResult = event.type === 'user' && Array.isArray(event.message.content) && event.message.content.some((b) => b.type === 'tool_result');
    if (event.type === 'stream_request_start') clock.phase?.('request');
    if (isToolResult) {
      clock.phase?.('result');
      round += 1;
      const now = cpuNow();
      const wall = performance.now() - start.wall - (clock.spent - start.tools.spent);
      const user = now.user - start.cpu.user - (clock.user - start.tools.user);
      const system = now.system - start.cpu.system - (clock.system - start.tools.system);
      record?.onRound(round, { wall, cpu: user + system, system, send: busyWaiting.ms - start.sent });
      if (record && (process.env.BENCH_PROF || process.env.BENCH_ALLOC)) await globalThis.benchProf(round);
      // Measuring memory is not the loop's work: it happens between the timed stretches.
      if (round % 5 === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (record && MARKS.includes(round)) {
        globalThis.gc();
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        // What V8 holds committed for the young generation, which it grows as objects survive.
        const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
        record.onMark(round, process.memoryUsage.rss(), peakRss, heapUsed, arrayBuffers, newSpace);
        if (process.env.BENCH_HEAP?.split(',').includes(String(round))) writeHeapSnapshot(join(process.env.BENCH_PROF_DIR ?? tmpdir(), `long-session-${round}.heapsnapshot`));
      }
      record?.phases?.begin(round + 1);
      start = { wall: performance.now(), cpu: cpuNow(), tools: { ...clock }, sent: busyWaiting.ms };
    }
    step = await loop.next();
  }
  record?.phases?.end();
  if (step.value.reason !== 'completed') throw new Error(`the loop ended ${step.value.reason}`);
  return { stats, rounds: round, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
}

function windowAt(values, round, average = median) {
  return average(values.slice(Math.max(0, round - WINDOW), round));
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function measure(scratch, files) {
  // PULSE_BENCH_BASE=<checkout> measures another checkout's sources (a worktree of main, say).
  const modules = await loadSourceModules(scratch, ENTRY, 'bench', process.env.PULSE_BENCH_BASE ? resolve(process.env.PULSE_BENCH_BASE) : undefined);
  await session(modules, scratch, 50, files); // warm-up, dropped
  globalThis.gc();
  const baselineRss = process.memoryUsage.rss();
  const samples = Array.from({ length: ROUNDS }, () => []);
  const marks = new Map();
  const onRound = (round, figures) => samples[round - 1]?.push(figures);
  const startedAt = performance.now();
  // BENCH_PHASES=1 (with --no-compaction): the first session's rounds phase by phase (longSessionPhases.mjs).
  const phases = process.env.BENCH_PHASES ? phaseRecorder(processCpu, ROUNDS) : undefined;
  // Memory is read in the first session only; later ones start from whatever it left behind.
  const run = await session(modules, scratch, ROUNDS, files, { phases, onRound, onMark: (round, rss, peak, heap, buffers, newSpace) => marks.set(round, { rss, peak, heap, buffers, newSpace }) });
  if (phases) console.log(phases.report([10, ROUNDS], WINDOW));
  const wallSeconds = (performance.now() - startedAt) / 1000;
  for (let extra = 1; extra < RUNS; extra++) await session(modules, scratch, ROUNDS, files, { onRound, onMark: () => undefined });
  const wall = samples.map((values) => median(values.map((v) => v.wall)));
  const cpu = samples.map((values) => median(values.map((v) => v.cpu)));
  // The kernel's share is counted in scheduler ticks, so it is averaged rather than taken as a median.
  const system = samples.map((values) => mean(values.map((v) => v.system)));
  const send = samples.map((values) => median(values.map((v) => v.send)));
  const rows = MARKS.map((round) => ({ round, wall: windowAt(wall, round), send: windowAt(send, round), cpu: windowAt(cpu, round), system: windowAt(system, round, mean), ...marks.get(round) }));
  return { run, rows, wallSeconds, baselineRss };
}

function report({ run, rows, wallSeconds, baselineRss }) {
  const first = rows[0];
  const last = rows.at(-1);
  const hundred = rows.find((r) => r.round === 100);
  const growth = mib(last.rss - hundred.rss);
  const ratio = last.wall / first.wall;
  const cpuRatio = last.cpu / first.cpu;
  const mode = PROFILE === 'compaction' ? 'scripted in-process model, compaction on' : 'SDK client against the mock API, nothing compacted';
  console.log(
    [
      `long session (${mode}): ${run.rounds} tool rounds, ${run.stats.summaryRequests} compactions, ${wallSeconds.toFixed(1)} s`,
      ...rows.map((r) => `  round ${String(r.round).padStart(4)}: loop overhead ${r.wall.toFixed(2)} ms wall (${r.send.toFixed(2)} of it busy while the fetch was awaited), ${r.cpu.toFixed(2)} ms CPU (${r.system.toFixed(2)} in the kernel); RSS after GC ${mib(r.rss).toFixed(1)} MiB (heap ${mib(r.heap).toFixed(1)} MiB, buffers ${mib(r.buffers).toFixed(1)} MiB, new space ${mib(r.newSpace).toFixed(0)} MiB), peak so far ${mib(r.peak).toFixed(1)} MiB`),
      `  round ${ROUNDS} / round 10: ${ratio.toFixed(2)} wall, ${cpuRatio.toFixed(2)} CPU; RSS growth round 100 -> ${ROUNDS}: ${growth.toFixed(1)} MiB; peak RSS ${mib(run.peakRss).toFixed(1)} MiB (after warm-up ${mib(baselineRss).toFixed(1)} MiB)`,
    ].join('\n'),
  );
  const { files, echoSizes } = PROFILES[PROFILE];
  return [
    '',
    `## Long session (\`longSession.mjs${PROFILE === 'compaction' ? '' : ' --no-compaction'}\`) — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Node ${process.version}, ${cpus().length} CPUs. \`node scripts/bench/longSession.mjs ${ROUNDS}${PROFILE === 'compaction' ? '' : ' --no-compaction'}\`: one query() of ${run.rounds} tool rounds,`,
    `${mode}; Read of ${files} generated files and an in-process Echo of ${echoSizes[0] / 1000}–${echoSizes.at(-1) / 1000} KB in turn.`,
    `${run.stats.summaryRequests} compactions. Loop overhead = round time minus the tools' and the model's own; each round's figure is`,
    `the median over ${RUNS} sessions, the table the median of the ${WINDOW} rounds ending at the mark. Memory from the first session, after a forced GC.`,
    '',
    '| round | loop overhead (wall) | of which busy while the fetch was awaited | loop overhead (CPU) | of which kernel (mean) | RSS after GC | JS heap after GC | buffers after GC | new space | peak RSS so far |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.round} | ${r.wall.toFixed(2)} ms | ${r.send.toFixed(2)} ms | ${r.cpu.toFixed(2)} ms | ${r.system.toFixed(2)} ms | ${mib(r.rss).toFixed(1)} MiB | ${mib(r.heap).toFixed(1)} MiB | ${mib(r.buffers).toFixed(1)} MiB | ${mib(r.newSpace).toFixed(0)} MiB | ${mib(r.peak).toFixed(1)} MiB |`),
    '',
    `Round ${ROUNDS} is ${ratio.toFixed(2)}× round 10 (wall), ${cpuRatio.toFixed(2)}× (CPU). RSS grew ${growth.toFixed(1)} MiB from round 100 to ${ROUNDS};`,
    `peak RSS ${mib(run.peakRss).toFixed(1)} MiB; wall time ${wallSeconds.toFixed(1)} s.`,
    '',
  ].join('\n');
}

/**
 * RSS after a collection is what the session retains, which needs --expose-gc: the launcher
 * runs the measurement in a child started with it, and hosts the mock API there too, so the
 * mock's own work (it parses every request) never counts as the loop's.
 */
async function launch() {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-long-')));
  const files = generateFiles(join(scratch, 'src'), PROFILE);
  let mock;
  try {
    const env = { ...process.env, BENCH_SCRATCH: scratch };
    if (PROFILE === 'no-compaction') {
      const { startMockAnthropic } = await loadMockAnthropic(scratch);
      const turn = mockTurnFor(files);
      // The mock records every request it parses; a thousand 10 MB bodies would fill the heap.
      // BENCH_CHUNK_MS=<ms> waits that long after each event of a reply, for a model at a pace
      // nearer the API's (a reply is about seven events): V8 sizes its young generation by how
      // fast the process allocates.
      const chunkDelayMs = Number(process.env.BENCH_CHUNK_MS ?? 0);
      mock = await startMockAnthropic({ turns: [], fallback: (request) => ((mock.requests.length = 0), { ...turn(request), chunkDelayMs }) });
      Object.assign(env, { BENCH_MOCK_URL: mock.url, PULSE_CONTEXT_WINDOW: HUGE_CONTEXT_WINDOW });
    }
    // BENCH_NODE_FLAGS passes flags to the measured process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
    const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, ['--expose-gc', ...flags, fileURLToPath(import.meta.url), ...args], { stdio: ['ignore', 'inherit', 'inherit'], env });
    const code = await new Promise((resolve) => child.once('close', resolve));
    if (code !== 0) process.exitCode = code ?? 1;
  } finally {
    await mock?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

// BENCH_PROF=20-70,950-1000 writes a CPU profile of each stretch of rounds of the first measured
// session to BENCH_PROF_DIR (default: the temporary directory), to see what a round costs;
// BENCH_ALLOC=950-1000 a sampling heap profile of every allocation in each stretch, the ones
// the collector took back included (a .heapprofile, for DevTools), to see what a round allocates;
// BENCH_HEAP=100,1000 a heap snapshot at each of those marks (10, 100 or the last), to see what it holds.
if (process.env.BENCH_PROF || process.env.BENCH_ALLOC) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('HeapProfiler.enable');
  const stretches = (spec) => (spec ?? '').split(',').filter(Boolean).map((w) => w.split('-').map(Number));
  const kinds = [
    { windows: stretches(process.env.BENCH_PROF), start: () => inspector.post('Profiler.start'), stop: async () => (await inspector.post('Profiler.stop')).profile, ext: 'cpuprofile' },
    {
      windows: stretches(process.env.BENCH_ALLOC),
      start: () => inspector.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
      stop: async () => (await inspector.post('HeapProfiler.stopSampling')).profile,
      ext: 'heapprofile',
    },
  ];
  globalThis.benchProf = async (round) => {
    for (const { windows, start, stop, ext } of kinds) {
      for (const [from, to] of windows) {
        if (round === from) await start();
        if (round === to) writeFileSync(join(process.env.BENCH_PROF_DIR ?? tmpdir(), `long-session-${from}-${to}.${ext}`), JSON.stringify(await stop()));
      }
    }
  };
}
if (typeof globalThis.gc !== 'function') await launch();
else {
  // The launcher made the same files (the mock API names them); making them again is cheap.
  const scratch = process.env.BENCH_SCRATCH;
  await appendResults(report(await measure(scratch, generateFiles(join(scratch, 'src'), PROFILE))));
}
