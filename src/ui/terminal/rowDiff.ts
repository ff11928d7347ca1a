// Rewriting one row of the frame: only the runs of cells that look different, each reached with
// the shortest cursor move, unless rewriting the unchanged cells between two runs costs less than
// the move. A frame that changes a spinner glyph, a counter and a few words rewrites just those.
import { visibleWidth } from '../markdown/ansi.js';
import { type Cells, cellsOf, ERASED } from './cells.js';
import { columnMove, type Pen } from './pen.js';
import { Style } from './sgr.js';

const ERASE_LINE_END = '\u001B[K';
/** What switching rendition inside an unchanged gap would cost, roughly. */
const RESTYLE_COST = 5;

type Span = { start: number; end: number };

function keyAt(cells: Cells, column: number): string {
  return cells.keys[column] ?? ERASED;
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

/** Runs of columns to redraw, each starting and ending on whole cells of the new row. */
function changedSpans(before: Cells, after: Cells): Span[] {
  const spans: Span[] = [];
  const length = Math.max(before.keys.length, after.keys.length);
  for (let column = 0; column < length; column++) {
    if (keyAt(before, column) === keyAt(after, column)) continue;
    const start = column < after.keys.length ? (after.units[after.unitAt[column] ?? 0]?.column ?? column) : column;
    let end = column + 1;
    while (end < length && keyAt(before, end) !== keyAt(after, end)) end++;
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

/** Whether a unit of the row starts at `column` (or the row has ended there). */
function startsCell(cells: Cells, column: number): boolean {
  return column >= cells.keys.length || cells.units[cells.unitAt[column] ?? 0]?.column === column;
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
  if (column !== undefined && column < start && startsCell(after, column)) {
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
    for (const span of changedSpans(old, next)) if (writeSpan(pen, next, span)) break;
    return;
  }
  pen.restyle(Style.plain);
  pen.toColumn(0);
  pen.opaque(after);
  if (visibleWidth(after) < visibleWidth(before)) pen.out += ERASE_LINE_END;
}
