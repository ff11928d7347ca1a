// What Ink writes to the terminal, in place of its own log-update (the build swaps it in:
// scripts/packagePatches.mjs). Ink hands over each frame of the live area as text; this writes
// only what changed since the frame on screen:
// - unchanged rows are skipped, a changed row is rewritten from its first changed column;
// - rows added or removed are made with insert/delete-line where that lines up the most old
//   rows with new ones, so what sits under them (the prompt box) is moved by the terminal
//   instead of being redrawn;
// - finished output (<Static>) goes above the live area the same way, and when it is the rows
//   already on screen (the live tail of an answer becoming final) it costs nothing at all;
// - the frame never outgrows the screen, so every row it owns can be reached again;
// - after a width change the terminal has reflowed the old frame: its rows are counted the way
//   the terminal wrapped them, erased, and the frame drawn afresh.
// The cursor stays hidden at column 0 of the frame's last row.
import { visibleWidth } from '../markdown/ansi.js';

export type TerminalStream = {
  write(data: string): boolean;
  columns?: number;
  rows?: number;
};

const ESC = '\u001B[';
const HIDE_CURSOR = `${ESC}?25l`;
const SHOW_CURSOR = `${ESC}?25h`;
const ERASE_LINE_END = `${ESC}K`;
const ERASE_DOWN = `${ESC}J`;
const RESET_STYLES = `${ESC}0m`;
/** Writes larger than this go out as one synchronized update, so the terminal shows no tearing. */
const SYNCHRONIZE_ABOVE = 2048;

/** Ink's frames end with a newline (or not, when they fill the screen); rows are what is between. */
function rowsOf(text: string): string[] {
  if (text === '') return [];
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  return rows;
}

/** Which attribute an SGR parameter sets, so a later code for the same one replaces it. */
function sgrSlot(parameter: number): string | undefined {
  if (parameter === 1 || parameter === 2 || parameter === 22) return 'intensity';
  if (parameter === 3 || parameter === 23) return 'italic';
  if (parameter === 4 || parameter === 24) return 'underline';
  if (parameter === 7 || parameter === 27) return 'inverse';
  if (parameter === 9 || parameter === 29) return 'strike';
  if ((parameter >= 30 && parameter <= 39) || (parameter >= 90 && parameter <= 97)) return 'foreground';
  if ((parameter >= 40 && parameter <= 49) || (parameter >= 100 && parameter <= 107)) return 'background';
  return undefined;
}

const RESETTING = new Set([22, 23, 24, 27, 29, 39, 49]);

/**
 * The styles in force after a run of SGR codes, as the shortest codes that set them again: a
 * closed style drops out instead of being replayed open-then-closed.
 */
class SgrState {
  private readonly slots = new Map<string, string>();

  apply(code: string): void {
    const parameters = code.slice(2, -1).split(';').map(Number);
    const first = parameters[0] ?? 0;
    if (code === `${ESC}m` || first === 0) {
      this.slots.clear();
      return;
    }
    const slot = sgrSlot(first);
    if (slot === undefined) this.slots.set(code, code);
    else if (RESETTING.has(first)) this.slots.delete(slot);
    else this.slots.set(slot, code);
  }

  toString(): string {
    return [...this.slots.values()].join('');
  }
}

