// The line-diff writer (src/ui/terminal/lineDiffLog.ts) against a real terminal emulator: frames
// like the REPL's (styled words with the codes placed either side of a space, wide characters,
// rows appearing, growing, shrinking and vanishing, words put in and taken out mid-row) are drawn
// one after another, and after each the emulator must hold, cell for cell, what it holds when the
// same frame is drawn on a clean screen. Only the look counts: a blank's colour, weight or slant does not show.
import { describe, expect, it } from 'vitest';
import { visibleWidth } from '../../src/ui/markdown/ansi.js';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { seededRandom } from '../../scripts/bench/seededRandom.mjs';
import { expectDrawnAsFresh, looks, screenText, terminal, written } from './emulator.js';

// (No keycap emoji: string-width and xterm.js disagree on its width, so no layout could hold.)
const WORDS = ['render', 'frame', 'a', 'cursor', '中文字', 'café', 'e\u0301t\u00e9', '👍', 'x', '│', '—', 'prompt'];
const STYLES: Array<[string, string]> = [
  ['1', '22'],
  ['2', '22'],
  ['3', '23'],
  ['4', '24'],
  ['7', '27'],
  ['9', '29'],
  ['36', '39'],
  ['38;5;208', '39'],
  ['38;2;10;200;30', '39'],
  ['44', '49'],
  ['1;36', '22;39'],
];

type Word = { text: string; style?: [string, string]; codesBeforeSpace: boolean };

function rowText(words: readonly Word[]): string {
  return words
    .map((word, index) => {
      const space = index === 0 ? '' : ' ';
      if (!word.style) return `${space}${word.text}`;
      const [on, off] = word.style;
      return word.codesBeforeSpace ? `\u001B[${on}m${space}${word.text}\u001B[${off}m` : `${space}\u001B[${on}m${word.text}\u001B[${off}m`;
    })
    .join('');
}

/** Styled words appended to `words` while the row fits `cols`; the codes sit before or after the space at random. */
function addWords(next: () => number, words: readonly Word[], cols: number): Word[] {
  const out = [...words];
  const count = Math.floor(next() * 12);
  for (let index = 0; index < count; index++) {
    const text = WORDS[Math.floor(next() * WORDS.length)] ?? 'x';
    const style = next() < 0.35 ? STYLES[Math.floor(next() * STYLES.length)] : undefined;
    const word = { text, style, codesBeforeSpace: next() < 0.5 };
    if (visibleWidth(rowText([...out, word])) > cols) break;
    out.push(word);
  }
  return out;
}

/** A word put in or taken out in the middle of a row: its tail moves sideways, as a counter's does when it gains a digit. */
function shiftTail(next: () => number, words: readonly Word[], cols: number): Word[] {
  const out = [...words];
  const at = Math.floor(next() * (out.length + 1));
  if (next() < 0.5 && out.length > 0) out.splice(Math.min(at, out.length - 1), 1);
  else out.splice(at, 0, { text: WORDS[Math.floor(next() * WORDS.length)] ?? 'x', codesBeforeSpace: next() < 0.5 });
  return visibleWidth(rowText(out)) > cols ? [...words] : out;
}

/** The next frame: most rows kept, some changed a little (a spinner, a counter, an appended word). */
function nextFrame(next: () => number, frame: Word[][], cols: number, maxRows: number): Word[][] {
  const rows = frame.map((row) => {
    const roll = next();
    if (roll < 0.5) return row;
    if (roll < 0.6) return shiftTail(next, row, cols);
    if (roll < 0.75) return addWords(next, [], cols);
    if (roll < 0.9) return addWords(next, row, cols);
    return row.slice(0, Math.floor(next() * row.length));
  });
  const roll = next();
  if (roll < 0.25 && rows.length < maxRows) rows.splice(Math.floor(next() * (rows.length + 1)), 0, addWords(next, [], cols));
  else if (roll < 0.4 && rows.length > 0) rows.splice(Math.floor(next() * rows.length), 1 + Math.floor(next() * 2));
  return rows;
}

