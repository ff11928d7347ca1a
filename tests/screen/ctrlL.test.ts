// Ctrl+L on a screen full of answer: the screen is cleaned and the live area redrawn, and every
// finished line is still there once, in the scrollback (a terminal's clear-screen erases the
// visible rows without keeping them).
import { describe, expect, it } from 'vitest';
import { FOOTER, gate, openRepl, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const PARAGRAPHS = Array.from({ length: 14 }, (_, index) => `Clear line ${index + 1} keeps its words.`);
const TEXT = `${PARAGRAPHS.join('\n\n')}\n`;
const CHUNK = 6;

/** After Ctrl+L the live area sits at the top of a clean screen: the rows under its hint are blank. */
const redrawnAtTop = (session: ScreenSession): boolean => {
  const screen = session.screen();
  return screen.some((line) => FOOTER.test(line)) && screen.at(-1) === '';
};

function missingOrRepeated(session: ScreenSession): string[] {
  const lines = session.lines();
  return PARAGRAPHS.flatMap((paragraph) => {
    const count = lines.filter((line) => line.includes(paragraph)).length;
    return count === 1 ? [] : [`${paragraph} ×${count}`];
  });
}

describe.each([
  [40, 15],
  [73, 12],
] as const)('Ctrl+L at %i×%i', (cols, rows) => {
  it('keeps every finished line once after the turn', async () => {
    const { session } = await openRepl([{ content: [{ type: 'text', text: TEXT }], chunkSize: CHUNK }], cols, rows);
    await submit(session, 'fill the screen');
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    expect(missingOrRepeated(session)).toEqual([]);
    session.write('\u000C');
    await session.waitFor(redrawnAtTop, 'the live area redrawn at the top');
    expect(missingOrRepeated(session)).toEqual([]);
  });

  it('keeps every finished line once when pressed mid-answer', async () => {
    const held = gate();
    const half = PARAGRAPHS.slice(0, 9).join('\n\n');
    const { session } = await openRepl(
      [{ content: [{ type: 'text', text: TEXT }], chunkSize: CHUNK, holds: [{ afterEvents: 2 + Math.ceil(half.length / CHUNK), until: held.until }] }],
      cols,
      rows,
    );
    await submit(session, 'fill the screen');
    await session.waitFor((s) => s.lines().some((line) => line.includes(PARAGRAPHS[7] ?? '')), 'eight lines printed');
    session.write('\u000C');
    await session.waitFor(redrawnAtTop, 'the live area redrawn at the top');
    held.open();
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    expect(missingOrRepeated(session)).toEqual([]);
  });
});
