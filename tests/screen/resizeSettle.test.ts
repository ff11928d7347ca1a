// A window being dragged sends a burst of resizes. The writer draws nothing until the size holds
// still, then draws the last frame once: a tall live area (whose top each step pushes into the
// scrollback) costs one repaint of the conversation, not one per step.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';

const HISTORY = 'printed line one\nprinted line two\n';
const CLEAR_ALL = '\u001B[H\u001B[2J\u001B[3J';
const box = (cols: number): string => `╭${'─'.repeat(cols - 2)}╮`;

/** A live area of `rows` rows of text as wide as the terminal, under a box at that width. */
function frame(cols: number, rows: number): string {
  const text = Array.from({ length: rows }, (_, index) => `${`row ${index} `.padEnd(cols - 1, 'x')}.`);
  return `${[...text, box(cols)].join('\n')}\n`;
}

/** The answer's live slot: its marker row in Ink's frame, over a box as wide as the terminal. */
const slotFrame = (cols: number): string => `\uE000a\n${box(cols)}\n`;
/** Rows of `text` cut at `columns`, as a slot lays out its rows for the width it is given. */
const cut = (text: string, columns: number): string[] => text.match(new RegExp(`.{1,${columns}}`, 'g')) ?? [];

/** A writer on a terminal of `columns` × `rows` that has printed HISTORY above `live`, Ink's frame. */
function writerUnder(columns: number, rows: number, live: string) {
  const writes: string[] = [];
  const stream = { columns, rows, write: (data: string) => writes.push(data) > 0 };
  let printed = '';
  const log = new LineDiffLog(stream, { printed: () => printed });
  /** As Ink commits: `text` joins what it has printed, and goes above the frame `output`. */
  const commit = (text: string, output: string): void => {
    printed += text;
    log.commit(text, output);
  };
  commit(HISTORY, live);
  /** The terminal is now `cols` wide and Ink draws `output` for it, `ms` before the next step. */
  const step = (cols: number, output: string, ms = 20): void => {
    stream.columns = cols;
    log.render(output);
    vi.advanceTimersByTime(ms);
  };
  return { writes, stream, log, commit, step, drawn: writes.length };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

it('draws once after a drag of resizes, at the last size, repainting the conversation once', () => {
  const { writes, step, drawn } = writerUnder(60, 12, frame(60, 9));
  for (const cols of [52, 44, 37, 30]) step(cols, frame(cols, 9));
  expect(writes, 'writes while the size keeps changing').toHaveLength(drawn);

  vi.advanceTimersByTime(100);
  expect(writes).toHaveLength(drawn + 1);
  const settled = writes.at(-1) ?? '';
  expect(settled.split(CLEAR_ALL)).toHaveLength(2);
  expect(settled).toContain(HISTORY);
  expect(settled).toContain(box(30));
  expect(settled).not.toMatch(/╭─{35,50}╮/);
});

it('keeps waiting through a drag that turns back, though the size at two checks is the same', () => {
  const { writes, step, drawn } = writerUnder(60, 12, frame(60, 9));
  // The settle checks every 60 ms from the first step: at 60 and at 120 the terminal is 44
  // columns wide, 36 in between. The drag goes on to 60 columns.
  const drag: Array<[number, number]> = [
    [52, 40],
    [44, 40],
    [36, 20],
    [44, 40],
    [52, 30],
    [60, 30],
  ];
  for (const [cols, ms] of drag) step(cols, frame(cols, 9), ms);
  expect(writes, 'writes while the size keeps changing').toHaveLength(drawn);

  vi.advanceTimersByTime(200);
  expect(writes).toHaveLength(drawn + 1);
  expect(writes.at(-1)).toContain(box(60));
});

it('keeps finished output that arrives while the size settles, and prints it once', () => {
  const { writes, commit, step } = writerUnder(60, 30, frame(60, 2));
  step(50, frame(50, 2), 0);
  commit('finished meanwhile\n', frame(50, 1));
  expect(writes.join('')).not.toContain('finished meanwhile');

  vi.advanceTimersByTime(100);
  // The live area still fits above the cursor: erased and drawn again, no repaint.
  expect(writes.join('')).not.toContain(CLEAR_ALL);
  expect(writes.join('').split('finished meanwhile')).toHaveLength(2);
  expect(writes.at(-1)).toContain(box(50));
});

it('holds the live slots too, and lays out what they print at the settled width, in order among Ink output', () => {
  const { writes, log, commit, step, drawn } = writerUnder(60, 8, '');
  const live = 'streaming '.repeat(20);
  log.setSlot('answer', (columns) => cut(live, columns));
  log.render(slotFrame(60));
  const before = writes.length;
  expect(before).toBeGreaterThan(drawn);

  const widths: number[] = [];
  for (const cols of [52, 44, 36, 28, 20, 14]) {
    log.refresh();
    step(cols, slotFrame(cols));
  }
  log.print((columns) => {
    widths.push(columns);
    return [`own ${columns}`];
  });
  commit('ink after\n', slotFrame(14));
  log.refresh();
  expect(writes, 'writes while the size keeps changing').toHaveLength(before);
  expect(widths, 'the printed rows are not laid out yet').toEqual([]);

  vi.advanceTimersByTime(200);
  expect(writes).toHaveLength(before + 1);
  expect(widths).toEqual([14]);
  const settled = writes.at(-1) ?? '';
  // The live area (20 rows of the answer at 14 columns) is taller than the screen: one repaint,
  // with the writer's own line in its place between the history and what Ink printed after it.
  expect(settled.split(CLEAR_ALL)).toHaveLength(2);
  expect(settled).toContain(`${HISTORY}own 14\nink after\n`);
  expect(settled).toContain(box(14));
  // Drawn afresh: a refresh with nothing changed writes nothing.
  log.refresh();
  expect(writes).toHaveLength(before + 1);
});

it('waits for a frame laid out for the new width', () => {
  const { writes, stream, log, step, drawn } = writerUnder(60, 30, frame(60, 2));
  stream.columns = 40;
  log.refresh();
  vi.advanceTimersByTime(150);
  expect(writes, 'Ink has not drawn for 40 columns yet').toHaveLength(drawn);
  step(40, frame(40, 2), 70);
  expect(writes).toHaveLength(drawn + 1);
  expect(writes.at(-1)).toContain(box(40));
});

it('erases and draws again after a drag that ends at the size it started from', () => {
  const { writes, step } = writerUnder(60, 30, frame(60, 2));
  for (const cols of [40, 60]) step(cols, frame(cols, 2));
  vi.advanceTimersByTime(200);
  // The terminal rewrapped the frame at 40 columns and back: it is erased, not diffed against.
  expect(writes.at(-1)).toContain('\u001B[J');
  expect(writes.at(-1)).toContain(box(60));
});

it.each([
  ['clear', (log: LineDiffLog) => log.clear()],
  ['done', (log: LineDiffLog) => log.done()],
  ['Ctrl+L', (log: LineDiffLog) => log.redraw()],
])('draws what it holds before %s', (_, act) => {
  const { writes, log, commit, step } = writerUnder(60, 30, frame(60, 2));
  step(50, frame(50, 2), 0);
  commit('finished meanwhile\n', frame(50, 1));
  act(log);
  expect(writes.join('').split('finished meanwhile')).toHaveLength(2);
  const after = writes.length;
  vi.advanceTimersByTime(200);
  expect(writes, 'nothing left to draw when the settle would have ended').toHaveLength(after);
});
