// How the writer reads Ink's frames as rows, and lines up an old frame with a new one.
import { visibleWidth } from '../markdown/ansi.js';

/** Ink's frames end with a newline (or not, when they fill the screen); rows are what is between. */
export function rowsOf(text: string): string[] {
  if (text === '') return [];
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  return rows;
}

/**
 * How alike two rows are, from 0 to 1: equal rows 1, a row whose text only moved on (a spinner's
 * glyph and counter, a line that grew) nearly as much, unrelated rows about nothing.
 */
function likeness(before: string | undefined, after: string | undefined): number {
  if (before === undefined || after === undefined) return 0;
  if (before === after) return 1;
  const longest = Math.max(before.length, after.length);
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return (0.9 * (prefix + suffix)) / longest;
}

/**
 * Where to insert (or delete) rows so that the old frame's rows land on the new rows most like
 * them: a spinner appearing above the prompt box moves the box down by one insert-line even when
 * the footer under it changed too, and rows of text arriving above a spinner push it down onto
 * its next look rather than onto a row of text. Later places win ties (appending at the end needs
 * no insert at all).
 */
export function bestSplice(before: readonly string[], next: readonly string[], grow: number): number {
  const removed = Math.max(0, -grow);
  // Rows above the splice stay where they are; rows below it move by `grow`.
  const staying = before.map((row, index) => likeness(row, next[index]));
  const moving = before.map((row, index) => likeness(row, next[index + grow]));
  let score = moving.slice(removed).reduce((sum, value) => sum + value, 0);
  let best = 0;
  let bestScore = score;
  for (let at = 1; at <= before.length - removed; at++) {
    score += (staying[at - 1] ?? 0) - (moving[at - 1 + removed] ?? 0);
    if (score >= bestScore - 1e-9) {
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
