// The numbered choices of a dialog, with the selected one marked and, on the choice that takes
// typed feedback, the text typed so far and a cursor. A long choice wraps under its own text.
import { Box } from 'ink';
import { ansi } from '../markdown/ansi.js';
import { DIALOG_CHROME, Guttered } from './Guttered.js';

type ChoiceListProps = {
  options: readonly string[];
  selected: number;
  /** The choice that takes typed feedback, the words shown before it, and the text so far. */
  feedback: { index: number; prefix: string; text: string };
};

/** Columns of `❯ 1. ` (the marker, a one-digit number and a space) beside a choice's text. */
export const CHOICE_GUTTER = 5;

export function ChoiceList({ options, selected, feedback }: ChoiceListProps) {
  // `❯ 1. `: the marker, the number (as wide as the largest) and a space. The cursor is a
  // no-break space: a plain one at the end of a row would be taken for the gap a row breaks at.
  const gutter = CHOICE_GUTTER - 1 + String(options.length).length;
  return (
    <Box flexDirection="column" marginTop={1}>
      {options.map((label, index) => {
        const active = index === selected;
        const typed = index === feedback.index && active ? `${feedback.prefix}${feedback.text}${ansi.inverse('\u00A0')}` : '';
        return (
          <Guttered
            key={label}
            mark={`${active ? '❯' : ' '} ${index + 1}.`}
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
