// Text beside a mark in a fixed gutter (`●`, `⎿`, `❯ 1.`, `cwd`), wrapped here rather than by Ink:
// Ink's flex rows let two texts overflow a narrow terminal and start wrapped rows at the left edge
// or with the space they broke at. Here every wrapped row continues under the text, no row is
// wider than its room, and a list item or indent keeps its own hanging indent (wrapRendered).
import { Box, Text } from 'ink';
import { ANSWER_GUTTER, wrapBesideGutter } from '../format/answerRows.js';
import { useColumns } from '../hooks/useColumns.js';
import { stripAnsi, visibleWidth } from '../markdown/ansi.js';

export { ANSWER_GUTTER };

/** Columns a dialog's round border and its one-column padding take from each row. */
export const DIALOG_CHROME = 4;

export type GutteredProps = {
  mark: string;
  markColor?: string;
  markDim?: boolean;
  /** Rendered lines (styling codes allowed); each is wrapped on its own. */
  lines: readonly string[];
  color?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  /** Columns of the gutter; 0 for plain wrapped text. */
  gutter?: number;
  /** Columns left for the text besides what the row's container takes (a dialog's border). */
  inset?: number;
  /** At most this many rows, the last cut with … (a list entry that must not push the rest off). */
  maxRows?: number;
};

/**
 * The first `maxRows` of `rows` (wrapped to `width`); when some are left out, the last row kept is
 * filled with the text that follows it and ends in … (`Allow Update(a.ts)?` in one row is `Allow
 * Update(a…`, not `Allow…`), its styling dropped.
 */
export function capRows(rows: readonly string[], maxRows: number, width: number): string[] {
  if (rows.length <= maxRows) return [...rows];
  const kept = rows.slice(0, Math.max(0, maxRows - 1));
  const rest = rows
    .slice(kept.length)
    .map((row) => stripAnsi(row).trim())
    .join(' ');
  let cut = '';
  for (const { segment } of new Intl.Segmenter().segment(rest)) {
    if (visibleWidth(cut + segment) >= width) break;
    cut += segment;
  }
  return [...kept, `${cut.trimEnd()}…`];
}

export function Guttered(props: GutteredProps) {
  const { mark, markColor, markDim, lines, color, bold, dim, italic, gutter = ANSWER_GUTTER, inset = 0, maxRows } = props;
  const width = useColumns() - inset - gutter;
  const rows = wrapBesideGutter(lines, width);
  const text = (
    <Text wrap="truncate-end" color={color} bold={bold} dimColor={dim} italic={italic}>
      {(maxRows === undefined ? rows : capRows(rows, maxRows, width)).join('\n')}
    </Text>
  );
  if (gutter === 0) return text;
  return (
    <Box>
      <Box width={gutter} flexShrink={0}>
        <Text color={markColor} dimColor={markDim}>
          {mark}
        </Text>
      </Box>
      {text}
    </Box>
  );
}

type DialogTextProps = Pick<GutteredProps, 'color' | 'bold' | 'dim' | 'maxRows'> & {
  text: string;
  /** Columns of boxes inside the dialog around the text (a bordered box with padding: DIALOG_CHROME). */
  nested?: number;
};

/** A paragraph of a dialog's (or the banner's) text, wrapped to the room inside its border. */
export function DialogText({ text, color, bold, dim, nested = 0, maxRows }: DialogTextProps) {
  return <Guttered mark="" gutter={0} inset={DIALOG_CHROME + nested} lines={[text]} color={color} bold={bold} dim={dim} maxRows={maxRows} />;
}

/** Rows <DialogText> takes at `columns` (none for no text), at most `maxRows`. */
export function dialogTextRows(text: string | undefined, columns: number, maxRows = Infinity, nested = 0): number {
  return text === undefined ? 0 : Math.min(maxRows, wrapBesideGutter([text], columns - DIALOG_CHROME - nested).length);
}

type DialogLabelledProps = Pick<GutteredProps, 'color' | 'markColor' | 'markDim'> & { label: string; text: string };

/** A dialog row that starts with a label (`Search:`, `API key:`): what follows wraps beside it. */
export function DialogLabelled({ label, text, color, markColor, markDim }: DialogLabelledProps) {
  return (
    <Guttered
      mark={label}
      markColor={markColor}
      markDim={markDim}
      gutter={visibleWidth(label) + 1}
      inset={DIALOG_CHROME}
      lines={[text]}
      color={color}
    />
  );
}
