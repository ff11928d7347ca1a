// How the writer reads Ink's frames as rows, and lines up an old frame with a new one.
import { stripAnsi, visibleWidth } from '../markdown/ansi.js';

/** Ink's frames end with a newline (or not, when they fill the screen); rows are what is between. */
export function rowsOf(text: string): string[] {
  if (text === '') return [];
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  return rows;
}

/** What reaching a row to change it costs, about: a cursor move. */
const ROW_VISIT = 5;

/**
 * About how many bytes of `after` need not be written when it is drawn over `before`: the
 * characters the two rows share at their start and at their end (styles aside, as the writer
 * compares cells), all of it when they are equal. Counted on what shows, since rows of a wrapped
 * paragraph open with the same run of style codes whatever their text.
 */
function bytesKept(before: string | undefined, after: string | undefined, shownBefore: string, shownAfter: string): number {
  if (before === undefined || after === undefined) return 0;
  // An equal row costs not even the move to it.
  if (before === after) return shownAfter.length + ROW_VISIT;
  const shortest = Math.min(shownBefore.length, shownAfter.length);
  let prefix = 0;
  while (prefix < shortest && shownBefore[prefix] === shownAfter[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && shownBefore[shownBefore.length - 1 - suffix] === shownAfter[shownAfter.length - 1 - suffix]) suffix++;
  return prefix + suffix;
}

/**
 * Where to insert (or delete) rows so that the old frame's rows land on the new rows that need
 * the fewest bytes written over them: a spinner appearing above the prompt box moves the box
 * down by one insert-line even when the footer under it changed too, rows of text arriving above
 * a spinner push it down onto its next look rather than onto a row of text, and the last row of
 * an answer stays where it is to be continued rather than pushed onto the next row's start.
 * Later places win ties (appending at the end needs no insert at all).
 */
export function bestSplice(before: readonly string[], next: readonly string[], grow: number): number {
  const removed = Math.max(0, -grow);
  const shownBefore = before.map(stripAnsi);
  const shownNext = next.map(stripAnsi);
  const kept = (index: number, landing: number): number =>
    bytesKept(before[index], next[landing], shownBefore[index] ?? '', shownNext[landing] ?? '');
  // Rows above the splice stay where they are; rows below it move by `grow`.
  const staying = before.map((_, index) => kept(index, index));
  const moving = before.map((_, index) => kept(index, index + grow));
  let score = moving.slice(removed).reduce((sum, value) => sum + value, 0);
  let best = 0;
  let bestScore = score;
  for (let at = 1; at <= before.length - removed; at++) {
    score += (staying[at - 1] ?? 0) - (moving[at - 1 + removed] ?? 0);
    if (score >= bestScore) {
      best = at;
      bestScore = score;
    }
  }
  return best;
}

/** How many rows a row of the old frame takes once the terminal has rewrapped it to `columns`. */
export function reflowedHeight(row: string, columns: number): number {
  return Math.max(1, Math.ceil(visibleWidth(row) / Math.max(1, columns)));
}
