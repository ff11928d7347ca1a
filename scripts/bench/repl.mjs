#!/usr/bin/env node
// REPL rendering benchmark: the built CLI in a real pty (120x40) against the mock Messages API.
// It plays 200 short turns through the prompt (so the store and <Static> hold a real session's
// history), then one ~20k-token streamed Markdown answer, and reports the CPU the REPL spends
// per 1k streamed tokens, the bytes written to the terminal per byte of answer text (redraw
// amplification) and keystroke-to-echo latency after turn 1 and after turn 200.
// Usage: node scripts/bench/repl.mjs [turns] [answerTokens]
//   BENCH_TOKENS_PER_S   streaming pace of the long answer (default 2000; the API is ~50-150)
//   PULSE_BENCH_BIN      another build to measure (default dist/pulse.js)
//   BENCH_DUMP           a file to save the raw bytes written during the long answer, to study
import { readFileSync, writeFileSync } from 'node:fs';
import { loadMockAnthropic, median, pulseBin } from './harness.mjs';
import { cpuSeconds, createBenchWorld, startPtySession } from './ptySession.mjs';

const turns = Number.parseInt(process.argv[2] ?? process.env.BENCH_TURNS ?? '200', 10);
const answerTokens = Number.parseInt(process.argv[3] ?? process.env.BENCH_ANSWER_TOKENS ?? '20000', 10);
const tokensPerSecond = Number.parseFloat(process.env.BENCH_TOKENS_PER_S ?? '2000');
const CHARS_PER_TOKEN = 4;
/** Characters per text delta: about four tokens, like the API's own deltas. */
const DELTA_CHARS = 16;
const KEYSTROKES = 30;
/** Time between keystrokes: a fast typist's ten keys a second. */
const KEY_INTERVAL_MS = 100;
const LONG_PROMPT = 'write the long report';
const TURN_END = '✻ Worked for';

const TARGETS = { bytesPerAnswerByte: 1.5, cpuPer1kTokens: 0.2, echoMs: 16 };

/** A deterministic Markdown answer of about `tokens` tokens: headings, prose, lists, code. */
function longAnswer(tokens) {
  const words = ['render', 'frame', 'static', 'stream', 'token', 'layout', 'buffer', 'cursor', 'prompt', 'region'];
  const prose = (seed, count) =>
    Array.from({ length: count }, (_, index) => {
      const word = words[(seed * 7 + index * 3) % words.length];
      // About one word in nine styled, like a technical answer: code spans, some bold, a little italic.
      if (index % 19 === 5) return `\`${word}()\``;
      if (index % 29 === 7) return `**${word}**`;
      if (index % 37 === 3) return `*${word}*`;
      return word;
    }).join(' ');
  const parts = [];
  let length = 0;
  for (let section = 1; length < tokens * CHARS_PER_TOKEN; section++) {
    const block = [
      `## Part ${section}: the ${words[section % words.length]} pass`,
      '',
      `${prose(section, 60)}.`,
      '',
      `- ${prose(section + 1, 9)}`,
      `- ${prose(section + 2, 12)}`,
      `  - ${prose(section + 3, 7)}`,
      `- ${prose(section + 4, 10)}`,
      '',
      `1. ${prose(section + 5, 8)}`,
      `2. ${prose(section + 6, 11)}`,
      '',
      '```ts',
      `export function pass${section}(input: string[]): number {`,
      '  let total = 0;',
      '  for (const line of input) {',
      `    if (line.startsWith('${words[section % words.length]}')) total += line.length;`,
      '  }',
      `  return total * ${section};`,
      '}',
      '```',
      '',
      `${prose(section + 7, 45)}.`,
      '',
    ].join('\n');
    parts.push(block);
    length += block.length;
  }
  return parts.join('\n');
}

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

async function typeAndSubmit(session, prompt) {
  session.mark();
  session.write(prompt);
  await session.waitFor((text) => text.includes(prompt), `the prompt "${prompt}" to show`);
  session.mark();
  session.write('\r');
  await session.waitFor((text) => text.includes(TURN_END), `the end of the turn for "${prompt}"`, 300_000);
}

