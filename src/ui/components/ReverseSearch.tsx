// Ctrl+R's line in place of the prompt: "(reverse-i-search)`query': match".
import { Text } from 'ink';
import { reverseSearchLine, type ReverseSearchState } from '../input/reverseSearch.js';

export function ReverseSearch({ state }: { state: ReverseSearchState }) {
  const { label, match } = reverseSearchLine(state);
  return (
    <Text>
      <Text color={state.failing ? 'yellow' : 'cyan'}>{label}</Text>
      {match}
      <Text inverse> </Text>
    </Text>
  );
}
