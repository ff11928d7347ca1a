// Under the prompt: the permission mode (and how to change it), whether thinking is shown in
// full, the context left once it runs low, and short-lived notifications.
import { Box, Text } from 'ink';
import { isAutoCompactEnabled } from '../../compact/thresholds.js';
import type { PermissionMode } from '../../types/permissions.js';
import { useRepl } from '../hooks/useReplStore.js';

const MODE_LABELS: Partial<Record<PermissionMode, { text: string; color: string }>> = {
  acceptEdits: { text: '⏵⏵ edits accepted automatically', color: 'magenta' },
  plan: { text: '⏸ plan mode: read-only until you approve a plan', color: 'cyan' },
  bypassPermissions: { text: '⚠ permissions bypassed', color: 'red' },
  dontAsk: { text: 'asks denied without prompting', color: 'yellow' },
  auto: { text: '⏵⏵ auto mode: a reviewer approves what the rules leave open', color: 'yellow' },
};

/** Below this much room left the footer says so. */
export const CONTEXT_LOW_PERCENT = 20;

export function Footer() {
  const mode = useRepl((state) => state.permissionMode);
  const running = useRepl((state) => state.isRunning);
  const notifications = useRepl((state) => state.notifications);
  const contextLeft = useRepl((state) => state.contextLeftPercent);
  const thinkingExpanded = useRepl((state) => state.thinkingExpanded);
  const label = MODE_LABELS[mode];
  const lowOnContext = contextLeft !== null && contextLeft < CONTEXT_LOW_PERCENT;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text>
        {label ? <Text color={label.color}>{label.text}</Text> : <Text dimColor>/ for commands</Text>}
        <Text dimColor>{' (shift+tab to cycle)'}</Text>
        {running && <Text dimColor>{' · esc to interrupt'}</Text>}
        {thinkingExpanded && <Text dimColor>{' · thinking shown (ctrl+o to collapse)'}</Text>}
        {lowOnContext && (
          <Text color={contextLeft < 5 ? 'red' : 'yellow'}>
            {` · Context left${isAutoCompactEnabled() ? ' until auto-compact' : ''}: ${contextLeft}%`}
          </Text>
        )}
      </Text>
      {notifications.map((note) => (
        <Text key={note.id} color={note.tone === 'warning' ? 'yellow' : undefined} dimColor={note.tone === 'info'}>
          {note.text}
        </Text>
      ))}
    </Box>
  );
}
