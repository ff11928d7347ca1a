#!/usr/bin/env node
// Long-session benchmark: one query() of 1,000 tool rounds through the real loop and the real
// context layers (tool-result budget spilling to a temp folder, snip, microcompact, collapse,
// auto-compaction), with a scripted model answering in-process. Each round the model asks for a
// Read of a generated file or an in-process Echo whose output size varies from 1 KB to 160 KB;
// compaction requests get a short summary. The model reports input_tokens as the request's
// characters / 4, so the thresholds fire as they would against the API.
//
// Reports peak RSS and RSS after a GC at rounds 10, 100 and 1,000, and the loop's own time per
// round (wall time minus the model's and the tools' own work), median over the 10 rounds ending
// at each mark. A warm-up session of 50 rounds runs first so JIT warm-up does not flatter round 10.
// Usage: node scripts/bench/longSession.mjs [rounds]   (figures appended to RESULTS.md unless
// BENCH_NO_RESULTS=1)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { appendFile, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSourceModules } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = Number.parseInt(process.argv[2] ?? process.env.BENCH_ROUNDS ?? '1000', 10);
const MARKS = [10, 100, ROUNDS];
const WINDOW = 10;
/** Sessions measured; each round's overhead is the median across them (the machine may be busy). */
const RUNS = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const FILES = 40;
const MODEL = 'claude-sonnet-4-6';

const ENTRY = `
export { query } from './src/query/query.ts';
export { ReadTool } from './src/tools/read/ReadTool.ts';
export { createUserMessage, createSyntheticAssistantError } from './src/utils/messages.ts';
export { resetSession } from './src/state/session.ts';
export { RunTally } from './src/cli/print/runTally.ts';
export { toSdkLine } from './src/cli/print/sdkMessages.ts';
export { z } from 'zod';
`;

/** Deterministic sizes: a spread from 1 KB to 160 KB, averaging about 45 KB. */
function echoSize(round) {
  const sizes = [1_000, 4_000, 12_000, 25_000, 40_000, 60_000, 90_000, 160_000];
  return sizes[(round * 7) % sizes.length];
}

function generateFiles(dir) {
  mkdirSync(dir, { recursive: true });
  const paths = [];
  for (let n = 0; n < FILES; n++) {
    const lines = 200 + ((n * 137) % 1300);
    const body = Array.from({ length: lines }, (_, i) => `export const value_${n}_${i} = ${i * 31 + n}; // generated line ${i}`);
    const path = join(dir, `module${n}.ts`);
    writeFileSync(path, `${body.join('\n')}\n`);
    paths.push(path);
  }
  return paths;
}

/** Time spent inside a function, collected into `clock.spent` (the loop's overhead excludes it). */
function timedTool(tool, clock) {
  return {
    ...tool,
    call: async function* (input, ctx) {
      const started = performance.now();
      try {
        return yield* tool.call(input, ctx);
      } finally {
        clock.spent += performance.now() - started;
      }
    },
  };
}

function echoTool(modules, clock) {
  return timedTool(
    {
      name: 'Echo',
      inputSchema: modules.z.object({ round: modules.z.number(), size: modules.z.number() }),
      description: () => 'Prints text of the requested size',
      prompt: () => 'Prints text of the requested size.',
      isEnabled: () => true,
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      checkPermissions: async () => ({ behavior: 'allow' }),
      call: async function* (input) {
        const line = `echo output for round ${input.round}: the quick brown fox jumps over the lazy dog\n`;
        return { data: line.repeat(Math.ceil(input.size / line.length)).slice(0, input.size) };
      },
      toResultBlock: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: output }),
      maxResultSizeChars: 30_000,
      userFacingName: () => 'Echo',
    },
    clock,
  );
}

function usage(inputTokens, outputTokens) {
  return {
    cache_creation: null,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    inference_geo: null,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  };
}

function charsOf(messages) {
  let chars = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') chars += message.content.length;
    else for (const block of message.content) chars += JSON.stringify(block).length;
  }
  return chars;
}

/**
 * The scripted model. Its own work (building the reply, sizing the request) is timed into
 * `clock.spent`, counting only the time it runs, not the time the loop spends between its yields.
 */
