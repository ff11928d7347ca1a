// One finished item of the transcript. Printed once by <Static>; never re-rendered.
import { Box, Text } from 'ink';
import type { NoticeTone, TranscriptItem } from '../../state/store.js';
import { useColumns } from '../hooks/useColumns.js';
import { wrapRendered } from '../markdown/wrap.js';
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
      return <AnswerLines lines={item.lines} startsBlock={item.startsBlock} />;
    case 'tool':
      return <ToolCall title={item.title} summary={item.summary} isError={item.isError} patch={item.patch} preview={item.preview} />;
    case 'notice':
      return (
        <Box marginTop={1}>
          <Text color={TONE_COLORS[item.tone]}>{item.text}</Text>
        </Box>
      );
     case 'thinking':
      return <Thinking text={item.text} seconds={item.seconds} expanded={item.expanded} />;
  }
}

/** Collapsed: `∴ Thought for 3s (ctrl+o to expand)`; expanded: the whole text, dim, under `∴ Thinking`. */
export function Thinking({ text, seconds, expanded }: { text: string; seconds: number; expanded: boolean }) {
  if (!expanded) {
    return (
      <Box marginTop={1}>
        <Text dimColor>{`∴ Thought for ${seconds}s (ctrl+o to expand)`}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text dimColor>∴ Thinking</Text>
      <Box paddingLeft={ANSWER_GUTTER}>
        <Text dimColor italic>
          {text.trim()}
        </Text>
      </Box>
    </Box>
  );
}

/** Width of the answer's gutter, where a block's `●` goes. */
export const ANSWER_GUTTER = 2;

/** Rendered answer lines, wrapped here (not by Ink) so list items keep their indent. */
export function AnswerLines({ lines, startsBlock }: { lines: readonly string[]; startsBlock: boolean }) {
  const width = useColumns() - ANSWER_GUTTER;
  return (
    <Box marginTop={startsBlock ? 1 : 0}>
      <Box width={ANSWER_GUTTER} flexShrink={0}>
        <Text>{startsBlock ? '●' : ' '}</Text>
      </Box>
      <Text wrap="truncate-end">{lines.flatMap((line) => wrapRendered(line, width)).join('\n')}</Text>
    </Box>
  );
}

type ToolCallProps = Omit<Extract<TranscriptItem, { kind: 'tool' }>, 'kind' | 'id'>;

export function ToolCall({ title, summary, isError, patch, preview }: ToolCallProps) {
  const shown = !isError && preview ? [...preview.lines, ...(preview.more > 0 ? [`… +${preview.more} lines`] : [])] : [summary];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color={isError ? 'red' : 'green'}>● </Text>
        <Text bold>{title}</Text>
      </Text>
      <Box>
        <Text dimColor>{'  ⎿  '}</Text>
        <Text color={isError ? 'red' : undefined} dimColor={!isError}>
          {shown.join('\n')}
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
