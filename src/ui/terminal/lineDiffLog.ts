// What Ink writes to the terminal, in place of its own log-update (inkLog.ts is what the build
// swaps in: scripts/packagePatches.mjs). Ink hands over each frame of the live area as text; this writes
// only what changed since the frame on screen:
// - unchanged rows are skipped; in a changed row only the cells that look different are
//   rewritten, compared as the terminal holds them rather than as escape codes (rowDiff.ts);
// - rows added or removed are made with insert/delete-line where that lines up the most old
//   rows with new ones, so what sits under them (the prompt box) is moved by the terminal
//   instead of being redrawn;
// - finished output (<Static>) goes above the live area the same way, and when it is the rows
//   already on screen (the live tail of an answer becoming final) it costs nothing at all;
// - the frame never outgrows the screen, so every row it owns can be reached again;
// - after a width change the terminal has reflowed the old frame: its rows are counted the way
//   the terminal wrapped them, erased, and the frame drawn afresh. When the rewrapped frame is
//   taller than the rows above the cursor (a tall paragraph narrowed, a short screen), its top
//   went into the scrollback, out of reach: then the screen and scrollback are cleared and the
//   conversation printed so far is written again under the frame, so no half-erased copy stays.
// - the rows of live slots (liveSlots.ts: the streaming answer, the spinner) stand where Ink
//   drew their markers, and are drawn again without Ink when their owner says they changed;
//   rows the writer printed itself go into a repaint in their place among Ink's.
// - a drag sends a burst of resizes: nothing is drawn until the size holds still (resizeSettle.ts).
// The cursor stays hidden at column 0 of the frame's last row.
import { bestSplice, reflowedHeight, rowsOf } from './frameRows.js';
import { LiveSlots, type LiveSlot, type SlotRows } from './liveSlots.js';
import { Pen } from './pen.js';
import { PrintedAbove, writePrinted } from './printedAbove.js';
import { ResizeSettle } from './resizeSettle.js';
import { writeRowChange } from './rowDiff.js';

export type TerminalStream = {
  write(data: string): boolean;
  columns?: number;
  rows?: number;
};

/** What Ink tells the writer besides the frames: everything <Static> has printed so far. */
export type WriterOptions = { printed?: () => string };

const ESC = '\u001B[';
const HIDE_CURSOR = `${ESC}?25l`;
const SHOW_CURSOR = `${ESC}?25h`;
const ERASE_DOWN = `${ESC}J`;
/** Home, erase the screen, erase the scrollback. */
const CLEAR_ALL = `${ESC}H${ESC}2J${ESC}3J`;
/** Writes larger than this go out as one synchronized update, so the terminal shows no tearing. */
const SYNCHRONIZE_ABOVE = 2048;

export class LineDiffLog {
  /** The frame on screen, one string per row. */
  private rows: string[] = [];
  /** The row the cursor is on, counted from the frame's top; -1 is the row just above it. */
  private cursor = 0;
  /** The terminal's size when the frame on screen was drawn. */
  private size: { columns: number; rows: number } | undefined;
  private cursorHidden = false;
  private readonly pen = new Pen(() => this.columns());
  /** While a frame is drawn: the row it will rest on, and whether the cursor's place there was saved. */
  private resting: { row: number; saved: boolean } | undefined;
  /** Ink's last frame, markers and all. */
  private inkRows: string[] | undefined;
  private readonly slots = new LiveSlots();
  private readonly printed: PrintedAbove;
  private readonly settle = new ResizeSettle(
    () => `${this.columns()}x${this.screenRows()}`,
    () => (this.inkRows ?? []).every((row) => reflowedHeight(row, this.columns()) === 1),
    () => this.endSettling(),
  );

  constructor(
    private readonly stream: TerminalStream,
    options: WriterOptions = {},
  ) {
    this.printed = new PrintedAbove(options.printed);
  }

  /** Draws a frame; false when it is what is already on screen. */
  render(output: string): boolean {
    this.inkRows = rowsOf(output);
    return this.holding() || this.show(this.frame(this.inkRows));
  }

