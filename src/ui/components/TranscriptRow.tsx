// One finished item of the transcript. Printed once by <Static>; never re-rendered.
import { Box, Text } from 'ink';
import type { NoticeTone, TranscriptItem } from '../../state/store.js';
import { DiffView } from './DiffView.js';
import { Welcome } from './Welcome.js';

const TONE_COLORS: Record<NoticeTone, string | undefined> = {
  info: undefined,
  dim: 'gray',
  warning: 'yellow',
  error: 'red',
};

export function TranscriptRow({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'welcome':
      return <Welcome version={item.version} model={item.model} cwd={item.cwd} />;
    case 'user':
      return (
        <Box marginTop={1}>
          <Text color="gray">{'> '}</Text>
          <Text color="gray">{item.text}</Text>
        </Box>
      );
    case 'assistant_lines':
      return (
        <Box marginTop={item.startsBlock ? 1 : 0}>
          <Box width={2} flexShrink={0}>
            <Text>{item.startsBlock ? '●' : ' '}</Text>
          </Box>
          <Text>{item.lines.join('\n')}</Text>
        </Box>
      );
    case 'tool':
      return <ToolCall title={item.title} summary={item.summary} isError={item.isError} patch={item.patch} />;
    case 'notice':
      return (
        <Box marginTop={1}>
          <Text color={TONE_COLORS[item.tone]}>{item.text}</Text>
        </Box>
      );
  }
}

type ToolCallProps = Omit<Extract<TranscriptItem, { kind: 'tool' }>, 'kind' | 'id'>;

export function ToolCall({ title, summary, isError, patch }: ToolCallProps) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color={isError ? 'red' : 'green'}>● </Text>
        <Text bold>{title}</Text>
      </Text>
      <Box>
        <Text dimColor>{'  ⎿  '}</Text>
        <Text color={isError ? 'red' : undefined} dimColor={!isError}>
          {summary}
        </Text>
      </Box>
      {patch && (
        <Box paddingLeft={5}>
          <DiffView hunks={patch} />
        </Box>
      )}
    </Box>
  );
}
