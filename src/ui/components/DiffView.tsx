// A unified diff drawn with line numbers: removals red, additions green. Each line's text sits
// in its own column, wrapped here (Ink's flex rows would overflow a narrow terminal) so a long
// line continues under its text, not under the numbers; tabs are drawn as spaces (a raw tab
// jumps over cells and leaves what was drawn there before).
import { Box, Text } from 'ink';
import type { PatchHunk } from '../../state/store.js';
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

/** `inset`: the terminal columns the diff's container takes beside it (padding, borders). */
export function DiffView({ hunks, inset }: { hunks: readonly PatchHunk[]; inset: number }) {
  const rows = diffRows(hunks);
  const shown = rows.slice(0, MAX_DIFF_LINES);
  const width = Math.max(...shown.map((row) => ('gap' in row ? 0 : row.number.length)), 1);
  const textWidth = Math.max(1, useColumns() - inset - width - 3);
  return (
    <Box flexDirection="column">
      {shown.map((row) =>
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
              {wrapRendered(expandTabs(row.text), textWidth).join('\n')}
            </Text>
          </Box>
        ),
      )}
      {rows.length > shown.length && <Text dimColor>… {rows.length - shown.length} more lines</Text>}
    </Box>
  );
}