  /** Puts finished output above the live area, then draws the frame under it. */
  commit(staticOutput: string, output: string): void {
    this.inkRows = rowsOf(output);
    if (this.holding()) this.settle.keep({ ink: staticOutput });
    else this.commitRows(rowsOf(staticOutput), this.frame(this.inkRows));
  }

  /** Fills a slot of the live area (undefined empties it); drawn with the next frame. */
  setSlot(slot: LiveSlot, rows: SlotRows | undefined): void {
    this.slots.set(slot, rows);
  }

  /** Draws Ink's last frame again with the slots' rows as they are now. */
  refresh(): void {
    if (this.inkRows && !this.holding()) this.show(this.frame(this.inkRows));
  }

  /** Prints finished rows above the live area (as <Static> output is) and draws the frame under them. */
  print(finishedRows: SlotRows): void {
    if (!this.inkRows) return;
    const after = this.printed.mark();
    if (this.holding()) this.settle.keep({ own: finishedRows, after });
    else this.commitRows(this.printOwn(finishedRows, after), this.frame(this.inkRows));
  }

  /** The writer's own finished rows at the width now, noted among Ink's printed output for a repaint. */
  private printOwn(finishedRows: SlotRows, after: number | undefined): string[] {
    const finished = [...finishedRows(this.columns())];
    this.printed.add(after, finished);
    return finished;
  }

  /** True while the size settles after a resize (started when the size has just changed, told every size seen meanwhile): draw nothing. */
  private holding(): boolean {
    if (this.settle.active || this.sizeChanged()) this.settle.start();
    return this.settle.active;
  }

  /**
   * Draws what was kept while the size settled, now, as after any resize (even one that came back
   * to the size the frame was drawn at: the terminal rewrapped it at every step on the way).
   */
  private endSettling(): void {
    const settled = this.settle.take();
    if (!settled || !this.inkRows) return;
    const finished = settled.held.flatMap((print) => ('ink' in print ? rowsOf(print.ink) : this.printOwn(print.own, print.after)));
    this.commitRows(finished, this.frame(this.inkRows), true, settled.repaint);
  }

  private frame(inkRows: readonly string[]): string[] {
    return this.fit(this.slots.compose(inkRows, this.columns()));
  }

  private show(next: string[]): boolean {
    if (this.takeSizeChange()) this.eraseResizedFrame();
    else if (next.length === this.rows.length && next.every((row, index) => row === this.rows[index])) return false;
    this.draw(next);
    this.flush();
    return true;
  }

  /** `finished` is in what has been printed (a repaint writes that, so it is written with it). */
  private commitRows(finished: string[], next: string[], resized = false, repaint = false): void {
    if ((this.takeSizeChange() || resized) && this.eraseResizedFrame(repaint) === 'repainted') this.draw(next);
    else if (finished.every((row, index) => row === this.rows[index])) {
      // Already on screen as the top of the live area: it simply stops being part of it.
      this.absorb(finished.length);
      this.draw(next);
    } else if (finished.length + Math.max(this.rows.length, next.length) <= this.screenRows()) {
      this.draw([...finished, ...next]);
      this.absorb(finished.length);
    } else {
      // Taller than the screen: written downwards over the live area (its rows that are final
      // already cost nothing), scrolling into the scrollback, and the frame drawn under it.
      this.writeDown(finished);
      this.absorb(finished.length);
      this.draw(next);
    }
    this.flush();
  }

  /** Erases the live area (Ink does this before printing a console message above it). */
  clear(): void {
    this.endSettling();
    this.eraseFrame();
    this.flush();
  }

  /** Ink says `output` is on screen already. */
  sync(output: string): void {
    this.inkRows = rowsOf(output);
    this.rows = this.frame(this.inkRows);
    this.cursor = Math.max(0, this.rows.length - 1);
  }

  /** Leaves the cursor under the frame, shown, for whatever the shell prints next. */
  done(): void {
    this.endSettling();
    if (this.rows.length > 0) {
      this.moveTo(this.rows.length - 1);
      this.pen.newlines(1);
      this.pen.toColumn(0);
    }
    this.rows = [];
    this.inkRows = undefined;
    this.cursor = 0;
    if (this.cursorHidden) this.pen.out += SHOW_CURSOR;
    this.cursorHidden = false;
    this.flush();
  }

