// Sizes and a pace the other screen tests do not use: deltas of uneven sizes (1 to 23 characters,
// as a model's tokens come), an answer mixing a code line longer than any row, quotes nested in a
// list in a quote, a table wider than the screen and text in other scripts, on screens down to
// six rows. What a person sees must be what a fresh render of the whole answer shows.
import { describe, expect, it } from 'vitest';
import { expectNoTerminalWraps, FOOTER, openRepl, region, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const ANSWER = [
  'Here is the change, with a long code line, quotes, a table and text in other scripts.',
  '',
  '```ts',
  'export function configure(options: { retries: number; backoffMs: number; onRetry?: (attempt: number) => void }): Client {',
  '  return new Client({ ...defaults, ...options, userAgent: `pulse/${version} (${process.platform})` });',
  '}',
  '```',
  '',
  '> Quoted guidance from the maintainers, long enough to wrap at narrow widths:',
  '> - first point in the quote, which also wraps around the edge',
  '> - second point',
  '>   > a nested quote under the second point that carries on for a while',
  '>   > 1. ordered item inside the nested quote',
  '',
  '| Option | Default | Description | Since | Notes |',
  '| --- | --- | --- | --- | --- |',
  '| `retries` | 3 | How many times a failed request is tried again before giving up | 1.2.0 | Counts only retryable errors |',
  '| `backoffMs` | 500 | Base delay, doubled each attempt with jitter added | 1.2.0 | Capped at thirty seconds |',
  '',
  'CJK: 日本語のテキストは折り返しの際に単語の区切りがありません。中文文本也是如此。한국어 문장도 있습니다.',
  'Combining: e\u0301le\u0300ve, n\u0303o. RTL: שלום עולם and مرحبا بالعالم mixed with English words.',
  '',
  'Done.',
  '',
].join('\n');

/** Delta sizes from a fixed linear congruential sequence: uneven, and the same every run. */
const UNEVEN_CHUNKS = ((): number[] => {
  let seed = 7;
  return Array.from({ length: 97 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 1 + (seed % 23);
  });
})();

const PROMPT = 'show the change';

async function answered(cols: number, rows: number, chunkSize: number | number[]): Promise<ScreenSession> {
  const { session } = await openRepl([{ content: [{ type: 'text', text: ANSWER }], chunkSize, chunkDelayMs: 2 }], cols, rows);
  await submit(session, PROMPT);
  await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
  return session;
}

const settled = (session: ScreenSession): string[] => {
  // The banner names each session's own temporary folder.
  const rows = session.screen().map((row) => row.replace(/Worked for \d+s/, 'Worked for Ns').replace(/pulse-e2e-\w+/, 'pulse-e2e-…'));
  while (rows.at(-1) === '') rows.pop();
  return rows;
};

describe.each([
  [25, 11],
  [89, 6],
  [240, 70],
] as const)('an answer in uneven deltas at %i×%i', (cols, rows) => {
  it('reads as a fresh render of the whole answer, every line once and inside the terminal', async () => {
    const [streamed, whole] = await Promise.all([answered(cols, rows, UNEVEN_CHUNKS), answered(cols, rows, ANSWER.length)]);
    expect(region(streamed.lines(), `> ${PROMPT}`, TURN_END)).toEqual(region(whole.lines(), `> ${PROMPT}`, TURN_END));
    expectNoTerminalWraps(streamed);
    expect(streamed.lines().filter((line) => FOOTER.test(line))).toHaveLength(1);
    const [streamedScreen, wholeScreen] = [settled(streamed), settled(whole)];
    const shown = Math.min(streamedScreen.length, wholeScreen.length);
    expect(streamedScreen.slice(-shown)).toEqual(wholeScreen.slice(-shown));
  });
});
