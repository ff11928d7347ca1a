// A unified diff drawn with line numbers: removals red, additions green. Each line's text sits
// in its own column, wrapped here (Ink's flex rows would overflow a narrow terminal) so a long
// line continues under its text, not under the numbers; tabs are drawn as spaces (a raw tab
// jumps over cells and leaves what was drawn there before).
import { Box, Text } from 'ink';
import type { PatchHunk } from '../../state/store.js';
import { moreLines } from '../format/dialogFit.js';
import { useColumns } from '../hooks/useColumns.js';
import { expandTabs } from '../markdown/ansi.js';
import { wrapRendered } from '../markdown/wrap.js';

const MAX_DIFF_LINES = 60;

type DiffRow = { key: string; number: string; sign: ' ' | '+' | '-'; text: string } | { key: string; gap: true };

export function diffRows(hunks: readonly PatchHunk[]): DiffRow[] {
  const rows: DiffRow[] = [];
  hunks.forEach((hunk, hunkIndex) => {
    if (hunkIndex > 0) rows.push({ key: `gap${hunkIndex}`, gap: true });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    hunk.lines.forEach((line, lineIndex) => {
      const sign = line[0];
      const key = `${hunkIndex}:${lineIndex}`;
      if (sign === '\\') return;
      if (sign === '-') rows.push({ key, number: String(oldLine++), sign: '-', text: line.slice(1) });
      else if (sign === '+') rows.push({ key, number: String(newLine++), sign: '+', text: line.slice(1) });
      else {
        rows.push({ key, number: String(newLine), sign: ' ', text: line.slice(1) });
        oldLine++;
        newLine++;
      }
    });
  });
  return rows;
}

function signColor(sign: ' ' | '+' | '-'): string | undefined {
  return sign === '+' ? 'green' : sign === '-' ? 'red' : undefined;
}

type DiffViewProps = {
  hunks: readonly PatchHunk[];
  /** The terminal columns the diff's container takes beside it (padding, borders). */
  inset: number;
  /** The most rows it may take, the note of lines left out included (a dialog on a short screen). */
  maxRows?: number;
};

/** The diff's rows, the width of their numbers, and each drawn line with its text wrapped beside them. */
function layDiff(hunks: readonly PatchHunk[], columns: number, inset: number) {
  const rows = diffRows(hunks);
  const candidates = rows.slice(0, MAX_DIFF_LINES);
  const width = Math.max(...candidates.map((row) => ('gap' in row ? 0 : row.number.length)), 1);
  const textWidth = Math.max(1, columns - inset - width - 3);
  const drawn = candidates.map((row) => ({ row, wrapped: 'gap' in row ? [] : wrapRendered(expandTabs(row.text), textWidth) }));
  return { rows, width, drawn, heights: drawn.map(({ wrapped }) => Math.max(1, wrapped.length)) };
}

/** Terminal rows the whole diff takes at `columns` (its note of lines past MAX_DIFF_LINES included). */
export function diffHeight(hunks: readonly PatchHunk[], columns: number, inset: number): number {
  const { rows, drawn, heights } = layDiff(hunks, columns, inset);
  return heights.reduce((sum, height) => sum + height, rows.length > drawn.length ? 1 : 0);
}

export function DiffView({ hunks, inset, maxRows = Number.POSITIVE_INFINITY }: DiffViewProps) {
  const { rows, width, drawn, heights } = layDiff(hunks, useColumns(), inset);
  const shown = fitting(heights, rows.length, maxRows);
  return (
    <Box flexDirection="column">
      {drawn.slice(0, shown).map(({ row, wrapped }) =>
        'gap' in row ? (
          <Text key={row.key} dimColor>
            {' '.repeat(width)} ⋮
          </Text>
        ) : (
          <Box key={row.key} flexDirection="row">
            <Box width={width + 3} flexShrink={0}>
              <Text color={signColor(row.sign)}>
                <Text dimColor>{row.number.padStart(width)} </Text>
                {row.sign}
              </Text>
            </Box>
            <Text color={signColor(row.sign)} wrap="truncate-end">
              {wrapped.join('\n')}
            </Text>
          </Box>
        ),
      )}
      {rows.length > shown && <Text dimColor>{moreLines(rows.length - shown)}</Text>}
    </Box>
  );
}

/**
 * How many of the lines, `heights` rows each, fit in `maxRows` with a row for the note of the
 * rest when not all of the `total` are shown (none when only the note fits).
 */
function fitting(heights: readonly number[], total: number, maxRows: number): number {
  let used = 0;
  let count = 0;
  while (count < heights.length && used + (heights[count] ?? 1) <= maxRows) used += heights[count++] ?? 1;
  while (count > 0 && count < total && used + 1 > maxRows) used -= heights[--count] ?? 1;
  return count;
}