/** Types KEYSTROKES letters one at a time, timing each until Ink draws it in the prompt box. */
async function echoLatencies(session) {
  const latencies = [];
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

async function main() {
  const bin = pulseBin();
  const world = await createBenchWorld();
  const { startMockAnthropic } = await loadMockAnthropic(world.base);
  const answer = longAnswer(answerTokens);
  const chunkDelayMs = Math.max(0, Math.round((DELTA_CHARS / CHARS_PER_TOKEN / tokensPerSecond) * 1000));
  let shortTurns = 0;
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) =>
      lastUserText(request).includes(LONG_PROMPT)
        ? { content: [{ type: 'text', text: answer }], chunkSize: DELTA_CHARS, chunkDelayMs }
        : { content: [{ type: 'text', text: shortAnswer(++shortTurns) }] },
  });
  const session = startPtySession({ bin, world, mockUrl: mock.url });
  try {
    await session.waitFor((text) => text.includes('/ for commands'), 'the prompt to appear');
    await quietMoment();

    const turnsStarted = performance.now();
    let echoAtFirst = [];
    for (let turn = 1; turn <= turns; turn++) {
      await typeAndSubmit(session, `please do step ${turn}`);
      if (turn === 1) {
        await quietMoment();
        echoAtFirst = await echoLatencies(session);
      }
      if (turn % 50 === 0) process.stderr.write(`  ${turn} turns (${((performance.now() - turnsStarted) / 1000).toFixed(0)} s)\n`);
    }
    await quietMoment();
    const echoAtLast = await echoLatencies(session);

    session.mark();
    session.write(LONG_PROMPT);
    await session.waitFor((text) => text.includes(LONG_PROMPT), 'the long prompt to show');
    await quietMoment();
    session.mark();
    const cpuBefore = cpuSeconds(session.pid);
    const streamStarted = performance.now();
    session.write('\r');
    await session.waitFor((text) => text.includes(TURN_END), 'the end of the long answer', 600_000);
    const streamSeconds = (performance.now() - streamStarted) / 1000;
    const cpu = cpuSeconds(session.pid) - cpuBefore;
    const written = session.bytesSinceMark();
    const shown = session.textSinceMark();
    if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, session.rawSinceMark());
    const rssMiB = peakRssMiB(session.pid);

    session.write('\u0004');
    await session.waitFor(() => session.exitCode() !== undefined, 'pulse to exit', 15_000).catch(() => undefined);
    if (mock.requests.length !== turns + 1) throw new Error(`expected ${turns + 1} requests, the mock saw ${mock.requests.length}`);
    if (!shown.includes(`return total * ${Math.floor(answer.split('## Part').length - 1)}`)) {
      throw new Error('the end of the long answer never reached the screen');
    }

    const answerBytes = Buffer.byteLength(answer, 'utf8');
    const tokens = answer.length / CHARS_PER_TOKEN;
    report({
      bin,
      turns,
      tokens,
      answerBytes,
      streamSeconds,
      cpuPer1k: cpu / (tokens / 1000),
      bytesPerByte: written / answerBytes,
      written,
      echoAtFirst,
      echoAtLast,
      rssMiB,
      exitCode: session.exitCode(),
    });
  } finally {
    session.kill();
    await mock.close();
    await world.cleanup();
  }
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
  const echoFirst = median(r.echoAtFirst);
  const echoLast = median(r.echoAtLast);
  const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
  console.log(`REPL in a 120x40 pty: ${r.turns} short turns, then a ${Math.round(r.tokens)}-token answer`);
  console.log(`(${r.answerBytes} bytes of Markdown, streamed in ${r.streamSeconds.toFixed(1)} s ≈ ${Math.round(r.tokens / r.streamSeconds)} tokens/s; ${r.bin})\n`);
  console.log('| measurement | value | target |');
  console.log('|---|---|---|');
  console.log(`| CPU per 1k streamed tokens | ${r.cpuPer1k.toFixed(3)} s | ≤ ${TARGETS.cpuPer1kTokens} s ${mark(r.cpuPer1k <= TARGETS.cpuPer1kTokens)} |`);
  console.log(`| bytes written per answer byte | ${r.bytesPerByte.toFixed(2)} (${r.written} bytes) | ≤ ${TARGETS.bytesPerAnswerByte} ${mark(r.bytesPerByte <= TARGETS.bytesPerAnswerByte)} |`);
  console.log(`| keystroke echo after turn 1 (median / p90) | ${echoFirst.toFixed(1)} / ${p90(r.echoAtFirst).toFixed(1)} ms | |`);
  console.log(`| keystroke echo after turn ${r.turns} (median / p90) | ${echoLast.toFixed(1)} / ${p90(r.echoAtLast).toFixed(1)} ms | < ${TARGETS.echoMs} ms ${mark(echoLast < TARGETS.echoMs)} |`);
  console.log(`| peak RSS of the REPL | ${r.rssMiB.toFixed(0)} MiB | |`);
  console.log(`\nExit code: ${r.exitCode ?? 'still running (killed)'}`);
}

await main();
