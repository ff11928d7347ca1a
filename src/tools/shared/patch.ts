// Edit and Write report what changed as unified-diff hunks: the REPL draws them, the SDK passes
// them on, and the summary line counts them.
import { structuredPatch } from 'diff';
import { toLf } from './fileText.js';

export type PatchHunk = {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
};

/** Lines of unchanged text around each change in a hunk. */
const CONTEXT_LINES = 3;

export function makePatch(filePath: string, before: string, after: string): PatchHunk[] {
  const patch = structuredPatch(filePath, filePath, toLf(before), toLf(after), '', '', { context: CONTEXT_LINES });
  return patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
    lines,
  }));
}

/**
 * Where two texts differ: `before` and `after` share everything before `start`, and everything
 * from `beforeEnd` in `before` on is everything from `afterEnd` in `after` on.
 */
export type ChangedSpan = { start: number; beforeEnd: number; afterEnd: number };

/** Start of the line `lines` lines above the one holding `index`. */
function lineStartAbove(text: string, index: number, lines: number): number {
  // lastIndexOf reads a negative position as 0, so the first line is handled apart.
  const previousLineStart = (from: number) => (from <= 0 ? 0 : text.lastIndexOf('\n', from - 1) + 1);
  let start = previousLineStart(index);
  for (let n = 0; n < lines && start > 0; n++) start = previousLineStart(start - 1);
  return start;
}

/** End (past its newline) of the line `lines` lines below the one holding `index`. */
function lineEndBelow(text: string, index: number, lines: number): number {
  let end = index;
  for (let n = 0; n <= lines && end < text.length; n++) {
    const newline = text.indexOf('\n', end);
    end = newline === -1 ? text.length : newline + 1;
  }
  return end;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return countNewlines(text, text.length) + (text.endsWith('\n') ? 0 : 1);
}

/**
 * The hunks of the change, worked out from the changed span and a margin of unchanged lines
 * around it, so an edit to a huge file costs what it changed. The diff may align the change
 * into the margin (a line the edit repeats); then the margin grows until the hunks end inside it.
 */
export function makePatchAround(filePath: string, before: string, after: string, span: ChangedSpan): PatchHunk[] {
  for (let margin = CONTEXT_LINES + 1; ; margin *= 4) {
    const start = lineStartAbove(before, span.start, margin);
    const beforeEnd = lineEndBelow(before, Math.max(span.beforeEnd - 1, start), margin);
    const afterEnd = beforeEnd - span.beforeEnd + span.afterEnd;
    const region = before.slice(start, beforeEnd);
    const hunks = makePatch(filePath, region, after.slice(start, afterEnd));
    const first = hunks[0];
    const last = hunks.at(-1);
    const touchesTop = start > 0 && first !== undefined && first.oldStart <= 1;
    const touchesBottom = beforeEnd < before.length && last !== undefined && last.oldStart + last.oldLines > lineCount(region);
    if (!touchesTop && !touchesBottom) {
      const linesAbove = countNewlines(before, start);
      return hunks.map((hunk) => ({ ...hunk, oldStart: hunk.oldStart + linesAbove, newStart: hunk.newStart + linesAbove }));
    }
  }
}

export function countChanges(hunks: readonly PatchHunk[]): { additions: number; removals: number } {
  let additions = 0;
  let removals = 0;
  for (const hunk of hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions++;
      else if (line.startsWith('-')) removals++;
    }
  }
  return { additions, removals };
}

export function describeChanges(hunks: readonly PatchHunk[]): string {
  const { additions, removals } = countChanges(hunks);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(additions, 'addition')} and ${plural(removals, 'removal')}`;
}
