// What the writer knows of the terminal's cursor column and rendition while it builds one write,
// so it moves the cursor and switches styles only when they are not already where they need to be.
import type { Unit } from './cells.js';
import { Style } from './sgr.js';

const ESC = '\u001B[';

export class Pen {
  out = '';
  /** The cursor's column; undefined when unknown (after a full-width row, or an insert or delete away from column 0). */
  column: number | undefined = 0;
  /**
   * Whether `column` is sure enough to move from by a distance: only ASCII has been written since
   * the cursor was last put at a column, as a character of disputed or ambiguous width (`·`, `…`,
   * an emoji) may take another number of cells in the terminal than in the row.
   */
  private measured = true;
  style = Style.plain;
  private saved: { column: number | undefined; measured: boolean; style: Style } | undefined;

  constructor(readonly width: () => number) {}

  toColumn(column: number): void {
    if (this.column === column) return;
    this.out += columnMove(this.measured ? this.column : undefined, column);
    this.column = column;
    this.measured = true;
  }

  /** A pen in the same state with nothing written yet: to try a way of writing and keep it or not. */
  fork(): Pen {
    const pen = new Pen(this.width);
    pen.column = this.column;
    pen.measured = this.measured;
    pen.style = this.style;
    return pen;
  }

  /** Takes what a fork wrote, and the state it left the terminal in. */
  adopt(fork: Pen): void {
    this.out += fork.out;
    this.column = fork.column;
    this.measured = fork.measured;
    this.style = fork.style;
  }

  /** Draws one cell at the cursor. A blank only needs the rendition its look depends on. */
  put(unit: Unit): void {
    if (!(unit.text === ' ' && unit.style.blankKey === this.style.blankKey)) this.restyle(unit.style);
    if (unit.disputed) {
      this.putDisputed(unit);
      return;
    }
    this.out += unit.text;
    if (unit.text.length !== 1 || unit.text.charCodeAt(0) >= 0x7f) this.measured = false;
    if (this.column !== undefined) this.column += unit.width;
    // At the last column the terminal waits to wrap: where the cursor is depends on the terminal.
    if (this.column !== undefined && this.column >= this.width()) this.column = undefined;
  }

  /**
   * An emoji sequence the terminal may draw wider (or narrower) than the row counts it: the
   * cursor is then moved to the column the row counts it to end at, so what follows stays in its
   * place. Where the terminal's width for it could reach the right edge, it is written with
   * autowrap off (DECAWM), so the terminal clips it rather than wrapping the row. Its counted
   * cells are erased first (ECH): a keycap or VS16 heart drawn one cell wide leaves no old letter.
   */
  private putDisputed(unit: Unit): void {
    const end = unit.column + unit.width;
    const width = this.width();
    // A terminal drawing it narrower than counted would leave the cell after it as it was.
    this.out += `${ESC}${unit.width}X`;
    if (unit.column + mostColumns(unit.text) >= width) this.out += `${ESC}?7l${unit.text}${ESC}?7h`;
    else this.out += unit.text;
    if (end < width) {
      this.out += `${ESC}${end + 1}G`;
      this.column = end;
      this.measured = true;
    } else this.column = undefined;
  }

  restyle(style: Style): void {
    this.out += this.style.transitionTo(style);
    this.style = style;
  }

  /** Before an erase, an insert or a newline: they fill cells with the current background. */
  blankBackground(): void {
    if (this.style.blankKey !== '') this.restyle(Style.plain);
  }

  /** A control that leaves the cursor at a column the writer does not track. */
  control(sequence: string): void {
    this.blankBackground();
    this.out += sequence;
    this.column = undefined;
  }

  /**
   * Insert or delete lines: terminals put the cursor at column 0 or leave it where it was, so
   * its column is known afterwards only when it was 0 already (as after a newline).
   */
  lineEdit(sequence: string): void {
    const column = this.column;
    this.control(sequence);
    if (column === 0) this.column = 0;
  }

  /**
   * Down `count` rows, scrolling the screen at its bottom as a newline does, the column kept.
   * Written as VT (0x0B), which terminals take as a line feed (the VT100 did; xterm, tmux, VTE,
   * kitty and Windows' console too): a newline would be two bytes, as the pty's output
   * processing (ONLCR, which raw mode keeps) makes each a CR LF, and the CR is often not needed
   * (the cursor at column 0 already, or moved to another column next anyway).
   */
  newlines(count: number): void {
    this.blankBackground();
    this.out += '\v'.repeat(count);
  }

  /** DECSC: the terminal keeps the cursor's place and rendition for `restore`. */
  save(): void {
    this.out += '\u001B7';
    this.saved = { column: this.column, measured: this.measured, style: this.style };
  }

  /** DECRC: back to the place and rendition of the last `save` (in this write: nothing may scroll between). */
  restore(): void {
    if (!this.saved) return;
    this.out += '\u001B8';
    ({ column: this.column, measured: this.measured, style: this.style } = this.saved);
  }

  /** Text whose effect on the rendition is unknown (a row of other escape codes). */
  opaque(text: string): void {
    this.out += `${text}${ESC}m`;
    this.style = Style.plain;
    this.column = undefined;
  }

  /** The write so far, with the terminal left in its default rendition for whoever writes next. */
  take(): string {
    this.restyle(Style.plain);
    const out = this.out;
    this.out = '';
    return out;
  }
}

/** The most columns a terminal draws a sequence in: two for each code point, as the widest measure each one alone. */
function mostColumns(text: string): number {
  return 2 * [...text].length;
}

/**
 * The shortest way from column `from` (undefined: not known) to `to` on the same row: a carriage
 * return to the first column, else CHA to the column, or CUF/CUB by the distance when that
 * number has fewer digits (a jump of a few cells far along a row: `ESC[6C` rather than `ESC[22G`).
 */
export function columnMove(from: number | undefined, to: number): string {
  if (from === to) return '';
  if (to === 0) return '\r';
  const absolute = `${ESC}${to + 1}G`;
  if (from === undefined) return absolute;
  const distance = Math.abs(to - from);
  const relative = `${ESC}${distance === 1 ? '' : distance}${to > from ? 'C' : 'D'}`;
  return relative.length < absolute.length ? relative : absolute;
}