function scriptedModel(rounds, files, clock, stats) {
  let mainRequests = 0;
  let messageCounter = 0;
  return async function* callModel(params) {
    let started = performance.now();
    const pause = () => {
      clock.spent += performance.now() - started;
    };
    const resume = () => {
      started = performance.now();
    };
    const inputTokens = Math.ceil(charsOf(params.messages) / 4);
    const id = `msg_bench_${++messageCounter}`;
    let block;
    if (params.querySource === 'compact') {
      stats.summaryRequests += 1;
      block = { type: 'text', text: `<summary>1. Goal and intent: keep reading files (summary ${stats.summaryRequests}).</summary>`, citations: null };
    } else {
      mainRequests += 1;
      stats.mainRequests = mainRequests;
      stats.maxRequestMessages = Math.max(stats.maxRequestMessages, params.messages.length);
      const round = mainRequests;
      if (round > rounds) block = { type: 'text', text: 'All rounds done.', citations: null };
      else if (round % 2 === 0) {
        block = { type: 'tool_use', id: `toolu_bench_${round}`, name: 'Read', input: { file_path: files[round % files.length] }, caller: { type: 'direct' } };
      } else {
        block = { type: 'tool_use', id: `toolu_bench_${round}`, name: 'Echo', input: { round, size: echoSize(round) }, caller: { type: 'direct' } };
      }
    }
    const message = {
      type: 'assistant',
      uuid: `bench-${messageCounter}`,
      timestamp: new Date().toISOString(),
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: params.model,
        content: [block],
        stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: usage(inputTokens, 50),
      },
    };
    pause();
    yield message;
    resume();
    pause();
  };
}

function toolContext(cwd, toolResultsDir) {
  let current = cwd;
  return {
    getCwd: () => current,
    setCwd: (dir) => {
      current = dir;
    },
    abortSignal: new AbortController().signal,
    readFileState: new Map(),
    getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [cwd] }),
    options: { model: MODEL, isNonInteractive: true, verbose: false, env: {}, toolResultsDir },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const mib = (bytes) => bytes / 1024 / 1024;

