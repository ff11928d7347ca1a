// The numbered choices of a dialog, with the selected one marked and, on the choice that takes
// typed feedback, the text typed so far and a cursor. A long choice wraps under its own text; a
// dialog short of rows gives each choice one row, and a list longer than its rows shows a window
// that follows the highlight, so the choice Enter confirms is always on screen.
import { Box, Text } from 'ink';
import { wrapBesideGutter } from '../format/answerRows.js';
import { windowAround } from '../format/dialogFit.js';
import { useColumns } from '../hooks/useColumns.js';
import { ansi } from '../markdown/ansi.js';
import { DIALOG_CHROME, Guttered } from './Guttered.js';

export type ChoiceListProps = {
  options: readonly string[];
  selected: number;
  /** The choice that takes typed feedback, the words shown before it, and the text so far. */
  feedback?: { index: number; prefix: string; text: string };
  /** Numbers before the choices (`❯ 1.`); without, only the marker (`❯`). */
  numbered?: boolean;
  /** A blank row above the list. */
  spaced?: boolean;
  /** At most this many rows for each choice, the last cut with …; the one taking typed text is whole. */
  rowsEach?: number;
  /** At most this many rows for the list: past it, a window around the selected choice and a row counting the rest. */
  maxRows?: number;
};

/** Columns of `❯ 1. ` (the marker, a one-digit number and a space) beside a choice's text. */
export const CHOICE_GUTTER = 5;

const NO_FEEDBACK = { index: -1, prefix: '', text: '' };

type Laid = { gutter: number; texts: string[]; caps: Array<number | undefined>; heights: number[] };

/** Each choice's text, its row cap and the rows it takes at `columns`, as <ChoiceList> draws them. */
function layChoices({ options, selected, feedback = NO_FEEDBACK, numbered = true, rowsEach }: ChoiceListProps, columns: number): Laid {
  // `❯ 1. `: the marker, the number (as wide as the largest) and a space; `❯ ` alone unnumbered.
  // The cursor is a no-break space: a plain one at the end of a row would be taken for the gap a
  // row breaks at.
  const gutter = numbered ? CHOICE_GUTTER - 1 + String(options.length).length : 2;
  const typing = (index: number): boolean => index === feedback.index && index === selected;
  const texts = options.map((label, index) => (typing(index) ? `${label}${feedback.prefix}${feedback.text}${ansi.inverse('\u00A0')}` : label));
  const caps = texts.map((_, index) => (typing(index) ? undefined : rowsEach));
  const heights = texts.map((text, index) => Math.min(caps[index] ?? Infinity, wrapBesideGutter([text], columns - DIALOG_CHROME - gutter).length));
  return { gutter, texts, caps, heights };
}

/** The choices shown from `start` to `end`, with the row counting the rest when some are left out. */
function choiceWindow(heights: readonly number[], selected: number, maxRows = Infinity): { start: number; end: number; counted: boolean } {
  if (heights.reduce((sum, height) => sum + height, 0) <= maxRows) return { start: 0, end: heights.length, counted: false };
  return { ...windowAround(heights, selected, Math.max(1, maxRows - 1)), counted: true };
}

/** Rows the list takes at `columns`, its blank row above included. */
export function choiceListRows(props: ChoiceListProps, columns: number): number {
  const { heights } = layChoices(props, columns);
  const { start, end, counted } = choiceWindow(heights, props.selected, props.maxRows);
  return heights.slice(start, end).reduce((sum, height) => sum + height, (props.spaced ?? true) ? 1 : 0) + (counted ? 1 : 0);
}

export function ChoiceList(props: ChoiceListProps) {
  const { options, selected, numbered = true, spaced = true, maxRows } = props;
  const { gutter, texts, caps, heights } = layChoices(props, useColumns());
  const { start, end, counted } = choiceWindow(heights, selected, maxRows);
  const more = [start > 0 ? `↑ ${start} more` : '', end < options.length ? `↓ ${options.length - end} more` : ''].filter(Boolean).join('  ');
  return (
    <Box flexDirection="column" marginTop={spaced ? 1 : 0}>
      {texts.slice(start, end).map((text, offset) => {
        const index = start + offset;
        const active = index === selected;
        return (
          <Guttered
            key={options[index]}
            mark={`${active ? '❯' : ' '}${numbered ? ` ${index + 1}.` : ''}`}
            markColor={active ? 'cyan' : undefined}
            color={active ? 'cyan' : undefined}
            gutter={gutter}
            inset={DIALOG_CHROME}
            lines={[text]}
            maxRows={caps[index]}
          />
        );
      })}
      {counted && (
        <Text dimColor wrap="truncate-end">
          {more}
        </Text>
      )}
    </Box>
  );
}
