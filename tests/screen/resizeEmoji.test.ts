// Emoji sequences in the conversation through a resize that repaints it. When a narrower width
// rewraps the live area past the top of a short screen, the writer clears the terminal and prints
// the conversation again (resize*.test.ts); those rows must get the same column fix after each
// emoji sequence as a row the writer draws (writerEmoji.test.ts), or a terminal that counts each
// code point (xterm.js) wraps them. Each paragraph is one row at every width, and the session
// starts at the narrowest (what Ink printed keeps the width it was printed at).
import { describe, expect, it, vi } from 'vitest';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { screenText, terminal, written } from './emulator.js';
import { expectNoTerminalWraps, openRepl, region, resizeAndRedraw, submit, TURN_END } from './scenario.js';

const PARAGRAPHS = ['Family 👨‍👩‍👧‍👦 at home now.', 'Thumbs 👍🏽 up.', 'Pride 🏳️‍🌈 flag.', 'Flags 🇯🇵🇫🇷 here.', 'Keycap 1️⃣ one.', 'Heart ❤️ red.', 'Coder 👩‍💻 types.'];
const ANSWER_ROWS = PARAGRAPHS.flatMap((text, index) => [index === 0 ? `● ${text}` : `  ${text}`, '']).slice(0, -1);
const CLEAR_SCROLLBACK = '\u001B[3J';

/** The rows as the writer draws them on a blank terminal `cols` wide, read back as text. */
async function drawnFresh(rows: readonly string[], cols: number): Promise<string[]> {
  const screen = terminal(cols, rows.length + 1);
  new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows: rows.length + 1 }).render(
    rows.map((row) => `${row}\n`).join(''),
  );
  await written(screen, '');
  const text = screenText(screen).split('\n').slice(0, rows.length);
  screen.dispose();
  return text;
}

describe.each([6, 11] as const)('emoji sequences in the conversation repainted after a resize (%i rows)', (rows) => {
  it('keep every row inside the terminal and as a fresh draw shows it, at 25, 89, 25, 47 and 25 columns', async () => {
    const { session } = await openRepl([{ content: [{ type: 'text', text: PARAGRAPHS.join('\n\n') }], chunkSize: 7, chunkDelayMs: 2 }], 25, rows);
    await submit(session, 'emoji');
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    expectNoTerminalWraps(session);
    const fresh = await drawnFresh(ANSWER_ROWS, 25);
    for (const cols of [89, 25, 47, 25]) {
      await resizeAndRedraw(session, cols);
      expectNoTerminalWraps(session);
      // Widening to 89 leaves the rows drawn while streaming (no repaint); from the first
      // narrowing on, every row of the answer is one the repaint wrote.
      if (cols === 89) continue;
      expect(region(session.lines(), '● Family', TURN_END).slice(0, ANSWER_ROWS.length), `at ${cols} columns`).toEqual(fresh);
    }
    // Narrowing rewrapped the live area past the screen's top at least once: the path under test.
    expect(session.bytes().split(CLEAR_SCROLLBACK).length, 'repaints').toBeGreaterThan(1);
  });
});

describe('a printed row wider than the terminal, repainted after a narrowing', () => {
  it('is cut where the terminal wraps it, each part as a fresh draw shows it', async () => {
    const writes: string[] = [];
    const stream = { columns: 40, rows: 8, write: (data: string) => writes.push(data) > 0 };
    const printed = 'Wide row: 👨‍👩‍👧‍👦 then 👍🏽 and more 🏳️‍🌈 words here\n';
    const log = new LineDiffLog(stream, { printed: () => printed });
    const frame = (cols: number): string => `${'─'.repeat(cols)}\n`.repeat(5);
    log.commit(printed, frame(40));
    const before = writes.splice(0).join('');
    // The writer waits for the size to hold still (resizeSettle.ts) before it draws.
    vi.useFakeTimers();
    try {
      stream.columns = 25;
      log.render(frame(25));
      vi.advanceTimersByTime(200);
    } finally {
      vi.useRealTimers();
    }
    expect(writes.join(''), 'a repaint').toContain(CLEAR_SCROLLBACK);
    const screen = terminal(40, 8);
    await written(screen, before);
    screen.resize(25, 8);
    await written(screen, writes.join(''));
    const buffer = screen.buffer.active;
    const lines = Array.from({ length: buffer.length }, (_, y) => buffer.getLine(y)?.translateToString(true) ?? '');
    const at = lines.findIndex((line) => line.startsWith('Wide row'));
    expect(lines.slice(at, at + 2)).toEqual(await drawnFresh(['Wide row: 👨‍👩‍👧‍👦 then 👍🏽 and ', 'more 🏳️‍🌈 words here'], 25));
    screen.dispose();
  });
});
