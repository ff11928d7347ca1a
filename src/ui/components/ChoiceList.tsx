// The numbered choices of a dialog, with the selected one marked and, on the choice that takes
// typed feedback, the text typed so far and a cursor.
import { Box, Text } from 'ink';

type ChoiceListProps = {
  options: readonly string[];
  selected: number;
  /** The choice that takes typed feedback, the words shown before it, and the text so far. */
  feedback: { index: number; prefix: string; text: string };
};

export function ChoiceList({ options, selected, feedback }: ChoiceListProps) {
  return (
    <Box flexDirection="column" marginTop={1}>
      {options.map((label, index) => (
        <Text key={label} color={index === selected ? 'cyan' : undefined}>
          {index === selected ? '❯ ' : '  '}
          {index + 1}. {label}
          {index === feedback.index && selected === feedback.index && (
            <Text>
              {feedback.prefix}
              {feedback.text}
              <Text inverse> </Text>
            </Text>
          )}
        </Text>
      ))}
    </Box>
  );
}
