// Text beside a mark in a fixed gutter (`●`, `⎿`, `❯ 1.`, `cwd`), wrapped here rather than by Ink:
// Ink's flex rows let two texts overflow a narrow terminal and start wrapped rows at the left edge
// or with the space they broke at. Here every wrapped row continues under the text, no row is
// wider than its room, and a list item or indent keeps its own hanging indent (wrapRendered).
import { Box, Text } from 'ink';
import { ANSWER_GUTTER, wrapBesideGutter } from '../format/answerRows.js';
import { useColumns } from '../hooks/useColumns.js';

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
};

export function Guttered({ mark, markColor, markDim, lines, color, bold, dim, italic, gutter = ANSWER_GUTTER, inset = 0 }: GutteredProps) {
  const width = useColumns() - inset - gutter;
  const text = (
    <Text wrap="truncate-end" color={color} bold={bold} dimColor={dim} italic={italic}>
      {wrapBesideGutter(lines, width).join('\n')}
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

type DialogTextProps = Pick<GutteredProps, 'color' | 'bold' | 'dim'> & { text: string };

/** A line of a dialog's (or the banner's) text, wrapped to the room inside its border. */
export function DialogText({ text, color, bold, dim }: DialogTextProps) {
  return <Guttered mark="" gutter={0} inset={DIALOG_CHROME} lines={[text]} color={color} bold={bold} dim={dim} />;
}
