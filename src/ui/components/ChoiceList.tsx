// The numbered choices of a dialog, with the selected one marked and, on the choice that takes
// typed feedback, the text typed so far and a cursor. A long choice wraps under its own text.
import { Box } from 'ink';
import { ansi } from '../markdown/ansi.js';
import { DIALOG_CHROME, Guttered } from './Guttered.js';

type ChoiceListProps = {
  options: readonly string[];
  selected: number;
  /** The choice that takes typed feedback, the words shown before it, and the text so far. */
  feedback?: { index: number; prefix: string; text: string };
  /** Numbers before the choices (`❯ 1.`); without, only the marker (`❯`). */
  numbered?: boolean;
  /** A blank row above the list. */
  spaced?: boolean;
};

/** Columns of `❯ 1. ` (the marker, a one-digit number and a space) beside a choice's text. */
export const CHOICE_GUTTER = 5;

const NO_FEEDBACK = { index: -1, prefix: '', text: '' };

export function ChoiceList({ options, selected, feedback = NO_FEEDBACK, numbered = true, spaced = true }: ChoiceListProps) {
  // `❯ 1. `: the marker, the number (as wide as the largest) and a space; `❯ ` alone unnumbered.
  // The cursor is a no-break space: a plain one at the end of a row would be taken for the gap a
  // row breaks at.
  const gutter = numbered ? CHOICE_GUTTER - 1 + String(options.length).length : 2;
  return (
    <Box flexDirection="column" marginTop={spaced ? 1 : 0}>
      {options.map((label, index) => {
        const active = index === selected;
        const typed = index === feedback.index && active ? `${feedback.prefix}${feedback.text}${ansi.inverse('\u00A0')}` : '';
        return (
          <Guttered
            key={label}
            mark={`${active ? '❯' : ' '}${numbered ? ` ${index + 1}.` : ''}`}
            markColor={active ? 'cyan' : undefined}
            color={active ? 'cyan' : undefined}
            gutter={gutter}
            inset={DIALOG_CHROME}
            lines={[label + typed]}
          />
        );
      })}
    </Box>
  );
}
