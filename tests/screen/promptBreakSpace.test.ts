// A draft whose words end exactly at the end of a row of the prompt box, then a space: the space
// is where the row breaks, so the next row starts with the next word under the text (Ink's wrap
// carried the space to the next row, one column in). Each place the cursor can be has a cell of
// its own: on that space and after a full row it stands in the column past the text, so typing,
// Backspace and the arrows always move it; and the text sent is the text typed.
import { describe, expect, it } from 'vitest';
import { expectBoxWhole } from './boxes.js';
import { expectNoTerminalWraps, openRepl } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const WORDS = ['please', 'rename', 'the', 'parser', 'module', 'and', 'its', 'tests', 'before', 'lunch', 'today', 'thanks'];
const AFTER = 'then run them';

/** Words whose length with the spaces between them is exactly `width`, the last one padded to it. */
function filling(width: number): string {
  const taken: string[] = [];
  for (const word of WORDS) {
    if ([...taken, word].join(' ').length + 1 + 3 > width) break;
    taken.push(word);
  }
  const short = width - taken.join(' ').length - 1;
  return [...taken, 'x'.repeat(short)].join(' ');
}

type Cell = { row: number; col: number };

/** The row of the prompt's sign. */
function signRow(session: ScreenSession): number {
  return session.screen().findIndex((line) => line.startsWith('│ > '));
}

async function cursorAt(session: ScreenSession, cell: Cell, what: string): Promise<void> {
  await session.waitFor((s) => JSON.stringify(s.inverseCells()) === JSON.stringify([cell]), what).catch((error: unknown) => {
    throw new Error(`${String(error)}\ncursor cells: ${JSON.stringify(session.inverseCells())}, wanted ${JSON.stringify(cell)}`);
  });
}

describe.each([30, 57])('the prompt box at %i columns', (cols) => {
  // Two border columns, the left padding, the sign's two, the column past the text.
  const width = cols - 6;
  const full = filling(width);
  const pastText = cols - 2;

  it('breaks at the space after a full row and keeps a cell for every cursor place', async () => {
    expect(full).toHaveLength(width);
    const { session, mock } = await openRepl([{ content: [{ type: 'text', text: 'Noted.' }] }], cols);
    const top = signRow(session) - 1;
    const first = top + 1;

    session.write(`${full} ${AFTER}`);
    await session.waitForText(AFTER);
    let screen = session.screen();
    expect(screen[first], 'the space hangs past the full row').toBe(`│ > ${full} │`);
    expect(screen[first + 1], 'the next row starts with the next word, under the text').toBe(`│   ${AFTER}`.padEnd(cols - 1) + '│');
    expectBoxWhole(screen, top, cols);
    await cursorAt(session, { row: first + 1, col: 4 + AFTER.length }, 'the cursor after the next words');

    // Left through the words to the space, and to the last character of the full row.
    session.write('\u001B[D'.repeat(AFTER.length));
    await cursorAt(session, { row: first + 1, col: 4 }, 'the cursor on the first character of the next row');
    session.write('\u001B[D');
    await cursorAt(session, { row: first, col: pastText }, 'the cursor on the hanging space');
    session.write('\u001B[D');
    await cursorAt(session, { row: first, col: pastText - 1 }, 'the cursor on the last character of the full row');
    session.write('\u001B[C\u001B[C');
    await cursorAt(session, { row: first + 1, col: 4 }, 'the cursor back on the next row');

    // Backspace from the end: each one moves the cursor back a cell, the space's included.
    session.write('\u001B[F');
    await cursorAt(session, { row: first + 1, col: 4 + AFTER.length }, 'the cursor at the end again');
    session.write('\u007F'.repeat(AFTER.length));
    await cursorAt(session, { row: first + 1, col: 4 }, 'the cursor after the space');
    expect(session.screen()[first + 1]).toMatch(/^│\s+│$/);
    session.write('\u007F');
    await cursorAt(session, { row: first, col: pastText }, 'the cursor past the full row once the space is gone');
    screen = session.screen();
    expect(screen[first]).toBe(`│ > ${full} │`);
    expect(screen[first + 1], 'the box one text row high again').toMatch(/^╰─+╯$/);

    session.write(` ${AFTER}`);
    await cursorAt(session, { row: first + 1, col: 4 + AFTER.length }, 'the words typed again');
    expectNoTerminalWraps(session);
    session.write('\r');
    await mock.waitForRequests(1);
    const { content } = (mock.requests[0]?.body.messages?.at(-1) ?? { content: [] }) as { content: string | Array<{ type: string; text?: string }> };
    const texts = typeof content === 'string' ? [content] : content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    expect(texts, 'the prompt sent as typed').toContain(`${full} ${AFTER}`);
  });
});
