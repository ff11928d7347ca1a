// The `@` path menu under the prompt: matching files and folders, the chosen one highlighted.
import { Box, Text } from 'ink';
import type { IndexedPath } from '../input/pathMatch.js';

export type CompletionMenuProps = { matches: readonly IndexedPath[]; selected: number; indexing: boolean };

export function CompletionMenu({ matches, selected, indexing }: CompletionMenuProps) {
  if (matches.length === 0) {
    return indexing ? (
      <Box paddingX={1}>
        <Text dimColor>Listing project files…</Text>
      </Box>
    ) : null;
  }
  return (
    <Box flexDirection="column" paddingX={1}>
      {matches.map((match, index) => (
        <Text key={match.path} color={index === selected ? 'cyan' : undefined} dimColor={index !== selected}>
          {`${index === selected ? '›' : ' '} @${match.path}`}
        </Text>
      ))}
    </Box>
  );
}
