// A list to choose one thing from (`/model` alone, `/effort` alone): the one in use marked, Up/Down
// to move, Enter to take the highlighted one, Esc to keep what is in use.
import { Box, Text, useInput } from 'ink';
import type { PickerRequest } from '../../commands/types.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { DIALOG_CHROME, DialogText, Guttered } from './Guttered.js';

/** `In use: ` before what is in use; a long one wraps beside it. */
const IN_USE_GUTTER = 8;

/** Rows of the list shown at once; the window follows the highlight. */
const VISIBLE_ROWS = 10;

export type ChoicePickerProps = {
  request: PickerRequest;
  onPick: (id: string) => void;
  onCancel: () => void;
};

export function ChoicePicker({ request, onPick, onCancel }: ChoicePickerProps) {
  const { choices, current } = request;
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
  const start = Math.max(0, Math.min(selected - Math.floor(VISIBLE_ROWS / 2), choices.length - VISIBLE_ROWS));
  const visible = choices.slice(start, start + VISIBLE_ROWS);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} marginTop={1}>
      <DialogText bold text={request.title} />
      <Guttered mark="In use:" markDim dim gutter={IN_USE_GUTTER} inset={DIALOG_CHROME} lines={[request.inUse]} />
      <Box flexDirection="column" marginTop={1}>
        {visible.map((choice, offset) => {
          const active = start + offset === selected;
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
      <DialogText dim text={`↑/↓ choose (${selected + 1} of ${choices.length}) · Enter ${request.pickVerb} · Esc ${request.keepText}`} />
    </Box>
  );
}
