// Blocks that do not fit the terminal as written — a table wider than it, a long quote, a rule,
// code with tabs and long lines — at widths the other screen tests do not use: every row fits,
// a table keeps its borders in line (or turns into `header: value` lines), a quote's bar runs
// down every wrapped row, and the streamed answer draws the same as the one that came whole.
import { describe, expect, it } from 'vitest';
import { expectNoTerminalWraps, openRepl, region, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const TABLE = [
  '| name | description | status | owner | notes |',
  '| --- | --- | --- | --- | --- |',
  '| retry | wraps every request in a loop with backoff | done | alice | the header wins over computed delay |',
  '| cache | stores responses keyed by url | wip | bob | eviction is least recently used |',
];

const ANSWER = [
  '## Findings',
  '',
  '> A quoted paragraph that is long enough to wrap around the edge of the terminal at narrow widths, with **bold**.',
  '',
  '```python',
  'def f(x):',
  '\treturn some_function_with_a_long_name(x, another_argument_that_is_long, yet_another_argument) + 1',
  '```',
  '',
  '---',
  '',
  ...TABLE,
  '',
  'Last line.',
].join('\n');

const PROMPT = 'show the findings';
const BORDERS = '│┌┬┐├┼┤└┴┘';

async function answered(cols: number, chunkSize: number): Promise<ScreenSession> {
  const turn = { content: [{ type: 'text' as const, text: ANSWER }], chunkSize, chunkDelayMs: chunkSize < 50 ? 2 : 0 };
  const { session } = await openRepl([turn], cols, 24);
  await submit(session, PROMPT);
  await session.waitForText(TURN_END);
  return session;
}

const words = (text: string): string[] =>
  text
    .replace(new RegExp(`[${BORDERS}─|:-]`, 'g'), ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort();

describe.each([33, 57, 97, 157])('blocks wider than a %i-column terminal', (cols) => {
  it('fit the width, keep table borders and quote bars in line, and stream as they draw whole', async () => {
    const [streamed, whole] = await Promise.all([answered(cols, 5), answered(cols, ANSWER.length)]);
    const lines = region(streamed.lines(), `> ${PROMPT}`, TURN_END);
    expect(lines).toEqual(region(whole.lines(), `> ${PROMPT}`, TURN_END));
    expectNoTerminalWraps(streamed);

    const quoteStart = lines.findIndex((line) => line.includes('A quoted paragraph'));
    const quoteRows = lines.slice(quoteStart, lines.indexOf('', quoteStart));
    expect(quoteRows.length).toBeGreaterThan(cols < 120 ? 1 : 0);
    for (const row of quoteRows) expect(row).toMatch(/^ {2}│ \S/);

    const ruleRow = lines.find((line) => /^ {2}─+$/.test(line));
    expect(ruleRow?.trim().length).toBe(Math.min(40, cols - 2));

    const tableStart = lines.findIndex((line, index) => index > lines.indexOf(ruleRow ?? '') && line.trim() !== '');
    const tableRows = lines.slice(tableStart, lines.findIndex((line) => line.includes('Last line.')) - 1);
    if (tableRows[0]?.includes('┌')) {
      expect(words(tableRows.join(' '))).toEqual(words(TABLE.join(' ')));
      const columns = (row: string): number[] => [...row].flatMap((char, index) => (BORDERS.includes(char) ? [index] : []));
      for (const row of tableRows) expect(columns(row), row).toEqual(columns(tableRows[0] ?? ''));
    } else {
      // Each record names every column once.
      const [header = '', , ...records] = TABLE;
      expect(words(tableRows.join(' '))).toEqual(words([...records, ...records.map(() => header)].join(' ')));
      expect(tableRows.some((row) => row.trim().startsWith('name: retry'))).toBe(true);
    }
  });
});
