// A bare terminal emulator (xterm.js, Unicode 11 widths) for tests that hand the writer's bytes
// to it directly, without a pty, and read back each cell as it looks.
import unicode11 from '@xterm/addon-unicode11';
import xterm from '@xterm/headless';
import { expect } from 'vitest';

export type XTerm = InstanceType<typeof xterm.Terminal>;

export function terminal(cols: number, rows: number): XTerm {
  const term = new xterm.Terminal({ cols, rows, scrollback: 5000, allowProposedApi: true });
  term.loadAddon(new unicode11.Unicode11Addon());
  term.unicode.activeVersion = '11';
  return term;
}

export function written(term: XTerm, data: string): Promise<void> {
  // The pty turns each newline into CR LF (ONLCR), as it does for the REPL.
  return new Promise((resolve) => term.write(data.replaceAll('\n', '\r\n'), resolve));
}

/**
 * Each cell as it looks: a space shows only its background and the lines drawn through it, and
 * stays apart from a cell nothing was written to (which is what copying a row leaves out).
 */
export function looks(term: XTerm, scrollback = false): string[] {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  const [from, to] = scrollback ? [0, buffer.length] : [buffer.baseY, buffer.baseY + term.rows];
  for (let y = from; y < to; y++) {
    const line = buffer.getLine(y);
    const cells: string[] = [];
    for (let x = 0; line && x < term.cols; x++) {
      const cell = line.getCell(x);
      if (!cell) continue;
      const chars = cell.getChars();
      const shared = [cell.getBgColorMode(), cell.getBgColor(), cell.isInverse(), cell.isUnderline(), cell.isStrikethrough()];
      if (chars === '') cells.push(cell.getWidth() === 0 ? '<' : `_${shared.join(',')}`);
      else if (chars === ' ') cells.push(` ${shared.join(',')}`);
      else {
        const ink = [cell.getFgColorMode(), cell.getFgColor(), cell.isBold(), cell.isDim(), cell.isItalic(), cell.isBlink(), cell.isInvisible()];
        cells.push(`${chars}|${shared.join(',')}|${ink.join(',')}`);
      }
    }
    rows.push(cells.join(' '));
  }
  // Rows nothing was written to under the last one written (a frame that shrank leaves some).
  while (scrollback && rows.length > 0 && /^(_0,-1,0,0,0 ?)*$/.test(rows.at(-1) ?? '')) rows.pop();
  return rows;
}

export function screenText(term: XTerm): string {
  const buffer = term.buffer.active;
  return Array.from({ length: term.rows }, (_, y) => buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '').join('\n');
}

/**
 * The writer's screen and scrollback against `rows` drawn afresh into `fresh`: every cell must look
 * the same, styles included. `where` says which frame it was when they differ.
 */
export async function expectDrawnAsFresh(screen: XTerm, fresh: XTerm, rows: string[], where: string): Promise<void> {
  fresh.reset();
  await written(fresh, rows.join('\n'));
  await written(screen, '');
  const want = looks(fresh, true);
  const got = looks(screen, true);
  const differing = got.flatMap((row, index) => (row === want[index] ? [] : [index]));
  expect([got.length, differing], `${where}\n${screenText(screen)}`).toEqual([want.length, []]);
}
