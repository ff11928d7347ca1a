#!/usr/bin/env node
// Streaming tool execution benchmark: one response whose first block is a Bash `sleep 1.5`
// (read-only, so concurrency-safe) followed by about three seconds of streamed text, then a
// short final answer. With the streaming executor the sleep runs while the text streams and
// disappears into it; with PULSE_DISABLE_STREAMING_TOOLS=1 it starts only after the stream. A
// third row runs a command that writes (`sleep 1.5; touch …`): the streaming executor holds it
// until the response is complete (the response may still fail and be sent again), so it costs
// what the batch path costs.
// Runs query() in-process against the project's mock Messages API (bundled with esbuild).
// Usage: node scripts/bench/streamingOverlap.mjs [runs]   (figures appended to RESULTS.md unless
// BENCH_NO_RESULTS=1)
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendResults, loadSourceModules, median } from './harness.mjs';

const runs = Number.parseInt(process.argv[2] ?? process.env.BENCH_RUNS ?? '3', 10);
const SLEEP_SECONDS = 1.5;
const READ_ONLY = `sleep ${SLEEP_SECONDS}`;
const WRITES = `sleep ${SLEEP_SECONDS}; touch streamed-marker`;
const TEXT_CHARS = 600;
const CHUNK_SIZE = 10;
const CHUNK_DELAY_MS = 50;

const ENTRY = `
export { query } from './src/query/query.ts';
export { createCallModel } from './src/api/callModel.ts';
export { createClient } from './src/api/client.ts';
export { BashTool } from './src/tools/bash/BashTool.ts';
export { createUserMessage } from './src/utils/messages.ts';
export { resetSession } from './src/state/session.ts';
export { startMockAnthropic } from './tests/support/mockAnthropic.ts';
`;

function toolContext(cwd, signal) {
  let current = cwd;
  return {
    getCwd: () => current,
    setCwd: (dir) => {
      current = dir;
    },
    abortSignal: signal,
    readFileState: new Map(),
    getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [cwd] }),
    options: { model: 'claude-sonnet-4-6', isNonInteractive: true, verbose: false, env: {} },
  };
}

async function once(modules, cwd, streaming, command) {
  const { query, createCallModel, createClient, BashTool, createUserMessage, resetSession, startMockAnthropic } = modules;
  const mock = await startMockAnthropic({
    turns: [
      {
        content: [
          { type: 'tool_use', name: 'Bash', input: { command } },
          { type: 'text', text: 'x'.repeat(TEXT_CHARS) },
        ],
        chunkSize: CHUNK_SIZE,
        chunkDelayMs: CHUNK_DELAY_MS,
      },
      { content: [{ type: 'text', text: 'done' }] },
    ],
  });
  if (streaming) delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
  else process.env.PULSE_DISABLE_STREAMING_TOOLS = '1';
  resetSession();
  const client = createClient({ baseURL: mock.url, apiKey: 'sk-bench' });
  const started = performance.now();
  let streamEndedAt;
  try {
    const loop = query({
      messages: [createUserMessage({ content: 'bench' })],
      systemPrompt: ['bench'],
      tools: [BashTool],
      canUseTool: async () => ({ behavior: 'allow' }),
      context: toolContext(cwd, new AbortController().signal),
      source: 'print',
      deps: { callModel: createCallModel(() => client) },
    });
    let step = await loop.next();
    while (!step.done) {
      const event = step.value;
      if (event.type === 'stream_event' && event.event.type === 'message_stop' && streamEndedAt === undefined) {
        streamEndedAt = performance.now() - started;
      }
      step = await loop.next();
    }
    if (step.value.reason !== 'completed') throw new Error(`the loop ended ${step.value.reason}`);
    return { total: performance.now() - started, streamEndedAt };
  } finally {
    await mock.close();
  }
}

async function measure(modules, cwd, streaming, command = READ_ONLY) {
  await once(modules, cwd, streaming, command); // warm-up, dropped
  const samples = [];
  for (let index = 0; index < runs; index++) samples.push(await once(modules, cwd, streaming, command));
  return {
    total: median(samples.map((s) => s.total)),
    min: Math.min(...samples.map((s) => s.total)),
    max: Math.max(...samples.map((s) => s.total)),
    streamEnded: median(samples.map((s) => s.streamEndedAt)),
  };
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-stream-')));
  const saved = process.env.PULSE_DISABLE_STREAMING_TOOLS;
  try {
    const modules = await loadSourceModules(scratch, ENTRY);
    const streaming = await measure(modules, scratch, true);
    const batch = await measure(modules, scratch, false);
    const writing = await measure(modules, scratch, true, WRITES);
    const savedMs = batch.total - streaming.total;
    const rows = [
      ['streaming executor', streaming],
      ['batch (PULSE_DISABLE_STREAMING_TOOLS=1)', batch],
      ['streaming executor, a command that writes', writing],
    ];
    console.log(`streaming overlap: tool_use Bash "sleep ${SLEEP_SECONDS}" then ~${fmt((TEXT_CHARS / CHUNK_SIZE) * CHUNK_DELAY_MS)} of streamed text; median of ${runs}`);
    for (const [label, r] of rows) {
      console.log(`  ${label.padEnd(42)} total ${fmt(r.total)} (min ${fmt(r.min)}, max ${fmt(r.max)}), stream ended at ${fmt(r.streamEnded)}`);
    }
    console.log(`  saved by streaming: ${fmt(savedMs)} of the ${SLEEP_SECONDS} s tool; a command that writes waits: ${fmt(writing.total)}`);
    const section = [
      '',
      `## Streaming tool overlap (\`streamingOverlap.mjs\`) — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Node ${process.version}, ${cpus().length} CPUs. One response: a Bash \`sleep ${SLEEP_SECONDS}\` tool_use first, then`,
      `${TEXT_CHARS} characters of text streamed ${CHUNK_SIZE} at a time every ${CHUNK_DELAY_MS} ms by the mock API, then a`,
      `one-word final answer. Wall time of the whole query() from first request to Terminal, median of ${runs} runs after a`,
      'dropped warm-up.',
      '',
      '| mode | total (median) | min–max | stream of reply 1 ended at |',
      '|---|---|---|---|',
      ...rows.map(([label, r]) => `| ${label} | ${fmt(r.total)} | ${fmt(r.min)}–${fmt(r.max)} | ${fmt(r.streamEnded)} |`),
      '',
      `Streaming saved ${fmt(savedMs)}: the ${SLEEP_SECONDS} s tool ran while the text was still streaming. The command`,
      `that writes (\`${WRITES}\`) waited for the whole response, as unsafe calls do: ${fmt(writing.total)}.`,
      '',
    ].join('\n');
    await appendResults(section);
  } finally {
    if (saved === undefined) delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
    else process.env.PULSE_DISABLE_STREAMING_TOOLS = saved;
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
