// A row of a frame as the terminal will hold it: the characters at each column with the
// rendition they are drawn in, however the escape codes around them happened to be placed. Two
// rows that look the same compare equal cell for cell, so the writer rewrites only what a person
// would see change.
import { visibleWidth } from '../markdown/ansi.js';
import { Style } from './sgr.js';

/**
 * One character (a grapheme: a wide one takes two columns) with the rendition it is drawn in.
 * `disputed`: an emoji sequence (joined by ZWJ, with a skin tone, a variation selector, a keycap,
 * a flag's pair of letters or tag letters) that terminals draw at widths of their own, many
 * measuring each code point: the writer puts the cursor where the row counts it to end.
 */
export type Unit = { column: number; text: string; width: number; style: Style; key: string; disputed: boolean };

export type Cells = {
  units: Unit[];
  /** Per column: the key of the unit starting there, or CONTINUED for the second half of a wide one. */
  keys: string[];
  /** Per column: the index in `units` of the unit drawn there. */
  unitAt: number[];
};

export const CONTINUED = '\u0001';
/** What a cell past the row's end holds: nothing, which a terminal keeps apart from a written space. */
export const ERASED = 'E';

// eslint-disable-next-line no-control-regex
const CSI_AT = /\u001B\[([0-9;:?]*)([ -/]*)([@-~])/y;

let graphemes: Intl.Segmenter | undefined;

const DISPUTED_WIDTH = /[\u200D\uFE0F\u20E3\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

/** Whether `text` may hold an emoji sequence terminals measure their own way (a quick test before `cellsOf`). */
export function mayHoldDisputed(text: string): boolean {
  return DISPUTED_WIDTH.test(text);
}

function keyOf(text: string, style: Style): string {
  // A space looks the same whatever its colour, weight or slant.
  return text === ' ' ? `B${style.blankKey}` : `${style.key}\u0000${text}`;
}

/**
 * The cells of a row, or undefined when the row holds something other than text and SGR codes
 * (a control character, another escape sequence): such a row is rewritten whole.
 */
export function cellsOf(row: string): Cells | undefined {
  const cells: Cells = { units: [], keys: [], unitAt: [] };
  let style = Style.plain;
  let column = 0;
  const push = (text: string, width: number, disputed = false): void => {
    if (width === 0) {
      // A mark that joins the character before it (or stands alone at column 0, drawn over nothing).
      const last = cells.units.at(-1);
      if (last) {
        last.text += text;
        last.disputed ||= DISPUTED_WIDTH.test(text);
        last.key = keyOf(last.text, last.style);
        cells.keys[last.column] = last.key;
      }
      return;
    }
    const unit: Unit = { column, text, width, style, key: keyOf(text, style), disputed };
    const unitIndex = cells.units.push(unit) - 1;
    cells.keys.push(unit.key);
    cells.unitAt.push(unitIndex);
    for (let extra = 1; extra < width; extra++) {
      cells.keys.push(CONTINUED);
      cells.unitAt.push(unitIndex);
    }
    column += width;
  };
  let index = 0;
  while (index < row.length) {
    const code = row.charCodeAt(index);
    if (code === 0x1b) {
      CSI_AT.lastIndex = index;
      const match = CSI_AT.exec(row);
      if (!match || match[3] !== 'm' || match[2] !== '' || (match[1] ?? '').includes('?')) return undefined;
      style = style.apply(match[1] ?? '');
      index += match[0].length;
      continue;
    }
    if (code < 0x20 || code === 0x7f) return undefined;
    if (code < 0x7f && !(row.charCodeAt(index + 1) >= 0x80)) {
      push(row[index] ?? '', 1);
      index++;
      continue;
    }
    // A run of text that is not plain ASCII (with the ASCII character before it, which a
    // combining mark or keycap may belong to): split into graphemes, each as wide as it shows.
    let end = index + 1;
    while (end < row.length && row.charCodeAt(end) >= 0x80) end++;
    graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
    for (const { segment } of graphemes.segment(row.slice(index, end))) {
      push(segment, visibleWidth(segment), DISPUTED_WIDTH.test(segment));
    }
    index = end;
  }
  return cells;
}

/** Whether a unit of the row starts at `column` (not the second half of a wide one), or the row has ended there. */
export function startsUnit(cells: Cells, column: number): boolean {
  return column >= cells.keys.length || cells.units[cells.unitAt[column] ?? 0]?.column === column;
}
