// A row whose text moved sideways from some column on (a counter that gained a digit, `9s` to
// `10s`, with everything after it one cell further right) can be brought up to date by having the
// terminal shift the rest of the row: insert (ICH) or delete (DCH) characters at that column,
// then write only what still differs, instead of writing the whole tail again.
import { type Cells, ERASED, startsUnit } from './cells.js';

/** A shift the terminal can make: the sequence to send at `column`, and the row's keys after it. */
export type Shift = { column: number; sequence: string; keys: string[] };

/** How many places to try a shift at: the first few runs of changed cells. */
const TRIES = 3;

/**
 * Shifts worth trying before rewriting `before` into `after`, at the columns where the runs of
 * changed cells start (`starts`). None for a row that reaches the last column (the terminal would
 * push cells off it, or wait to wrap) or that holds an emoji sequence (the terminal's cells there
 * are not the row's, so shifting them would move what the writer cannot account for).
 */
export function shiftsToTry(before: Cells, after: Cells, starts: readonly number[], width: number): Shift[] {
  const grow = after.keys.length - before.keys.length;
  if (grow === 0 || Math.max(before.keys.length, after.keys.length) >= width) return [];
  if (before.units.some((unit) => unit.disputed) || after.units.some((unit) => unit.disputed)) return [];
  const shifts: Shift[] = [];
  for (const column of starts.slice(0, TRIES)) {
    // Cells at and after the end of the old row are erased already: nothing to shift there.
    if (column >= Math.min(before.keys.length, after.keys.length)) break;
    if (!startsUnit(before, column)) continue;
    if (grow > 0) {
      const keys = [...before.keys.slice(0, column), ...new Array<string>(grow).fill(ERASED), ...before.keys.slice(column)];
      shifts.push({ column, sequence: `\u001B[${grow === 1 ? '' : grow}@`, keys });
    } else if (startsUnit(before, column - grow)) {
      const keys = [...before.keys.slice(0, column), ...before.keys.slice(column - grow)];
      shifts.push({ column, sequence: `\u001B[${grow === -1 ? '' : -grow}P`, keys });
    }
  }
  return shifts;
}
