// Emoji sequences that terminals measure their own way (xterm.js counts each code point of a ZWJ
// family, a skin tone, a flag, a keycap) through the line-diff writer: frame after frame, with
// such sequences appearing, moving and landing at the right edge, every other character of every
// row must stand at the column the row counts for it, no row may wrap, and nothing may be left
// past a row's end. Plain text and wide CJK must cost nothing extra.
import { describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/ui/markdown/ansi.js';
import { cellsOf } from '../../src/ui/terminal/cells.js';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { seededRandom } from '../../scripts/bench/seededRandom.mjs';
import { screenText, terminal, written } from './emulator.js';

const SEQUENCES = ['👨‍👩‍👧‍👦', '👩‍💻', '👍🏽', '🏳️‍🌈', '🇯🇵', '1️⃣', '❤️', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'];
const WORDS = ['render', 'a', '中文字', 'café', '👍', 'x', '—', ...SEQUENCES];

function randomRow(next: () => number, cols: number): string {
  let row = '';
  for (let count = Math.floor(next() * 10); count > 0; count--) {
    const word = WORDS[Math.floor(next() * WORDS.length)] ?? 'x';
    const styled = next() < 0.3 ? `\u001B[1m${word}\u001B[22m` : word;
    const candidate = row === '' ? styled : `${row} ${styled}`;
    if (visibleWidth(candidate) > cols) break;
    row = candidate;
  }
  // Now and then a sequence pushed against the right edge.
  if (next() < 0.3) {
    const sequence = SEQUENCES[Math.floor(next() * SEQUENCES.length)] ?? '👍🏽';
    const pad = cols - visibleWidth(row) - visibleWidth(sequence);
    if (pad >= 0) row += ' '.repeat(pad) + sequence;
  }
  return row;
}

/** Where the terminal holds something other than what the row counts at a column (disputed sequences aside). */
function misplaced(screen: ReturnType<typeof terminal>, frame: readonly string[]): string[] {
  const buffer = screen.buffer.active;
  return frame.flatMap((row, y) => {
    const line = buffer.getLine(buffer.baseY + y);
    const cells = cellsOf(row);
    if (!line || !cells) return [`row ${y} unreadable`];
    const wrong = cells.units.filter((unit) => !unit.disputed && line.getCell(unit.column)?.getChars() !== unit.text.replace(/\u001B\[[0-9;]*m/g, ''));
    const end = cells.keys.length;
    const after = line.translateToString(false, end).trim();
    const wrapped = buffer.getLine(buffer.baseY + y + 1)?.isWrapped;
    return [...wrong.map((unit) => `row ${y} col ${unit.column}: ${unit.text}`), ...(after ? [`row ${y} past its end: ${after}`] : []), ...(wrapped ? [`row ${y} wrapped`] : [])];
  });
}

describe('emoji sequences through the line-diff writer', () => {
  for (const cols of [23, 40]) {
    it(`keep every other character at its counted column, frame after frame (${cols} columns)`, async () => {
      const rows = 12;
      for (let seed = 1; seed <= 5; seed++) {
        const next = seededRandom(seed * 6151 + cols);
        const screen = terminal(cols, rows);
        const log = new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
        let frame: string[] = [];
        for (let step = 0; step < 40; step++) {
          frame = Array.from({ length: 1 + Math.floor(next() * (rows - 2)) }, (_, index) => (next() < 0.5 ? (frame[index] ?? '') : randomRow(next, cols)));
          log.render(frame.map((row) => `${row}\n`).join(''));
          await written(screen, '');
          expect(misplaced(screen, frame), `seed ${seed}, frame ${step}: ${JSON.stringify(frame)}\n${screenText(screen)}`).toEqual([]);
        }
        screen.dispose();
      }
    });
  }

  it('writes plain text and CJK with no cursor moves after them', () => {
    let out = '';
    const log = new LineDiffLog({ write: (data) => ((out += data), true), columns: 80, rows: 10 });
    log.render('plain words and 中文字 wide ones 👍\n');
    expect(out).not.toMatch(/\u001B\[\d+G|\?7l/);
    log.render('plain words and 中文字 wide ones 👍 then 👍🏽 ok\n');
    expect(out).toMatch(/👍🏽\u001B\[\d+G ok/);
  });
});
