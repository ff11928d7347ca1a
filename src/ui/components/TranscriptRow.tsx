// One finished item of the transcript. Printed once by <Static>; never re-rendered.
import { Box, Text } from 'ink';
import type { NoticeTone, TranscriptItem } from '../../state/store.js';
import { DiffView } from './DiffView.js';
import { useColumns } from '../hooks/useColumns.js';
import { renderAnswer } from '../markdown/lineStream.js';
import { ANSWER_GUTTER, Guttered } from './Guttered.js';
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
      return <UserPrompt text={item.text} />;
    case 'assistant_lines':
      return <AnswerLines lines={item.lines} startsBlock={item.startsBlock} />;
    case 'tool':
      return (
        <ToolCall title={item.title} summary={item.summary} isError={item.isError} patch={item.patch} preview={item.preview} document={item.document} />
      );
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
      <Guttered mark="" lines={text.trim().split('\n')} dim italic />
    </Box>
  );
}

/** A prompt as typed, after `> `; long and multi-line prompts wrap under their text. */
function UserPrompt({ text }: { text: string }) {
  return (
    <Box marginTop={1}>
      <Guttered mark=">" markColor="gray" color="gray" lines={text.split('\n')} />
    </Box>
  );
}

/** Rendered answer lines; a block's first line carries the `●`. */
export function AnswerLines({ lines, startsBlock }: { lines: readonly string[]; startsBlock: boolean }) {
  return (
    <Box marginTop={startsBlock ? 1 : 0}>
      <Guttered mark={startsBlock ? '●' : ' '} lines={lines} />
    </Box>
  );
}

/** Width of the `  ⎿  ` before a tool's result. */
const RESULT_GUTTER = 5;

type ToolCallProps = Omit<Extract<TranscriptItem, { kind: 'tool' }>, 'kind' | 'id'>;

export function ToolCall({ title, summary, isError, patch, preview, document }: ToolCallProps) {
  const shown = !isError && preview ? [...preview.lines, ...(preview.more > 0 ? [`… +${preview.more} lines`] : [])] : [summary];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Guttered mark="●" markColor={isError ? 'red' : 'green'} bold lines={[title]} />
      <Guttered mark="  ⎿" markDim gutter={RESULT_GUTTER} dim={!isError} color={isError ? 'red' : undefined} lines={shown} />
      {patch && (
        <Box paddingLeft={RESULT_GUTTER}>
          <DiffView hunks={patch} inset={RESULT_GUTTER} />
        </Box>
      )}
      {document !== undefined && !isError && <ResultDocument markdown={document} />}
    </Box>
  );
}

/** Markdown under a result, laid out in the result's column (drawn once, at the width of the time). */
function ResultDocument({ markdown }: { markdown: string }) {
  const columns = useColumns();
  return <Guttered mark="" gutter={RESULT_GUTTER} lines={renderAnswer(markdown, () => Math.max(1, columns - RESULT_GUTTER))} />;
}
