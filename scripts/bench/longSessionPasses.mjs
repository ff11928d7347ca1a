#!/usr/bin/env node
// The passes a round makes over the whole history before its request is sent, each timed on its
// own, at round 10 and at round 1,000 of a history shaped like longSession.mjs --no-compaction's
// (a Read or an Echo of ~10 KB a round, nothing compacted): the context layers, the token count,
// the normalisation for the API, the cache_control tail, the settled-body encoder and the loop's
// own copies of its history. Every pass is the real one, called in the order prepareContext and
// buildModelRequest call it, so their resumable state sees what it sees in the loop. No model,
// no socket, no tools: what is left is the work that can grow with the history.
// Usage: node scripts/bench/longSessionPasses.mjs [rounds]   (PULSE_BENCH_BASE=<checkout> for another checkout)
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSourceModules, median } from './harness.mjs';
import { echoSize, PROFILES, toolCallFor } from './longSessionScript.mjs';

const ROUNDS = Number.parseInt(process.argv[2] ?? '1000', 10);
const WINDOW = 10;
const SESSIONS = Number.parseInt(process.env.BENCH_RUNS ?? '5', 10);

const ENTRY = `
export { createUserMessage, createToolResultMessage, normalizeMessagesForAPI } from './src/utils/messages.ts';
export { latestRealUserPrompt, hasSomethingToCompact } from './src/compact/history.ts';
export { leastPromptTokens } from './src/compact/oversizedPrompt.ts';
export { stubUnchangedReads, restoreOrphanedStubs } from './src/compact/unchangedReads.ts';
export { contextTokenCount, rememberSentHistory } from './src/compact/tokens.ts';
export { snipIfNeeded } from './src/compact/snip.ts';
export { microcompact } from './src/compact/microcompact.ts';
export * from './src/query/request.ts';
export * from './src/query/thinking.ts';
export * from './src/query/serverToolBlocks.ts';
export { buildRequestBody } from './src/api/requestBody.ts';
export { serializeRequestBody } from './src/api/serializedBody.ts';
export { scriptedReply } from './scripts/bench/longSessionScript.mjs';
`;

const MODEL = 'claude-sonnet-4-6';
// As longSession.mjs --no-compaction: a window no history of this benchmark reaches.
process.env.PULSE_CONTEXT_WINDOW = '1000000000';
const FILES = Array.from({ length: PROFILES['no-compaction'].files }, (_, n) => `/bench/src/module${n}.ts`);
const context = { options: { model: MODEL, isNonInteractive: true }, abortSignal: new AbortController().signal };

/** What a round's tool returned: a numbered file of the profile's sizes, or Echo's text. */
function resultText(round) {
  if (round % 2 === 1) return 'echo output for the quick brown fox jumps over the lazy dog\n'.repeat(Math.ceil(echoSize('no-compaction', round) / 60));
  const n = (round / 2) % FILES.length;
  const lines = PROFILES['no-compaction'].fileLines(n);
  return Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(6)}\texport const value_${n}_${i} = ${i * 31 + n}; // generated line ${i}`).join('\n');
}

