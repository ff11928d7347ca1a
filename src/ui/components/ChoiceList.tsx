// The numbered choices of a dialog, with the selected one marked and, on the choice that takes
// typed feedback, the text typed so far and a cursor. A long choice wraps under its own text; a
// dialog short of rows caps each choice's rows (never cutting the part that says what it does)
// and gives the list a window that follows the highlight, so the choice Enter confirms is always
// on screen. Typed text longer than the rows shows its end, where the cursor is.
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
  /** At most this many rows for each choice, the last cut with …, but never fewer than its `whole` part takes. */
  rowsEach?: number;
  /** The start of each choice that no cap cuts (an option's label before its description). */
  whole?: readonly string[];
  /**
   * At most this many rows for the list: past it, a window around the selected choice and a row
   * counting the rest; no choice takes more rows than that leaves, typed text keeping its end.
   */
  maxRows?: number;
  /** Whether a window counts the choices it leaves out in a row of its own (the default); without, that row goes to the choices. */
  countHidden?: boolean;
};

/** Columns of `❯ 1. ` (the marker, a one-digit number and a space) beside a choice's text. */
export const CHOICE_GUTTER = 5;

const NO_FEEDBACK = { index: -1, prefix: '', text: '' };

type Laid = { gutter: number; lines: string[][]; caps: Array<number | undefined>; heights: number[] };

/** Each choice's lines, its row cap and the rows it takes at `columns`, as <ChoiceList> draws them. */
function layChoices({ options, selected, feedback = NO_FEEDBACK, numbered = true, rowsEach, whole, maxRows, countHidden = true }: ChoiceListProps, columns: number): Laid {
  // `❯ 1. `: the marker, the number (as wide as the largest) and a space; `❯ ` alone unnumbered.
  // The cursor is a no-break space: a plain one at the end of a row would be taken for the gap a
  // row breaks at.
  const gutter = numbered ? CHOICE_GUTTER - 1 + String(options.length).length : 2;
  const width = columns - DIALOG_CHROME - gutter;
  const rowsOf = (text: string): string[] => wrapBesideGutter([text], width);
  // A window that leaves choices out spends a row counting them.
  const room = maxRows === undefined ? Infinity : Math.max(1, maxRows - (options.length > 1 && countHidden ? 1 : 0));
  const typing = (index: number): boolean => index === feedback.index && index === selected;
  const lines = options.map((label, index) =>
    typing(index) ? lastRows(rowsOf(`${label}${feedback.prefix}${feedback.text}${ansi.inverse('\u00A0')}`), room) : [label],
  );
  const caps = options.map((_, index) => {
    if (typing(index)) return undefined;
    const kept = whole?.[index] === undefined ? 0 : rowsOf(whole[index]).length;
    const cap = Math.min(room, Math.max(rowsEach ?? Infinity, kept));
    return cap === Infinity ? undefined : cap;
  });
  const heights = lines.map((choice, index) => Math.min(caps[index] ?? Infinity, typing(index) ? choice.length : rowsOf(choice[0] ?? '').length));
  return { gutter, lines, caps, heights };
}

/** The last `room` of a choice's rows, the first opening with … when rows above are left out. */
function lastRows(rows: readonly string[], room: number): string[] {
  if (rows.length <= room) return [...rows];
  const [first = '', ...rest] = rows.slice(rows.length - room);
  // A row opening with a styling code is the cursor alone: the … goes before it.
  const dropped = first.startsWith('\u001B') ? '' : ([...new Intl.Segmenter().segment(first)][0]?.segment ?? '');
  return [`…${first.slice(dropped.length)}`, ...rest];
}

/** The choices shown from `start` to `end`, with the row counting the rest when some are left out (and `countHidden`). */
function choiceWindow(heights: readonly number[], selected: number, maxRows = Infinity, countHidden = true): { start: number; end: number; counted: boolean } {
  if (heights.reduce((sum, height) => sum + height, 0) <= maxRows) return { start: 0, end: heights.length, counted: false };
  return { ...windowAround(heights, selected, Math.max(1, maxRows - (countHidden ? 1 : 0))), counted: countHidden };
}

/** Rows the list takes at `columns`, its blank row above included. */
export function choiceListRows(props: ChoiceListProps, columns: number): number {
  const { heights } = layChoices(props, columns);
  const { start, end, counted } = choiceWindow(heights, props.selected, props.maxRows, props.countHidden);
  return heights.slice(start, end).reduce((sum, height) => sum + height, (props.spaced ?? true) ? 1 : 0) + (counted ? 1 : 0);
}

/** A compact dialog's choices: no blank row above, in at most `room` rows (at least one), a window past them. */
export function compactChoiceList(props: ChoiceListProps, room: number, columns: number): ChoiceListProps {
  const unspaced = { ...props, spaced: false };
  return choiceListRows(unspaced, columns) <= room ? unspaced : { ...unspaced, maxRows: Math.max(1, room) };
}

/** Whether the highlighted choice shows all its rows, not cut to what a window leaves it (typed text shows its end whatever the rows). */
export function selectedShownWhole(props: ChoiceListProps, columns: number): boolean {
  if (props.feedback?.index === props.selected) return true;
  const shown = layChoices(props, columns).heights[props.selected];
  return shown === layChoices({ ...props, maxRows: undefined }, columns).heights[props.selected];
}

export function ChoiceList(props: ChoiceListProps) {
  const { options, selected, numbered = true, spaced = true, maxRows, countHidden } = props;
  const { gutter, lines, caps, heights } = layChoices(props, useColumns());
  const { start, end, counted } = choiceWindow(heights, selected, maxRows, countHidden);
  const more = [start > 0 ? `↑ ${start} more` : '', end < options.length ? `↓ ${options.length - end} more` : ''].filter(Boolean).join('  ');
  return (
    <Box flexDirection="column" marginTop={spaced ? 1 : 0}>
      {lines.slice(start, end).map((rows, offset) => {
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
            lines={rows}
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
