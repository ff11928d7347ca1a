// A streamed markdown answer, read back from a real terminal emulator: each finished line once,
// nothing wider than the terminal, no word split, tables aligned with wide characters, and the
// same screen as a fresh session that received the answer in one piece.
import { describe, expect, it } from 'vitest';
import { FOOTER, openRepl, region, submit, TURN_END, WIDTHS, expectNoTerminalWraps, expectWordsWhole } from './scenario.js';
import type { ScreenSession } from './terminal.js';

export const ANSWER = [
  '# Retry design',
  '',
  'The client wraps every request in a **retry loop** that backs off exponentially, with `jitter` added so that many clients do not retry at once; only **idempotent** requests are retried, and the `Retry-After` header wins.',
  '',
  '- a first item with `code` and **bold** words that goes on long enough to wrap around the edge of a narrow terminal',
  '- a second item',
  '  - a nested item that is also long enough to wrap around the edge of a narrow terminal window',
  '',
  '1. numbered steps keep their number',
  '2. and their indent when a step is long enough to wrap onto another line of the terminal',
  '',
  '```ts',
  'const delay = backoff(attempt);',
  '```',
  '',
  '| city | note |',
  '| --- | --- |',
  '| 東京 | 🚀 launch |',
  '| Paris | plain |',
  '',
  'Plain closing words.',
  '',
].join('\n');

/** The answer's words as drawn (styling markers gone), for the split-word check. */
const DRAWN_WORDS = ANSWER.replace(/\*\*|`|^#+ |^\s*(?:[-|]|\d+\.)/gm, ' ')
  .split(/\s+/)
  .filter((word) => /^[A-Za-z][\w;,.'-]*$/.test(word) && !word.startsWith('ts'));

const PROMPT = 'explain the retries';

async function answered(cols: number, chunkSize: number): Promise<ScreenSession> {
  const { session } = await openRepl([{ content: [{ type: 'text', text: ANSWER }], chunkSize, chunkDelayMs: chunkSize < 50 ? 3 : 0 }], cols);
  await submit(session, PROMPT);
  await session.waitForText(TURN_END);
  return session;
}

/** Rows of the drawn table, by the columns where their box-drawing separators sit. */
function tableSeparatorColumns(session: ScreenSession): number[][] {
  const rows = session.rows();
  const top = rows.findIndex((row) => row.text.includes('┌'));
  const bottom = rows.findIndex((row) => row.text.includes('└'));
  return rows
    .slice(top, bottom + 1)
    .map((_, offset) => top + offset)
    .map((index) => [...'│┌┬┐├┼┤└┴┘'].flatMap((char) => session.columnsOf(index, char)).sort((a, b) => a - b));
}

describe.each(WIDTHS)('a streamed markdown answer at %i columns', (cols) => {
  it('shows every line once, fits the width, keeps words whole and matches a fresh render', async () => {
    const [streamed, whole] = await Promise.all([answered(cols, 6), answered(cols, ANSWER.length)]);
    const streamedLines = streamed.lines();
    const wholeLines = whole.lines();

    expect(region(streamedLines, `> ${PROMPT}`, TURN_END)).toEqual(region(wholeLines, `> ${PROMPT}`, TURN_END));
    expectNoTerminalWraps(streamed);
    expectWordsWhole(streamed, DRAWN_WORDS);
    // Below the answer: the summary, the prompt box and its hint, each exactly once.
    expect(streamedLines.filter((line) => TURN_END.test(line))).toHaveLength(1);
    expect(streamedLines.filter((line) => FOOTER.test(line))).toHaveLength(1);
    // The screens agree row for row up from the last drawn row (a live area that shrank may
    // leave blank rows under it, which scrolls the rest up by as many).
    const settled = (session: ScreenSession): string[] => {
      const rows = session.screen().map((row) => row.replace(/Worked for \d+s/, 'Worked for Ns'));
      while (rows.at(-1) === '') rows.pop();
      return rows;
    };
    const [streamedScreen, wholeScreen] = [settled(streamed), settled(whole)];
    const shown = Math.min(streamedScreen.length, wholeScreen.length);
    expect(shown).toBeGreaterThan(20);
    expect(streamedScreen.slice(-shown)).toEqual(wholeScreen.slice(-shown));
  });

  it('aligns a table holding CJK and emoji, and wrapped list lines keep their indent', async () => {
    const session = await answered(cols, 6);
    const separators = tableSeparatorColumns(session);
    expect(separators.length).toBeGreaterThanOrEqual(5);
    for (const columns of separators) expect(columns).toEqual(separators[0]);

    const lines = region(session.lines(), `> ${PROMPT}`, TURN_END);
    // A wrapped item's next line starts under its text, not under its bullet or number.
    const continuation = (start: string): string | undefined => lines[lines.findIndex((line) => line.includes(start)) + 1];
    const wrapsOnto = (start: string, indent: number): void => {
      const next = continuation(start) ?? '';
      if (next.trim() === '' || /^\s*(?:•|\d+\.)/.test(next)) return;
      expect(next, `the line after "${start}"`).toMatch(new RegExp(`^ {${indent}}\\S`));
    };
    wrapsOnto('a first item', 4);
    wrapsOnto('a nested item', 6);
    wrapsOnto('2. and their indent', 5);
    expect(lines.some((line) => /^ {2}1\. numbered steps/.test(line))).toBe(true);
  });
});
