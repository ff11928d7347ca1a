// Rewriting one row of the frame: only the runs of cells that look different, each reached with
// the shortest cursor move, unless rewriting the unchanged cells between two runs costs less than
// the move. A frame that changes a spinner glyph, a counter and a few words rewrites just those.
import { visibleWidth } from '../markdown/ansi.js';
import { type Cells, cellsOf, ERASED, startsUnit } from './cells.js';
import { columnMove, type Pen } from './pen.js';
import { shiftsToTry } from './rowShift.js';
import { Style } from './sgr.js';

const ERASE_LINE_END = '\u001B[K';
/** What switching rendition inside an unchanged gap would cost, roughly. */
const RESTYLE_COST = 5;

type Span = { start: number; end: number };

function keyAt(keys: readonly string[], column: number): string {
  return keys[column] ?? ERASED;
}

/** Bytes to redraw columns [from, to) of `cells` as they are. */
function redrawCost(cells: Cells, from: number, to: number): number {
  let cost = 0;
  let style = from < cells.keys.length ? cells.units[cells.unitAt[from] ?? 0]?.style : undefined;
  for (let column = from; column < to; ) {
    const unit = column < cells.keys.length ? cells.units[cells.unitAt[column] ?? 0] : undefined;
    if (!unit) return cost + (to - column);
    if (unit.style !== style && unit.text !== ' ') cost += RESTYLE_COST;
    style = unit.style;
    cost += Buffer.byteLength(unit.text);
    column = unit.column + unit.width;
  }
  return cost;
}

/** Runs of columns to redraw, each starting and ending on whole cells of the new row; `before` is the keys on screen. */
function changedSpans(before: readonly string[], after: Cells): Span[] {
  const spans: Span[] = [];
  const length = Math.max(before.length, after.keys.length);
  for (let column = 0; column < length; column++) {
    if (keyAt(before, column) === keyAt(after.keys, column)) continue;
    const start = column < after.keys.length ? (after.units[after.unitAt[column] ?? 0]?.column ?? column) : column;
    let end = column + 1;
    while (end < length && keyAt(before, end) !== keyAt(after.keys, end)) end++;
    const last = end - 1 < after.keys.length ? after.units[after.unitAt[end - 1] ?? 0] : undefined;
    if (last) end = Math.max(end, last.column + last.width);
    // A terminal may draw an emoji sequence over the cells after it: the rest of the row is
    // written again after it and the row's end erased.
    if (holdsDisputed(after, start, end)) end = after.keys.length + 1;
    const previous = spans.at(-1);
    // The cursor stands after the previous run when the jump to this one is made.
    const jump = previous ? columnMove(previous.end, start).length : 0;
    if (previous && redrawCost(after, previous.end, start) <= jump) previous.end = end;
    else spans.push({ start, end });
    column = end - 1;
  }
  return spans;
}

function holdsDisputed(cells: Cells, from: number, to: number): boolean {
  for (let column = from; column < Math.min(to, cells.keys.length); ) {
    const unit = cells.units[cells.unitAt[column] ?? 0];
    if (!unit) return false;
    if (unit.disputed) return true;
    column = unit.column + unit.width;
  }
  return false;
}

/**
 * Where to start writing so the cursor reaches `start` for the fewest bytes: a move, or writing
 * the unchanged cells before it again from where the cursor is (an indent after a newline), or
 * from the row's start.
 */
function reach(pen: Pen, after: Cells, start: number): number {
  if (pen.column === start) return start;
  let best = start;
  let cost = columnMove(pen.column, start).length;
  if (start > after.keys.length) return best;
  const column = pen.column;
  if (column !== undefined && column < start && startsUnit(after, column)) {
    const redraw = redrawCost(after, column, start);
    if (redraw < cost) [best, cost] = [column, redraw];
  }
  if (column !== 0 && 1 + redrawCost(after, 0, start) < cost) best = 0;
  return best;
}

/** Writes a span; true when it erased the rest of the row (nothing after it is left to do). */
function writeSpan(pen: Pen, after: Cells, span: Span): boolean {
  const from = reach(pen, after, span.start);
  pen.toColumn(from);
  const stop = Math.min(span.end, after.keys.length);
  for (let column = from; column < stop; ) {
    const unit = after.units[after.unitAt[column] ?? 0];
    if (!unit) break;
    pen.put(unit);
    column = unit.column + unit.width;
  }
  // A row as wide as the terminal has no end to erase (the cursor cannot get past its last cell).
  if (span.end <= after.keys.length || after.keys.length >= pen.width()) return false;
  pen.toColumn(Math.max(span.start, after.keys.length));
  pen.blankBackground();
  pen.out += ERASE_LINE_END;
  return true;
}

/** Turns the row on screen, `before` ('' for a blank row), into `after`. */
export function writeRowChange(pen: Pen, before: string, after: string): void {
  const old = cellsOf(before);
  const next = cellsOf(after);
  if (old && next) {
    writeCellChanges(pen, old, next);
    return;
  }
  pen.restyle(Style.plain);
  pen.toColumn(0);
  pen.opaque(after);
  if (visibleWidth(after) < visibleWidth(before)) pen.out += ERASE_LINE_END;
}

function writeSpans(pen: Pen, after: Cells, spans: readonly Span[]): void {
  for (const span of spans) if (writeSpan(pen, after, span)) break;
}

/**
 * Rewrites the changed runs of cells, or, where the row's text moved sideways, has the terminal
 * shift it first (rowShift.ts) when that makes the write shorter; each way is written out to
 * compare, as the bytes each takes depend on the styles and moves around the runs.
 */
function writeCellChanges(pen: Pen, before: Cells, after: Cells): void {
  const spans = changedSpans(before.keys, after);
  const shifts = shiftsToTry(before, after, spans.map((span) => span.start), pen.width());
  if (shifts.length === 0) {
    writeSpans(pen, after, spans);
    return;
  }
  let best = pen.fork();
  writeSpans(best, after, spans);
  for (const shift of shifts) {
    const trial = pen.fork();
    const shifted = changedSpans(shift.keys, after);
    // The cells before the shift's column stay where they are: written first, on the way to it.
    const first = shifted.filter((span) => span.end <= shift.column);
    writeSpans(trial, after, first);
    trial.toColumn(shift.column);
    trial.blankBackground();
    trial.out += shift.sequence;
    writeSpans(trial, after, shifted.slice(first.length));
    if (Buffer.byteLength(trial.out) < Buffer.byteLength(best.out)) best = trial;
  }
  pen.adopt(best);
}
