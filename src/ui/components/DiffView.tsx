// A unified diff drawn with line numbers: removals red, additions green.
import { Box, Text } from 'ink';
import type { PatchHunk } from '../../state/store.js';

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

export function DiffView({ hunks }: { hunks: readonly PatchHunk[] }) {
  const rows = diffRows(hunks);
  const shown = rows.slice(0, MAX_DIFF_LINES);
  const width = Math.max(...shown.map((row) => ('gap' in row ? 0 : row.number.length)), 1);
  return (
    <Box flexDirection="column">
      {shown.map((row) =>
        'gap' in row ? (
          <Text key={row.key} dimColor>
            {' '.repeat(width)} ⋮
          </Text>
        ) : (
          <Text key={row.key} color={row.sign === '+' ? 'green' : row.sign === '-' ? 'red' : undefined}>
            <Text dimColor>{row.number.padStart(width)} </Text>
            {row.sign} {row.text}
          </Text>
        ),
      )}
      {rows.length > shown.length && <Text dimColor>… {rows.length - shown.length} more lines</Text>}
    </Box>
  );
}
