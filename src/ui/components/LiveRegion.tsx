// The only part of the conversation that redraws: the unfinished line of the answer (drawn as
// the transcript will print it) and tool calls still running. Everything finished has already
// moved to the transcript. In the REPL the writer draws the answer's rows itself where the
// answer slot's marker stands (runner/answerView.ts); only the tool calls are Ink's.
import { Box, Text } from 'ink';
import { useRepl } from '../hooks/useReplStore.js';
import { ansi } from '../markdown/ansi.js';
import { Guttered } from './Guttered.js';
import { liveWriter } from '../terminal/inkLog.js';
import { SLOT_MARKERS } from '../terminal/liveSlots.js';
import { AnswerLines } from './TranscriptRow.js';
import { ToolUseDetail, useToolDetailToggle } from './ToolUseDetail.js';

export function LiveRegion() {
  const tools = useRepl((state) => state.activeToolUses);
  const liveText = useRepl((state) => state.liveText);
  const preview = useRepl((state) => state.livePreview);
  const awaitingApproval = useRepl((state) => state.permissionRequest?.toolUseId);
  useToolDetailToggle();
  const slotted = liveWriter() !== undefined;
  if (tools.length === 0 && liveText === '' && !slotted) return null;
  return (
    <Box flexDirection="column">
      {slotted ? (
        <Text>{SLOT_MARKERS.answer}</Text>
      ) : preview ? (
        preview.lines.length > 0 && (
        // Drawn exactly as the transcript will print it, so finishing it costs no redraw.
          <AnswerLines lines={preview.lines} startsBlock={preview.startsBlock} />
        )
      ) : (
        liveText !== '' && (
          <Box marginTop={1}>
            <Box width={2} flexShrink={0}>
              <Text> </Text>
            </Box>
            <Text>{liveText}</Text>
          </Box>
        )
      )}
      {tools.map((tool) => (
        <Box key={tool.id} flexDirection="column" marginTop={1}>
          <Guttered
            mark="●"
            markColor="yellow"
            lines={[ansi.bold(tool.title) + ansi.dim(tool.id === awaitingApproval ? ' waiting for approval' : ' running…')]}
          />
          {tool.detail !== undefined && <ToolUseDetail detail={tool.detail} />}
        </Box>
      ))}
    </Box>
  );
}