async function session(modules, scratch, rounds, files, record) {
  const clock = { spent: 0 };
  const stats = { summaryRequests: 0, mainRequests: 0, maxRequestMessages: 0 };
  const tally = new modules.RunTally();
  const mapping = { sessionId: 'bench', includePartialMessages: false, newUuid: () => 'u' };
  modules.resetSession();
  const loop = modules.query({
    messages: [modules.createUserMessage({ content: 'Read and echo things for a long time.' })],
    systemPrompt: ['bench'],
    tools: [timedTool(modules.ReadTool, clock), echoTool(modules, clock)],
    canUseTool: async () => ({ behavior: 'allow' }),
    context: toolContext(scratch, join(scratch, `tool-results-${rounds}`)),
    source: 'print',
    deps: { callModel: scriptedModel(rounds, files, clock, stats) },
  });
  let round = 0;
  let roundStart = performance.now();
  let spentAtStart = 0;
  let peakRss = process.memoryUsage.rss();
  let step = await loop.next();
  while (!step.done) {
    const event = step.value;
    // What print mode does with every event: tally it and map it to a stream-json line.
    tally.observe(event);
    const line = modules.toSdkLine(event, mapping);
    if (line) JSON.stringify(line);
    const isToolResult = event.type === 'user' && Array.isArray(event.message.content) && event.message.content.some((b) => b.type === 'tool_result');
    if (isToolResult) {
      round += 1;
      record?.onRound(round, performance.now() - roundStart - (clock.spent - spentAtStart));
      // Measuring memory is not the loop's work: it happens between the timed stretches.
      if (round % 5 === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (record && MARKS.includes(round)) {
        globalThis.gc();
        record.onMark(round, process.memoryUsage.rss(), peakRss, process.memoryUsage().heapUsed);
      }
      roundStart = performance.now();
      spentAtStart = clock.spent;
    }
    step = await loop.next();
  }
  if (step.value.reason !== 'completed') throw new Error(`the loop ended ${step.value.reason}`);
  return { stats, rounds: round, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
}

async function main() {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-long-')));
  try {
    const modules = await loadSourceModules(scratch, ENTRY);
    const files = generateFiles(join(scratch, 'src'));
    await session(modules, scratch, 50, files); // warm-up, dropped
    globalThis.gc();
    const baselineRss = process.memoryUsage.rss();
    const samples = Array.from({ length: ROUNDS }, () => []);
    const marks = new Map();
    const startedAt = performance.now();
    // Memory is read in the first session only; later ones start from whatever it left behind.
    const run = await session(modules, scratch, ROUNDS, files, {
      onRound: (round, ms) => samples[round - 1]?.push(ms),
      onMark: (round, rss, peak, heap) => marks.set(round, { rss, peak, heap }),
    });
    const wallSeconds = (performance.now() - startedAt) / 1000;
    for (let extra = 1; extra < RUNS; extra++) {
      await session(modules, scratch, ROUNDS, files, { onRound: (round, ms) => samples[round - 1]?.push(ms), onMark: () => undefined });
    }
    const overheads = samples.map((values) => median(values));
    const at = (round) => {
      const window = overheads.slice(Math.max(0, round - WINDOW), round);
      return { median: median(window), mean: window.reduce((a, b) => a + b, 0) / window.length };
    };
    const rows = MARKS.map((round) => ({ round, ...at(round), ...marks.get(round) }));
    const first = rows[0];
    const last = rows.at(-1);
    const hundred = rows.find((r) => r.round === 100);
    const growth = mib(last.rss - hundred.rss);
    const ratio = last.median / first.median;
    const allMean = overheads.reduce((a, b) => a + b, 0) / overheads.length;

    const lines = [
      `long session: ${run.rounds} tool rounds (Read of ${FILES} generated files, Echo 1–160 KB), ${run.stats.summaryRequests} compactions, ${wallSeconds.toFixed(1)} s`,
      ...rows.map((r) => `  round ${String(r.round).padStart(4)}: loop overhead median ${r.median.toFixed(2)} ms (mean ${r.mean.toFixed(2)} ms), RSS after GC ${mib(r.rss).toFixed(1)} MiB (heap ${mib(r.heap).toFixed(1)} MiB), peak so far ${mib(r.peak).toFixed(1)} MiB`),
      `  RSS growth round 100 -> ${ROUNDS}: ${growth.toFixed(1)} MiB (target < 50); overhead ratio round ${ROUNDS} / round 10: ${ratio.toFixed(2)} (target <= 1.5)`,
      `  mean overhead over all rounds ${allMean.toFixed(2)} ms; largest request ${run.stats.maxRequestMessages} messages; peak RSS ${mib(run.peakRss).toFixed(1)} MiB (baseline after warm-up ${mib(baselineRss).toFixed(1)} MiB)`,
    ];
    console.log(lines.join('\n'));

    const section = [
      '',
      `## Long session (\`longSession.mjs\`) — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Node ${process.version}, ${cpus().length} CPUs. \`node scripts/bench/longSession.mjs ${ROUNDS}\`: one query() of ${run.rounds} tool`,
      `rounds through the real loop and context layers (model ${MODEL}, 200k window), a scripted in-process model, tools`,
      `alternating Read of ${FILES} generated files (12–90 KB) and an in-process Echo of 1–160 KB (spilled over 30 KB).`,
      `${run.stats.summaryRequests} auto-compactions happened; the largest request held ${run.stats.maxRequestMessages} messages. Loop overhead = round`,
      `wall time minus the model's and the tools' own time; each round's figure is the median over ${RUNS} sessions, and the`,
      `table shows the median (and mean) of the ${WINDOW} rounds ending at the mark, after a 50-round warm-up. Memory is from the`,
      'first session; RSS is read after a forced GC.',
      '',
      '| round | loop overhead (median) | mean | RSS after GC | JS heap after GC | peak RSS so far |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.round} | ${r.median.toFixed(2)} ms | ${r.mean.toFixed(2)} ms | ${mib(r.rss).toFixed(1)} MiB | ${mib(r.heap).toFixed(1)} MiB | ${mib(r.peak).toFixed(1)} MiB |`,
      ),
      '',
      `RSS growth from round 100 to ${ROUNDS}: ${growth.toFixed(1)} MiB (target < 50 MiB). Overhead at round ${ROUNDS} is`,
      `${ratio.toFixed(2)}× round 10 (target ≤ 1.5×). Peak RSS ${mib(run.peakRss).toFixed(1)} MiB; wall time ${wallSeconds.toFixed(1)} s.`,
      '',
    ].join('\n');
    if (process.env.BENCH_NO_RESULTS === '1') return;
    const results = join(root, 'scripts/bench/RESULTS.md');
    if (!existsSync(results)) await writeFile(results, '# Benchmark results\n\nEach benchmark appends a dated section here.\n');
    await appendFile(results, section);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (typeof globalThis.gc === 'function') {
  await main();
} else {
  // RSS after a collection is what the session retains; that needs --expose-gc, so run again with it.
  const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (child.status !== 0) process.exitCode = child.status ?? 1;
}