  /**
   * Ctrl+L: a clean screen with the frame at its top. A terminal's clear-screen drops the rows it
   * erases, so the finished output above the frame is first scrolled into the scrollback: with
   * the frame erased, a screen's height of newlines from its top pushes out exactly the rows above.
   */
  redraw(): void {
    this.endSettling();
    const frame = this.rows;
    this.eraseFrame();
    this.pen.newlines(this.screenRows() - 1);
    this.pen.control(`${ESC}H${ESC}2J`);
    this.pen.column = 0;
    this.rows = [];
    this.cursor = 0;
    this.draw(frame);
    this.flush();
  }

  /** Ink's cursor API, unused by Pulse (the prompt draws its own cursor). */
  setCursorPosition(): void {}

  isCursorDirty(): boolean {
    return false;
  }

  willRender(output: string): boolean {
    const next = this.frame(rowsOf(output));
    return this.sizeChanged() || next.length !== this.rows.length || next.some((row, index) => row !== this.rows[index]);
  }

  private screenRows(): number {
    return this.stream.rows && this.stream.rows > 0 ? this.stream.rows : 24;
  }

  private columns(): number {
    return this.stream.columns && this.stream.columns > 0 ? this.stream.columns : 80;
  }

  /** A frame taller than the screen loses its top rows: every row kept can be reached again. */
  private fit(rows: string[]): string[] {
    const limit = this.screenRows() - 1;
    return rows.length > limit ? rows.slice(rows.length - limit) : rows;
  }

  private sizeChanged(): boolean {
    return this.size !== undefined && (this.size.columns !== this.columns() || this.size.rows !== this.screenRows());
  }

  private takeSizeChange(): boolean {
    const changed = this.sizeChanged();
    this.size = { columns: this.columns(), rows: this.screenRows() };
    return changed;
  }

  /**
   * The terminal rewrapped the old frame to its new width (cursor and all) and kept the cursor's
   * row on its new screen. When every row the frame takes now is still above the cursor on that
   * screen: climb them, erase from there down, and forget the frame. Otherwise its top is in the
   * scrollback, where no cursor move reaches: start again from a clear terminal, as also when
   * `repaint` says the terminal may not hold what the writer counted.
   */
  private eraseResizedFrame(repaint = false): 'erased' | 'repainted' {
    if (this.rows.length === 0) return 'erased';
    const columns = this.columns();
    const above = this.rows.slice(0, Math.max(0, this.cursor)).reduce((sum, row) => sum + reflowedHeight(row, columns), 0);
    const reachable = this.screenRows() - reflowedHeight(this.rows[this.cursor] ?? '', columns);
    // A row to spare: with the frame's top exactly at the screen's top, a drag of quick resizes
    // still left part of a tall paragraph in the scrollback (tests/screen/resizeTall.test.ts).
    const printed = above >= reachable || repaint ? this.printed.text() : undefined;
    // What <Static> printed ends with a newline: the frame starts at column 0 under it.
    if (printed !== undefined) {
      this.pen.control(CLEAR_ALL);
      writePrinted(this.pen, printed);
      this.settle.repainted();
    } else this.pen.control(`${above > 0 ? `${ESC}${above}A` : ''}\r${ERASE_DOWN}`);
    this.pen.column = 0;
    this.rows = [];
    this.cursor = 0;
    return printed === undefined ? 'erased' : 'repainted';
  }

  private eraseFrame(): void {
    if (this.rows.length === 0 && this.cursor >= 0) return;
    this.moveTo(0);
    this.pen.toColumn(0);
    this.pen.control(ERASE_DOWN);
    this.pen.column = 0;
    this.rows = [];
    this.cursor = 0;
  }

  /** The top `count` rows are final: the frame now starts under them. */
  private absorb(count: number): void {
    this.rows = this.rows.slice(count);
    this.cursor -= count;
  }

