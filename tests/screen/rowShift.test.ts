// The writer's sideways shifts (src/ui/terminal/rowShift.ts) and relative column moves against a
// terminal emulator: a spinner's counters gaining and losing digits (`9s` to `10s`, `999 tokens` to
// `1.0k tokens`, back to `0s` for the next turn), with a wide character and styles in the row, and
// a row of text whose middle word grows and shrinks, at several widths. After every frame each
// cell looks as a fresh draw of the same rows; and the shifts must really be taken (ICH and DCH,
// and CUF between the seconds and the tokens), or the test would prove nothing about them.
import { describe, expect, it } from 'vitest';
import { LineDiffLog } from '../../src/ui/terminal/lineDiffLog.js';
import { expectDrawnAsFresh, terminal } from './emulator.js';

const ESC = '\u001B[';
const GLYPHS = ['·', '•', '✢', '✳'];

function spinner(tick: number, seconds: number, tokens: number): string {
  const count = tokens < 1000 ? String(tokens) : `${(tokens / 1000).toFixed(1)}k`;
  const shown = tokens > 0 ? ` · ↓ ${count} tokens` : '';
  return `${ESC}36m${GLYPHS[tick % GLYPHS.length]} Pondering… (${seconds}s${shown} · esc to interrupt)${ESC}39m`;
}

/** A row of prose whose third word is `word`, in bold, with CJK text after it. */
function prose(word: string): string {
  return `  the ${ESC}1m${word}${ESC}22m pass writes 中文 and ${ESC}36mcode()${ESC}39m then more`;
}

describe('rows whose text moves sideways, through the writer into a terminal emulator', () => {
  for (const cols of [60, 100]) {
    it(`shifts a spinner's counters and a row's tail instead of rewriting them (${cols} columns)`, async () => {
      const rows = 12;
      const screen = terminal(cols, rows);
      const fresh = terminal(cols, rows);
      let bytes = '';
      const log = new LineDiffLog({ write: (data) => ((bytes += data), void screen.write(data.replaceAll('\n', '\r\n')), true), columns: cols, rows });
      const words = ['frame', 'framework', 'fr', 'frame', '中', 'frameworks'];
      // Seconds past 9 and 99, tokens past 999, then a new turn back at 0s with no count.
      const steps: Array<[number, number]> = [
        [8, 880], [9, 990], [10, 999], [11, 1000], [12, 1100], [99, 1200], [100, 1250], [0, 0], [1, 40], [0, 0],
      ];
      for (const [index, [seconds, tokens]] of steps.entries()) {
        const frame = [prose(words[index % words.length] ?? 'x'), '', spinner(index, seconds, tokens), '', '╭──╮', '╰──╯'];
        log.render(frame.map((row) => `${row}\n`).join(''));
        await expectDrawnAsFresh(screen, fresh, frame, `step ${index}: ${seconds}s ${tokens} tokens`);
      }
      expect(bytes).toContain(`${ESC}@`);
      expect(bytes).toMatch(/\u001B\[\d*P/);
      expect(bytes).toMatch(/\u001B\[\d*C/);
      screen.dispose();
      fresh.dispose();
    });
  }
});
