// How a dialog that asks for approval fits the terminal's height. The writer keeps a frame's
// bottom rows when it is taller than the screen, so a dialog drawn whole there lost its title and
// first choices while Enter still confirmed the highlighted one. The body (a command, a diff, a
// plan) gets the rows the rest leaves; when not even a few are left, the dialog turns compact: no
// blank rows, the title and the hint take one row each, and the choices the rows left. A body
// that must be read before answering (a plan) scrolls instead of being cut (scrollBody).
import { visibleWidth } from '../markdown/ansi.js';

/** Below this many rows for the body a full dialog is no longer worth its blank rows. */
const MIN_BODY_ROWS = 3;

/** The row under the frame the writer keeps free (a dialog hides the footer: it says its own keys). */
const ROWS_KEPT_FREE = 1;

/** Rows of a dialog's round border. */
export const BORDER_ROWS = 2;
/** A full dialog's margin above it and its round border. */
export const FULL_FRAME_ROWS = 1 + BORDER_ROWS;

export type DialogFit = { compact: boolean; bodyRows: number };

/** The rows a dialog may take on a screen of `screenRows`. */
export function dialogBudget(screenRows: number): number {
  return screenRows - ROWS_KEPT_FREE;
}

export type DialogHeights = {
  /** The rows the dialog may take (dialogBudget). */
  budget: number;
  /** Rows of everything but the body, drawn in full and compact. */
  fullChrome: number;
  compactChrome: number;
  /** Rows the body takes whole. */
  body: number;
};

export function fitDialog({ budget, fullChrome, compactChrome, body }: DialogHeights): DialogFit {
  const leftInFull = budget - fullChrome;
  if (leftInFull >= Math.min(body, MIN_BODY_ROWS)) return { compact: false, bodyRows: Math.min(body, leftInFull) };
  return { compact: true, bodyRows: Math.max(0, Math.min(body, budget - compactChrome)) };
}

/** The note that stands for rows left out. */
export function moreLines(count: number): string {
  return `… ${count} more lines`;
}

/** The first of `rows` that fit in `room` rows, the note of how many are left out taking one. */
export function cutRows(rows: readonly string[], room: number): string[] {
  if (rows.length <= room) return [...rows];
  if (room <= 0) return [];
  const kept = room - 1;
  return [...rows.slice(0, kept), moreLines(rows.length - kept)];
}

/** The entries shown of a list, `heights` rows each: from `start`, as many as fit in `budget` rows, the selected one always among them. */
export function windowAround(heights: readonly number[], selected: number, budget: number): { start: number; end: number } {
  const fits = (from: number, to: number): boolean => heights.slice(from, to).reduce((sum, height) => sum + height, 0) <= budget;
  let start = 0;
  while (start < selected && !fits(start, selected + 1)) start++;
  let end = selected + 1;
  while (end < heights.length && fits(start, end + 1)) end++;
  return { start, end };
}

/** The rows of a scrolled body that a view shows, and the row saying where it is when not all fit. */
export type BodyScroll = { start: number; end: number; page: number; position?: string };

/**
 * The window of a body from row `start` (kept in range), `room` rows with the position row among
 * them. `lineOfRow` holds, for each row, the line of the body it belongs to (a long line wraps to
 * several rows): the position counts lines, as the reader counts them ("lines 3–5 of 120" for a
 * plan of 120 lines, however narrow the screen). A single row is left to the body itself: a
 * position with nothing beside it reads nothing, and the choices under it are what must stay.
 */
export function scrollBody(lineOfRow: readonly number[], start: number, room: number, width: number): BodyScroll {
  const total = lineOfRow.length;
  if (total <= room) return { start: 0, end: total, page: Math.max(1, room) };
  const page = room < 2 ? Math.max(0, room) : room - 1;
  const first = Math.min(Math.max(0, start), total - page);
  const window = { start: first, end: first + page, page: Math.max(1, page) };
  if (room < 2) return window;
  const lineAt = (row: number): number => (lineOfRow[row] ?? 0) + 1;
  return { ...window, position: scrollPosition(lineAt(window.start), lineAt(window.end - 1), lineAt(total - 1), width) };
}

/** Where lines `first` to `last` of `total` are, the longest of the forms that fits `width`: the keys go before the word "lines". */
function scrollPosition(first: number, last: number, total: number, width: number): string {
  const shown = first === last ? `${first}` : `${first}–${last}`;
  const lines = first === last ? 'line' : 'lines';
  const keys = 'PgUp/PgDn';
  const forms = [
    `${lines} ${shown} of ${total} · ${keys} to scroll`,
    `${lines} ${shown} of ${total} · ${keys}`,
    `${shown} of ${total} · ${keys}`,
    `${shown}/${total} · ${keys}`,
    `${lines} ${shown} of ${total}`,
  ];
  return forms.find((form) => visibleWidth(form) <= width) ?? `${shown}/${total}`;
}
