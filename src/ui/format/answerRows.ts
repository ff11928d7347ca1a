// The streamed answer's rows (and the spinner's) as the terminal shows them, for the writer to
// draw without Ink (src/ui/terminal/liveSlots.ts): the same rows <Guttered> lays out, a block's
// `●` in the gutter of its first row and a blank row above it.
import { expandTabs } from '../markdown/ansi.js';
import { wrapRendered } from '../markdown/wrap.js';

/** Width of the answer's gutter, where a block's `●` goes. */
export const ANSWER_GUTTER = 2;

export type AnswerBlockLines = { lines: readonly string[]; startsBlock: boolean };

/** Lines wrapped to fit beside a gutter, tabs expanded, breaks inside a line kept. */
export function wrapBesideGutter(lines: readonly string[], width: number): string[] {
  return lines.flatMap((line) => expandTabs(line).split('\n').flatMap((row) => wrapRendered(row, width)));
}

/** Rows beside a one-column mark in the gutter, as <Guttered> lays them out: the mark on the first. */
export function gutteredRows(mark: string, lines: readonly string[], columns: number): string[] {
  return wrapBesideGutter(lines, columns - ANSWER_GUTTER).map((row, index) =>
    // As Ink ends a row: at its last cell that is not a plain blank.
    `${index === 0 ? mark : ' '}${' '.repeat(ANSWER_GUTTER - 1)}${row}`.trimEnd(),
  );
}

export function answerRows({ lines, startsBlock }: AnswerBlockLines, columns: number): string[] {
  if (lines.length === 0) return [];
  const rows = gutteredRows(startsBlock ? '●' : ' ', lines, columns);
  return startsBlock ? ['', ...rows] : rows;
}
