// The only part of the conversation that redraws: tool calls still running and the unfinished
// line of the answer. Everything finished has already moved to the transcript.
import { Box, Text } from 'ink';
import { useRepl } from '../hooks/useReplStore.js';
import { ToolUseDetail, useToolDetailToggle } from './ToolUseDetail.js';

export function LiveRegion() {
  const tools = useRepl((state) => state.activeToolUses);
  const liveText = useRepl((state) => state.liveText);
  const awaitingApproval = useRepl((state) => state.permissionRequest?.toolUseId);
  useToolDetailToggle();
  if (tools.length === 0 && liveText === '') return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      {liveText !== '' && (
        <Box>
          <Box width={2} flexShrink={0}>
            <Text> </Text>
          </Box>
          <Text>{liveText}</Text>
        </Box>
      )}
      {tools.map((tool) => (
        <Box key={tool.id} flexDirection="column">
          <Text>
            <Text color="yellow">● </Text>
            <Text bold>{tool.title}</Text>
            <Text dimColor>{tool.id === awaitingApproval ? ' waiting for approval' : ' running…'}</Text>
          </Text>
          {tool.detail !== undefined && <ToolUseDetail detail={tool.detail} />}
        </Box>
      ))}
    </Box>
  );
}
