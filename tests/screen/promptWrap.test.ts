// The prompt box with a draft that does not fit its row, read back from a real terminal: a word
// longer than the box's inner width, a sentence wider than the box, a second line wider than it,
// and the same in shell mode. The sign keeps its text beside it on the first row (Ink used to wrap
// the text after the sign, leaving `>` alone on a row), wrapped rows stay under the text, nothing
// is wider than the terminal, every character is drawn once in order and the border is whole.
import { describe, expect, it } from 'vitest';
import { expectBoxWhole } from './boxes.js';
import { expectNoTerminalWraps, openRepl } from './scenario.js';
import type { ScreenSession } from './terminal.js';

// 52 characters: in one Text with the sign, Ink's wrap moved a word this long to the row after the
// sign at both 30 and 57 columns (at 80 it fits).
const LONG_WORD = 'src/ui/components/theRatherLongComponentName.test.ts';
const SENTENCE = 'please look at the failing test in the parser and tell me why the numbers differ';
const DRAFTS = [
  { name: 'a word longer than the box', text: LONG_WORD, sign: '>' },
  { name: 'a sentence wider than the box', text: SENTENCE, sign: '>' },
  { name: 'a long word after a short one', text: `fix ${LONG_WORD}`, sign: '>' },
  { name: 'a second line wider than the box', text: `first line\n${SENTENCE}`, sign: '>' },
  { name: 'an empty line between two', text: `first line\n\n${LONG_WORD}`, sign: '>' },
  { name: 'a shell command wider than the box', text: `!echo ${LONG_WORD} ${SENTENCE}`, sign: '!' },
];

/** The prompt box's rows (borders included), found from its top border above the sign's row. */
function promptBox(screen: readonly string[], sign: string): { top: number; rows: string[] } {
  const signRow = screen.findIndex((line) => line.startsWith(`│ ${sign}`));
  expect(signRow, `a prompt row starting with ${sign}`).toBeGreaterThan(0);
  const top = signRow - 1;
  const bottom = screen.findIndex((line, index) => index > top && line.startsWith('╰'));
  return { top, rows: screen.slice(top + 1, bottom) };
}

/** Waits until every non-space character of the draft is inside the box: Ink has read all of it. */
async function typed(session: ScreenSession, text: string, sign: string): Promise<string[]> {
  const wanted = text.replace(/^!/, '').replace(/\s+/g, '');
  await session.waitFor((s) => {
    const screen = s.screen();
    if (!screen.some((line) => line.startsWith(`│ ${sign}`))) return false;
    return inner(promptBox(screen, sign).rows).join('').replace(/\s+/g, '') === wanted;
  }, 'the whole draft in the prompt box');
  return session.screen();
}

/** Types the draft a line at a time, each newline as Ctrl+J once the line before it is in. */
async function typeDraft(session: ScreenSession, text: string, sign: string): Promise<string[]> {
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (index > 0) {
      const before = promptBox(session.screen(), sign).rows.length;
      session.write('\n');
      await session.waitFor((s) => promptBox(s.screen(), sign).rows.length > before, 'a new line in the draft');
    }
    session.write(line);
    await typed(session, lines.slice(0, index + 1).join('\n'), sign);
  }
  return session.screen();
}

/** The text of the box's rows between the borders and their padding. */
function inner(rows: readonly string[]): string[] {
  return rows.map((row) => row.replace(/^│ /, '').replace(/ ?│$/, '').replace(/^[>!] /, ''));
}

describe.each([30, 57, 80])('the prompt box at %i columns', (cols) => {
  it.each(DRAFTS)('holds $name beside its sign', async ({ text, sign }) => {
    const { session } = await openRepl([], cols);
    const emptyRow = session.screen().findIndex((line) => line.startsWith('│ > '));
    expect(session.inverseCells(), 'the cursor on an empty draft').toEqual([{ row: emptyRow, col: 4 }]);
    const screen = await typeDraft(session, text, sign);
    const { top, rows } = promptBox(screen, sign);

    expect(rows[0], 'the first row holds the sign and text').toMatch(new RegExp(`^│ \\${sign} \\S`));
    // Rows after the first are the text's wrapped rows or its later lines, under the text; only
    // the draft's empty lines are blank rows.
    const later = rows.slice(1);
    const blank = later.filter((row) => /^│\s+│$/.test(row));
    expect(blank).toHaveLength(text.split('\n').filter((line) => line === '').length);
    // A space where a full row breaks hangs past it (promptBreakSpace.test.ts): no row starts with one.
    expect(later.filter((row) => !blank.includes(row) && !/^│ {3}\S/.test(row)), 'rows not under the text').toEqual([]);
    expect(screen.filter((line) => line.length > cols), 'rows wider than the terminal').toEqual([]);
    expectBoxWhole(screen, top, cols);
    expectNoTerminalWraps(session);

    // Wrapping only breaks at spaces or inside a word too long for the row: read back, the rows
    // joined at their breaks are the draft, each character once and in order.
    const drawn = inner(rows).map((row) => row.replace(/^ {2}/, '').trimEnd());
    const draftLines = text.replace(/^!/, '').split('\n');
    expect(drawn.join('').replace(/\s+/g, '')).toBe(draftLines.join('').replace(/\s+/g, ''));

    // The cursor follows the last character (past a full row, in the column past the text).
    const last = top + rows.length;
    const end = screen[last]!.replace(/ *│$/, '').length;
    expect(session.inverseCells(), 'the cursor at the end').toEqual([{ row: last, col: end }]);
    // Home puts it on the last line's first character, beside the sign or under the text.
    session.write('\u001B[H');
    await session.waitFor((s) => s.inverseCells()[0]?.col === 4, 'the cursor at the line start');
    const [home] = session.inverseCells();
    expect(screen[home!.row]![4]).toBe(draftLines.at(-1)![0]);
    if (draftLines.length === 1) expect(home!.row).toBe(top + 1);
  });
});
