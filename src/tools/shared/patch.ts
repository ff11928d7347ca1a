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

export function makePatch(filePath: string, before: string, after: string): PatchHunk[] {
  const patch = structuredPatch(filePath, filePath, toLf(before), toLf(after), '', '', { context: 3 });
  return patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => ({
    oldStart,
    oldLines,
    newStart,
    newLines,
    lines,
  }));
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