// eslint-disable-next-line no-control-regex
const ESCAPE_AT = /\u001B\[[0-9;?]*[ -/]*[@-~]/y;

/**
 * Where a changed row may be rewritten from: the end of the longest common prefix of both rows
 * that ends outside an escape sequence and after a plain ASCII character (so no wide character
 * or combining mark is cut), with the styles in force there.
 */
function rewriteFrom(before: string, after: string): { index: number; column: number; styles: string } {
  let index = 0;
  let safe = 0;
  const styles = new SgrState();
  let safeStyles = '';
  while (index < before.length && index < after.length && before[index] === after[index]) {
    if (after[index] === '\u001B') {
      ESCAPE_AT.lastIndex = index;
      const match = ESCAPE_AT.exec(after);
      if (!match || before.slice(index, index + match[0].length) !== match[0]) break;
      const code = match[0];
      if (code.endsWith('m')) styles.apply(code);
      index += code.length;
      safe = index;
      safeStyles = styles.toString();
      continue;
    }
    const char = after.charCodeAt(index);
    index++;
    if (char >= 0x20 && char < 0x7f) {
      safe = index;
      safeStyles = styles.toString();
    }
  }
  return { index: safe, column: visibleWidth(after.slice(0, safe)), styles: safeStyles };
}

/** Start indexes of the escape sequences in a row, each mapped to where it ends. */
function escapeSpans(row: string): Map<number, number> {
  const spans = new Map<number, number>();
  for (let index = row.indexOf('\u001B'); index !== -1; index = row.indexOf('\u001B', index + 1)) {
    ESCAPE_AT.lastIndex = index;
    const match = ESCAPE_AT.exec(row);
    if (match) spans.set(index, index + match[0].length);
  }
  return spans;
}

/** The styles in force at `index`. */
function stylesBefore(row: string, spans: Map<number, number>, index: number): string {
  const styles = new SgrState();
  for (const [start, end] of spans) {
    if (start >= index) break;
    const code = row.slice(start, end);
    if (code.endsWith('m')) styles.apply(code);
  }
  return styles.toString();
}

/** Whether `index` falls inside one of the escape sequences. */
function insideEscape(spans: Map<number, number>, index: number): boolean {
  for (const [start, end] of spans) if (index > start && index < end) return true;
  return false;
}

/**
 * Where the unchanged tail of a rewritten row starts, in both rows, when it sits at the same
 * column in both (so it can stay on screen): the longest common suffix, shortened until it
 * starts with a plain ASCII character outside any escape sequence. A frame that changes only a
 * spinner glyph or a counter rewrites just that.
 */
function keptTail(before: string, after: string, from: number): { after: number; before: number } | undefined {
  let length = 0;
  const limit = Math.min(before.length, after.length) - from;
  while (length < limit && before[before.length - 1 - length] === after[after.length - 1 - length]) length++;
  if (length === 0) return undefined;
  const afterSpans = escapeSpans(after);
  const beforeSpans = escapeSpans(before);
  for (; length > 0; length--) {
    const afterStart = after.length - length;
    const beforeStart = before.length - length;
    const char = after.charCodeAt(afterStart);
    if (char < 0x20 || char >= 0x7f || insideEscape(afterSpans, afterStart) || insideEscape(beforeSpans, beforeStart)) continue;
    if (visibleWidth(after.slice(0, afterStart)) !== visibleWidth(before.slice(0, beforeStart))) return undefined;
    // The tail on screen was drawn with the styles in force where it starts: they must agree.
    if (stylesBefore(after, afterSpans, afterStart) !== stylesBefore(before, beforeSpans, beforeStart)) return undefined;
    return { after: afterStart, before: beforeStart };
  }
  return undefined;
}

/**
 * Where to insert (or delete) rows so that the most rows of the old frame line up with equal
 * rows of the new one: a spinner appearing above the prompt box moves the box down by one
 * insert-line even when the footer under it changed too. Later places win ties (appending at
 * the end needs no insert at all).
 */
function bestSplice(before: readonly string[], next: readonly string[], grow: number): number {
  const removed = Math.max(0, -grow);
  let best = 0;
  let bestScore = -1;
  for (let at = 0; at <= before.length - removed; at++) {
    let score = 0;
    for (let index = 0; index < before.length; index++) {
      if (index < at) score += before[index] === next[index] ? 1 : 0;
      else if (index >= at + removed) score += before[index] === next[index + grow] ? 1 : 0;
    }
    if (score >= bestScore) {
      best = at;
      bestScore = score;
    }
  }
  return best;
}

/** How many rows a row of the old frame takes once the terminal has rewrapped it to `columns`. */
function reflowedHeight(row: string, columns: number): number {
  return Math.max(1, Math.ceil(visibleWidth(row) / Math.max(1, columns)));
}

export class LineDiffLog {
  /** The frame on screen, one string per row. */
  private rows: string[] = [];
  /** The row the cursor is on, counted from the frame's top; -1 is the row just above it. */
  private cursor = 0;
  private width: number | undefined;
  private cursorHidden = false;
  private out = '';

  constructor(private readonly stream: TerminalStream) {}

  /** Draws a frame; false when it is what is already on screen. */
  render(output: string): boolean {
    const next = this.fit(rowsOf(output));
    if (this.takeWidthChange()) this.eraseReflowedFrame();
    else if (next.length === this.rows.length && next.every((row, index) => row === this.rows[index])) return false;
    this.draw(next);
    this.flush();
    return true;
  }

  /** Puts finished output above the live area, then draws the frame under it. */
  commit(staticOutput: string, output: string): void {
    const finished = rowsOf(staticOutput);
    const next = this.fit(rowsOf(output));
    if (this.takeWidthChange()) this.eraseReflowedFrame();
    if (finished.every((row, index) => row === this.rows[index])) {
      // Already on screen as the top of the live area: it simply stops being part of it.
      this.absorb(finished.length);
      this.draw(next);
    } else if (finished.length + Math.max(this.rows.length, next.length) <= this.screenRows()) {
      this.draw([...finished, ...next]);
      this.absorb(finished.length);
    } else {
      // Taller than the screen: write it out plainly (it scrolls into the scrollback) and draw
      // the frame afresh under it.
      this.eraseFrame();
      this.draw(finished);
      this.absorb(finished.length);
      this.draw(next);
    }
    this.flush();
  }

  /** Erases the live area (Ink does this before printing a console message above it). */
  clear(): void {
    this.eraseFrame();
    this.flush();
  }

  /** Ink says `output` is on screen already. */
  sync(output: string): void {
    this.rows = this.fit(rowsOf(output));
    this.cursor = Math.max(0, this.rows.length - 1);
  }

  /** Leaves the cursor under the frame, shown, for whatever the shell prints next. */
  done(): void {
    if (this.rows.length > 0) {
      this.moveTo(this.rows.length - 1);
      this.out += '\n';
    }
    this.rows = [];
    this.cursor = 0;
    if (this.cursorHidden) this.out += SHOW_CURSOR;
    this.cursorHidden = false;
    this.flush();
  }

  /** Ctrl+L: a clean screen with the frame at its top (the scrollback is left alone). */
  redraw(): void {
    const frame = this.rows;
    this.out += `${ESC}H${ESC}2J`;
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
    const next = this.fit(rowsOf(output));
    return this.widthChanged() || next.length !== this.rows.length || next.some((row, index) => row !== this.rows[index]);
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

  private widthChanged(): boolean {
    return this.width !== undefined && this.width !== this.columns();
  }

  private takeWidthChange(): boolean {
    const changed = this.widthChanged();
    this.width = this.columns();
    return changed;
  }

  /**
   * The terminal rewrapped the old frame to the new width (cursor and all): climb the rows it
   * takes now, erase from there down, and forget it.
   */
  private eraseReflowedFrame(): void {
    if (this.rows.length === 0) return;
    const columns = this.columns();
    const above = this.rows.slice(0, Math.max(0, this.cursor)).reduce((sum, row) => sum + reflowedHeight(row, columns), 0);
    this.out += `${above > 0 ? `${ESC}${above}A` : ''}\r${ERASE_DOWN}`;
    this.rows = [];
    this.cursor = 0;
  }

  private eraseFrame(): void {
    if (this.rows.length === 0 && this.cursor >= 0) return;
    this.moveTo(0);
    this.out += `\r${ERASE_DOWN}`;
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
    if (row < this.cursor) {
      const up = this.cursor - row;
      this.out += up === 1 ? `${ESC}A` : `${ESC}${up}A`;
    } else if (row > this.cursor) {
      // Down by newlines where rows have to be made (they scroll the screen when the frame is at
      // its bottom); within rows already there, a cursor move is shorter than several.
      const down = row - this.cursor;
      this.out += row < this.ownedRows() && down > 2 ? `${ESC}${down}B` : '\n'.repeat(down);
    }
    this.cursor = row;
  }

  private draw(next: string[]): void {
    const before = this.rows;
    const model: Array<string | undefined> = [...before];
    const grow = next.length - before.length;
    if (grow !== 0) {
      const at = bestSplice(before, next, grow);
      if (grow > 0 && at < before.length) {
        // New rows at the bottom first (newlines scroll the screen if need be), then the rows
        // under the change are pushed down into them. The frame fits the screen, so its top
        // stays in reach.
        if (this.ownedRows() < next.length) this.moveTo(next.length - 1);
        this.moveTo(at);
        this.out += `\r${ESC}${grow}L`;
      } else if (grow < 0) {
        this.moveTo(at);
        this.out += at - grow < before.length ? `\r${ESC}${-grow}M` : `\r${ERASE_DOWN}`;
      }
      // Rows added at the end are written in order below, each newline making the next one.
      if (grow > 0) model.splice(at, 0, ...new Array<undefined>(grow));
      else model.splice(at, -grow);
    }
    for (let index = 0; index < next.length; index++) {
      const row = next[index] ?? '';
      const old = model[index];
      if (old === row) continue;
      this.moveTo(index);
      this.writeRow(old, row);
    }
    this.rows = next;
    // The cursor rests on the frame's last row: where a terminal that rewraps rows on a resize
    // keeps it in step with the text (xterm.js misplaces a cursor left higher up).
    if (next.length > 0) this.moveTo(next.length - 1);
  }

  private writeRow(old: string | undefined, row: string): void {
    if (!this.cursorHidden) {
      this.out += HIDE_CURSOR;
      this.cursorHidden = true;
    }
    if (old === undefined || old === '') {
      this.out += `\r${row}\r`;
      return;
    }
    const from = rewriteFrom(old, row);
    const position = from.column === 0 ? '\r' : `${ESC}${from.column + 1}G`;
    const tail = keptTail(old, row, from.index);
    if (tail) {
      // Only the middle changed; what follows it is already on screen. Styles opened in the
      // middle are closed so the terminal is left in its default state, as after a whole row.
      const middle = row.slice(from.index, tail.after);
      const styled = from.styles !== '' || middle.includes('\u001B');
      this.out += `${position}${from.styles}${middle}${styled ? RESET_STYLES : ''}\r`;
      return;
    }
    const shorter = visibleWidth(row) < visibleWidth(old) ? ERASE_LINE_END : '';
    this.out += `${position}${from.styles}${row.slice(from.index)}${shorter}\r`;
  }

  private flush(): void {
    if (this.out === '') return;
    const data = this.out.length > SYNCHRONIZE_ABOVE ? `${ESC}?2026h${this.out}${ESC}?2026l` : this.out;
    this.out = '';
    this.stream.write(data);
  }
}

let active: LineDiffLog | undefined;

/** Ctrl+L: redraws the live area on a clean screen; false when Ink writes through its own log. */
export function redrawTerminal(): boolean {
  if (!active) return false;
  active.redraw();
  return true;
}

type InkLog = ((output: string) => boolean) & Omit<LineDiffLog, 'render'>;

/** Ink's log-update interface (`logUpdate.create`), backed by LineDiffLog. */
function create(stream: TerminalStream): InkLog {
  const log = new LineDiffLog(stream);
  active = log;
  const render = ((output: string) => log.render(output)) as InkLog;
  render.commit = (staticOutput, output) => log.commit(staticOutput, output);
  render.clear = () => log.clear();
  render.sync = (output) => log.sync(output);
  render.done = () => log.done();
  render.redraw = () => log.redraw();
  render.setCursorPosition = () => log.setCursorPosition();
  render.isCursorDirty = () => log.isCursorDirty();
  render.willRender = (output) => log.willRender(output);
  return render;
}

export default { create };