describe('the line-diff writer in a terminal emulator', () => {
  for (const cols of [40, 80]) {
    it(`leaves every frame looking as drawn on a clean screen (${cols} columns)`, async () => {
      const rows = 20;
      for (let seed = 1; seed <= 6; seed++) {
        const next = seededRandom(seed * 7919 + cols);
        const screen = terminal(cols, rows);
        const log = new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
        const fresh = terminal(cols, rows);
        let words: Word[][] = [];
        for (let step = 0; step < 60; step++) {
          words = nextFrame(next, words, cols, rows - 2);
          const frame = words.map(rowText);
          log.render(frame.map((row) => `${row}\n`).join(''));
          fresh.reset();
          await written(fresh, frame.join('\n'));
          await written(screen, '');
          const want = looks(fresh);
          const differing = looks(screen).flatMap((row, index) => (row === want[index] ? [] : [index]));
          expect(differing, `seed ${seed}, frame ${step}: ${JSON.stringify(frame)}\n${screenText(screen)}`).toEqual([]);
        }
        fresh.dispose();
        screen.dispose();
      }
    });
  }

  for (const cols of [40, 80]) {
    it(`prints finished rows above the frame once each, however many at a time (${cols} columns)`, async () => {
      const rows = 12;
      for (let seed = 1; seed <= 4; seed++) {
        const next = seededRandom(seed * 104_729 + cols);
        const screen = terminal(cols, rows);
        const log = new LineDiffLog({ write: (data) => (void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
        const fresh = terminal(cols, rows);
        const printed: string[] = [];
        let words: Word[][] = [];
        for (let step = 0; step < 40; step++) {
          words = nextFrame(next, words, cols, rows - 2);
          // The frame's top rows become final (an answer's finished lines), sometimes with a
          // screenful or more of other finished rows after them (a fast model, a tool's output).
          const roll = next();
          const done = roll < 0.5 ? 0 : Math.floor(next() * (words.length + 1));
          const more = roll > 0.75 ? Array.from({ length: Math.floor(next() * 30) }, () => rowText(addWords(next, [], cols))) : [];
          const finished = [...words.slice(0, done).map(rowText), ...more];
          words = words.slice(done);
          const frame = words.map(rowText);
          const asOutput = (lines: string[]): string => lines.map((row) => `${row}\n`).join('');
          if (finished.length > 0) log.commit(asOutput(finished), asOutput(frame));
          else log.render(asOutput(frame));
          printed.push(...finished);
          await expectDrawnAsFresh(screen, fresh, [...printed, ...frame], `seed ${seed}, step ${step}: ${finished.length} finished`);
        }
        fresh.dispose();
        screen.dispose();
      }
    });
  }
});

describe('where the writer makes room for a new row of a streaming paragraph', () => {
  // Each row of a wrapped paragraph opens with the codes of the styles used above it, each closed
  // again at once (as the answer's wrapper writes them): rows alike in their codes, not their text.
  const codes = (...pairs: string[]): string => pairs.map((pair) => pair.split('/').map((code) => `\u001B[${code}m`).join('')).join('');
  const OPENED = codes('3/23', '36/39', '1/22', '36/39');
  const box = ['╭────────╮', '│ >      │', '╰────────╯'];
  const frame = (answer: string[]): string[] => ['', ...answer, '', '\u001B[36m· Pondering… (3s)\u001B[39m', '', ...box];
  const above = `  cursor render stream\u001B[3m buffer\u001B[23m region\u001B[36m static()\u001B[39m layout\u001B[1m prompt\u001B[22m frame`;

  for (const cols of [100, 120]) {
    it(`continues the paragraph's last row where it is and inserts the next row under it (${cols} columns)`, async () => {
      const screen = terminal(cols, 16);
      const fresh = terminal(cols, 16);
      let bytes = '';
      const log = new LineDiffLog({ write: (data) => ((bytes += data), void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows: 16 });
      const last = `  ${OPENED}region static\u001B[1m layout\u001B[22m prompt`;
      const before = frame([above, last]);
      log.render(before.map((row) => `${row}\n`).join(''));
      await expectDrawnAsFresh(screen, fresh, before, 'first frame');
      // The row fills up as text streams in, and the next one starts.
      let filled = last;
      for (const word of ['frame', 'token', '\u001B[3mcursor\u001B[23m', 'render', 'stream', '\u001B[36mbuffer()\u001B[39m', 'layout', 'frame', 'token', 'cursor', 'render', 'stream']) {
        if (visibleWidth(`${filled} ${word}`) < cols - 2) filled = `${filled} ${word}`;
      }
      const after = frame([above, `${filled}\u001B[0m`, `  ${OPENED}${codes('1/22', '3/23', '36/39')}re`]);
      bytes = '';
      log.render(after.map((row) => `${row}\n`).join(''));
      await expectDrawnAsFresh(screen, fresh, after, 'second frame');
      // The row on screen is continued, not pushed down and written again over a blank row.
      expect(bytes).not.toContain('region static');
      expect(bytes).toContain(' frame token');
      screen.dispose();
      fresh.dispose();
    });
  }
});