/** The round's passes, in the loop's order; each returns what the next takes. */
function passes(m) {
  return [
    ['latest prompt, oversized-prompt check', ({ history }) => {
      const latest = m.latestRealUserPrompt(history);
      m.hasSomethingToCompact(history, latest);
      m.leastPromptTokens(latest ? [latest] : []);
    }],
    ['unchanged-Read stubs', (s) => {
      s.repeats = m.stubUnchangedReads(s.history);
      s.messages = s.repeats.messages;
    }],
    ['token count (contextTokenCount)', (s) => {
      s.tokens = m.contextTokenCount(s.messages, s.history);
    }],
    ['snip, microcompact (below their thresholds)', (s) => {
      s.messages = m.snipIfNeeded(s.messages, { threshold: 1e9, tokenCount: s.tokens.tokens }).messages;
      s.messages = m.microcompact(s.messages, context, { tokenCount: s.tokens.tokens }).messages;
    }],
    ['orphaned stubs, remember the sent history', (s) => {
      s.messages = m.restoreOrphanedStubs(s.messages, s.repeats.stubbed);
      m.rememberSentHistory(s.messages, s.history);
    }],
    ['normalise for the API', (s) => {
      s.params = m.normalizeMessagesForAPI(s.messages);
    }],
    ['trailing thinking, unpaired server blocks', (s) => {
      // One pass since flat16; two before (PULSE_BENCH_BASE on an older checkout).
      s.params = m.sendableMessages ? m.sendableMessages(s.params) : m.withoutUnpairedServerToolBlocks(m.withoutTrailingThinking(s.params));
    }],
    ['request body (cache_control tail)', (s) => {
      s.body = m.buildRequestBody({ messages: s.params, system: [{ type: 'text', text: 'bench' }], tools: [], model: MODEL, maxOutputTokens: 32000, thinking: { type: 'disabled' }, signal: context.abortSignal, querySource: 'print' });
    }],
    ['encode the body (settled-body matcher, new tail)', (s) => {
      s.encoded = m.serializeRequestBody(s.body);
    }],
    ["the loop's next history", (s) => {
      s.next = [...s.messages, ...s.reply, ...s.results];
    }],
  ];
}

function session(m, sessionIndex) {
  const steps = passes(m);
  const times = steps.map(() => []);
  const bytes = steps.map(() => []);
  let history = [m.createUserMessage({ content: `Read and echo things for ${ROUNDS} rounds (session ${sessionIndex}).` })];
  for (let round = 1; round <= ROUNDS; round++) {
    const call = toolCallFor('no-compaction', round, FILES);
    const reply = [m.scriptedReply({ uuid: `a${round}`, id: `msg_${sessionIndex}_${round}`, model: MODEL, block: { ...call, caller: { type: 'direct' } }, inputTokens: 100 * round, outputTokens: 50 })];
    const results = [m.createToolResultMessage({ block: { type: 'tool_result', tool_use_id: call.id, content: resultText(round) }, toolUseResult: { round } }, `u${round}`)];
    const state = { history, reply, results };
    steps.forEach(([, step], index) => {
      // The heap only grows between collections, so its growth over a pass is what the pass
      // allocated; a pass a collection ran in reads negative and is left out.
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      step(state);
      times[index].push(performance.now() - started);
      const allocated = process.memoryUsage().heapUsed - heapBefore;
      if (allocated >= 0) bytes[index].push(allocated);
    });
    history = state.next;
  }
  return { times, bytes };
}

const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-passes-')));
try {
  const m = await loadSourceModules(scratch, ENTRY, 'passes', process.env.PULSE_BENCH_BASE ? resolve(process.env.PULSE_BENCH_BASE) : undefined);
  session(m, 0); // warm-up
  const all = Array.from({ length: SESSIONS }, (_, index) => session(m, index + 1));
  const at = (step, round, field = 'times') => median(all.map((figures) => median(figures[field][step].slice(round - WINDOW, round))));
  const names = passes(m).map(([name]) => name);
  console.log(`per-round passes before the request (median of ${SESSIONS} sessions of the ${WINDOW}-round median): µs at round 10, at ${ROUNDS}; KB allocated at round 10, at ${ROUNDS}`);
  const sums = [0, 0, 0, 0];
  names.forEach((name, step) => {
    const cells = [at(step, 10) * 1000, at(step, ROUNDS) * 1000, at(step, 10, 'bytes') / 1024, at(step, ROUNDS, 'bytes') / 1024];
    cells.forEach((value, index) => (sums[index] += value));
    console.log(`  ${name.padEnd(52)} ${cells.map((value) => value.toFixed(1).padStart(8)).join('')}`);
  });
  console.log(`  ${'all'.padEnd(52)} ${sums.map((value) => value.toFixed(1).padStart(8)).join('')}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