  /** Rows that exist on screen for the frame: its own, or the blank one the cursor is on. */
  private ownedRows(): number {
    return Math.max(this.rows.length, this.cursor + 1);
  }

  private moveTo(row: number): void {
    // Leaving the resting place for rows higher up: keep it, to come back for two bytes.
    const rest = this.resting;
    if (rest && !rest.saved && this.cursor === rest.row && this.pen.column === 0 && row < this.cursor - 1) {
      this.pen.save();
      rest.saved = true;
    }
    if (row < this.cursor) {
      const up = this.cursor - row;
      this.pen.out += `${ESC}${count(up)}A`;
    } else if (row > this.cursor) {
      // Down by line feeds where rows have to be made (they scroll the screen when the frame is
      // at its bottom); within rows already there, a cursor move is shorter than several.
      const down = row - this.cursor;
      if (row < this.ownedRows() && down > 4) this.pen.out += `${ESC}${down}B`;
      else this.pen.newlines(down);
    }
    this.cursor = row;
  }

  private draw(next: string[]): void {
    const before = this.rows;
    const grow = next.length - before.length;
    const at = grow === 0 ? before.length : bestSplice(before, next, grow);
    const inserting = grow > 0 && at < before.length;
    this.resting = undefined;
    // New rows at the bottom first (newlines scroll the screen if need be); the rows under the
    // change are pushed down into them below. The frame fits the screen, so its top stays in reach.
    if (inserting && this.ownedRows() < next.length) this.moveTo(next.length - 1);
    this.resting = { row: next.length - 1, saved: false };
    // Rows above the splice keep their place: they are brought up to date on the way to it.
    this.writeRows(before, next, 0, Math.min(at, next.length));
    const model: Array<string | undefined> = [...before];
    if (inserting) {
      this.moveTo(at);
      this.pen.lineEdit(`${ESC}${count(grow)}L`);
    } else if (grow < 0) {
      this.moveTo(at);
      if (at - grow < before.length) this.pen.lineEdit(`${ESC}${count(-grow)}M`);
      else {
        this.pen.toColumn(0);
        this.pen.control(ERASE_DOWN);
      }
    }
    // Rows added at the end are written in order below, each newline making the next one.
    if (grow > 0) model.splice(at, 0, ...new Array<undefined>(grow));
    else model.splice(at, -grow);
    this.writeRows(model, next, at, next.length);
    this.rows = next;
    // The cursor rests at the start of the frame's last row: where a terminal that rewraps rows
    // on a resize keeps it in step with the text (xterm.js misplaces a cursor left higher up).
    if (this.resting.saved && this.cursor !== this.resting.row) {
      this.pen.restore();
      this.cursor = this.resting.row;
    } else if (next.length > 0) {
      this.moveTo(next.length - 1);
      this.pen.toColumn(0);
    }
    this.resting = undefined;
  }

  /** Writes `rows` from the frame's top down over what is there, never climbing back above. */
  private writeDown(rows: readonly string[]): void {
    const before = this.rows;
    this.writeRows(before, rows, 0, rows.length);
    this.rows = [...rows, ...before.slice(rows.length)];
  }

  /** Rewrites the rows in [from, to) of `next` that differ from `model`, the rows on screen. */
  private writeRows(model: ReadonlyArray<string | undefined>, next: readonly string[], from: number, to: number): void {
    for (let index = from; index < to; index++) {
      const row = next[index] ?? '';
      const old = model[index];
      if (old === row) continue;
      this.moveTo(index);
      this.writeRow(old, row);
    }
  }

  private writeRow(old: string | undefined, row: string): void {
    if (!this.cursorHidden) {
      this.pen.out += HIDE_CURSOR;
      this.cursorHidden = true;
    }
    writeRowChange(this.pen, old ?? '', row);
  }

  private flush(): void {
    const out = this.pen.take();
    if (out === '') return;
    this.stream.write(out.length > SYNCHRONIZE_ABOVE ? `${ESC}?2026h${out}${ESC}?2026l` : out);
  }
}

/** A count for a cursor or line-edit sequence: 1 is what a sequence without one means. */
function count(n: number): string {
  return n === 1 ? '' : String(n);
}
