// Dragging the window's edge in a long session (40 turns) while an answer streams: the terminal sends a
// resize for every step of the drag, and each step rewraps the tall live paragraph into more
// rows than the screen holds, which Pulse can only mend by clearing the terminal and printing the
// conversation again. It waits for the size to hold still and does that once: every line of the
// 40 earlier turns and of the answer is in the screen and scrollback once, under one prompt box,
// and the drag costs about one repaint of the conversation, not one per step.
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, FOOTER, gate, openRepl, resizeAndRedraw, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const EARLIER_TURNS = 40;
/** A word that names its turn and place, so a copy of any line shows as a word seen twice. */
const word = (turn: number, index: number): string => `t${String(turn).padStart(2, '0')}w${index}`;
const question = (turn: number): string => `question ${word(turn, 0)}`;
const answer = (turn: number): string => `Answer ${Array.from({ length: 14 }, (_, index) => word(turn, index + 1)).join(' ')}.`;

const PARAGRAPH = Array.from({ length: 360 }, (_, index) => `p${index}`).join(' ');
const ANSWER = `${PARAGRAPH}\n\nLast line.\n`;
const CHUNK = 8;
const PROMPT = 'tell me more';
/** Where the paragraph is held: taller than either screen once narrowed. */
const HOLD_AT = ANSWER.indexOf('p300 ');
const DRAG = [92, 84, 76, 68, 60, 52, 44];
/** Between two steps of a drag: a window manager sends one per frame or two. */
const STEP_MS = 20;
const CLEAR_ALL = '\u001B[H\u001B[2J\u001B[3J';
const repaints = (bytes: string): number => bytes.split(CLEAR_ALL).length - 1;

/** How many times each word of `words` shows in the screen and scrollback. */
function counts(session: ScreenSession, words: readonly string[]): Record<string, number> {
  const text = ` ${session.lines().join(' ')} `.replace(/[^\w]+/g, ' ');
  return Object.fromEntries(words.map((w) => [w, text.split(` ${w} `).length - 1]));
}

const historyWords = Array.from({ length: EARLIER_TURNS }, (_, turn) => Array.from({ length: 15 }, (__, index) => word(turn, index))).flat();
const answerWords = PARAGRAPH.split(' ');

/** Forty turns take a while on a loaded machine. */
const LONG_SESSION_MS = 120_000;

/** A REPL 100 columns wide after 40 turns, streaming a long paragraph held partway. */
async function longSessionStreaming(rows: number): Promise<{ session: ScreenSession; hold: ReturnType<typeof gate> }> {
  const hold = gate();
  const earlier = Array.from({ length: EARLIER_TURNS }, (_, turn) => ({ content: [{ type: 'text' as const, text: answer(turn) }] }));
  const streamed = { content: [{ type: 'text' as const, text: ANSWER }], chunkSize: CHUNK, holds: [{ afterEvents: 2 + Math.ceil(HOLD_AT / CHUNK), until: hold.until }] };
  const { session } = await openRepl([...earlier, streamed], 100, rows);
  for (let turn = 0; turn < EARLIER_TURNS; turn++) {
    await submit(session, question(turn));
    await session.waitFor((s) => s.screen().some((line) => line.includes(`${word(turn, 14)}.`)) && s.screen().some((line) => EMPTY_PROMPT.test(line)), `turn ${turn} answered`);
  }
  await submit(session, PROMPT);
  await session.waitForText(/p29\d/);
  return { session, hold };
}

/**
 * Resizes through `sizes` (columns, or columns and rows) at a window manager's pace, each step
 * before the last was answered; what Pulse wrote meanwhile.
 */
async function drag(session: ScreenSession, sizes: ReadonlyArray<number | readonly [number, number]>): Promise<string> {
  const before = session.bytes().length;
  const sizeOf = (size: number | readonly [number, number]): [number, number?] => (typeof size === 'number' ? [size] : [size[0], size[1]]);
  for (const size of sizes.slice(0, -1)) {
    await session.resize(...sizeOf(size));
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
  }
  // The box at the last width comes with the repaint, in the same write.
  await resizeAndRedraw(session, ...sizeOf(sizes.at(-1)!));
  return session.bytes().slice(before);
}

/** Once the answer is finished: every word of the conversation once, under one prompt box. */
async function expectEveryLineOnce(session: ScreenSession, hold: ReturnType<typeof gate>): Promise<void> {
  hold.open();
  // Earlier turns' summaries may be on screen too: this turn's is the one after its last line.
  const finished = (lines: string[]): boolean => {
    const last = lines.findIndex((line) => line.includes('Last line.'));
    return last >= 0 && lines.slice(last).some((line) => TURN_END.test(line));
  };
  await session.waitFor((s) => finished(s.lines()), 'the answer finished');
  const wrong = (words: readonly string[]) => Object.entries(counts(session, words)).filter(([, count]) => count !== 1);
  expect(wrong(historyWords), "earlier turns' words not seen once").toEqual([]);
  expect(wrong(answerWords), 'answer words not seen once').toEqual([]);
  const lines = session.lines();
  expect(lines.filter((line) => EMPTY_PROMPT.test(line)), 'prompt input rows').toHaveLength(1);
  expect(lines.filter((line) => FOOTER.test(line)), 'hint lines').toHaveLength(1);
  expect(lines.filter((line) => line.includes('Last line.')), "the answer's last line").toHaveLength(1);
}

describe.each([12, 40])('a drag in a long session, %i rows high', (rows) => {
  it('repaints once when the size holds still, every line once', async () => {
    const { session, hold } = await longSessionStreaming(rows);
    // One step on its own: the live paragraph rewraps past the screen's top, and the whole
    // conversation is printed again once.
    const [first, ...steps] = DRAG;
    const step = await drag(session, [first!]);
    expect(repaints(step), 'repaints for one step').toBe(1);
    const dragged = await drag(session, steps);
    // One repaint; a second only if this machine stalled the drag longer than the settle.
    expect(repaints(dragged), `repaints for a drag of ${steps.length} steps`).toBeLessThanOrEqual(2);
    expect(dragged.length, `bytes for a drag of ${steps.length} steps; ${step.length} for one`).toBeLessThan(2.5 * step.length);
    await expectEveryLineOnce(session, hold);
  }, LONG_SESSION_MS);

  it('keeps every line once through a drag narrower and back to where it started', async () => {
    const { session, hold } = await longSessionStreaming(rows);
    await drag(session, [...DRAG, ...DRAG.slice(0, -1).reverse(), 100]);
    await expectEveryLineOnce(session, hold);
  }, LONG_SESSION_MS);

  it('keeps every line once through a drag of the corner, height and width together', async () => {
    const { session, hold } = await longSessionStreaming(rows);
    await drag(session, [[92, rows + 6], [84, rows + 2], [76, rows - 2], [68, rows + 8], [60, rows], [52, rows + 4], [60, rows]]);
    await expectEveryLineOnce(session, hold);
  }, LONG_SESSION_MS);
});

it('keeps every line once when the drag goes on while the terminal is still reading a repaint', async () => {
  const { session, hold } = await longSessionStreaming(12);
  // Narrowed to 52 columns the paragraph's top goes into the scrollback: the conversation is
  // written again. The window widens to 60 while the terminal is partway through an earlier
  // turn's answer, on the row it wrapped that answer onto at 52 columns.
  const widened = session.resizeAmid(`${word(20, 10)} `, 60);
  await session.resize(52);
  await widened;
  await resizeAndRedraw(session, 60);
  await resizeAndRedraw(session, 100);
  await expectEveryLineOnce(session, hold);
}, LONG_SESSION_MS);
