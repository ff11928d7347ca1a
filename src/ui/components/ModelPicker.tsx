// `/model` alone: the models to choose from, the one in use marked, Up/Down to move, Enter to
// switch, Esc to keep the current one.
import { Box, Text, useInput } from 'ink';
import type { ModelChoice } from '../../commands/types.js';
import { useLatestState } from '../hooks/useLatestState.js';

export type ModelPickerProps = {
  choices: readonly ModelChoice[];
  current: string;
  onPick: (id: string) => void;
  onCancel: () => void;
};

export function ModelPicker({ choices, current, onPick, onCancel }: ModelPickerProps) {
  const [selected, setSelected, selectedRef] = useLatestState(Math.max(0, choices.findIndex((choice) => choice.id === current)));
  useInput((_input, key) => {
    if (key.escape) return onCancel();
    if (key.return) {
      const choice = choices[selectedRef.current];
      if (choice) onPick(choice.id);
      return;
    }
    if (key.upArrow) setSelected((index) => (index - 1 + choices.length) % choices.length);
    if (key.downArrow) setSelected((index) => (index + 1) % choices.length);
  });
  const labelWidth = Math.max(...choices.map((choice) => choice.label.length)) + 2;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <Text bold>Choose the model for the rest of this session</Text>
      <Text dimColor>{`In use: ${current}`}</Text>
      <Box flexDirection="column" marginTop={1}>
        {choices.map((choice, index) => {
          const active = index === selected;
          return (
            <Text key={choice.id + choice.label} color={active ? 'cyan' : undefined} wrap="truncate-end">
              {active ? '❯ ' : '  '}
              {choice.label.padEnd(labelWidth)}
              <Text dimColor={!active}>{choice.detail}</Text>
              {choice.id === current && <Text color="green">{' ✔ in use'}</Text>}
            </Text>
          );
        })}
      </Box>
      <Text dimColor>↑/↓ choose · Enter switch · Esc keep the current model</Text>
    </Box>
  );
}
