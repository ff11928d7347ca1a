// Under the prompt: the permission mode (and how to change it), whether thinking is shown in
// full, the context left once it runs low, and short-lived notifications. On a screen too short
// for all of it wrapped, the mode line is cut to one row so the prompt stays in view.
import { Box, Text } from 'ink';
import { isAutoCompactEnabled } from '../../compact/thresholds.js';
import type { PermissionMode } from '../../types/permissions.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { useRepl } from '../hooks/useReplStore.js';
import { wrapRendered } from '../markdown/wrap.js';

const MODE_LABELS: Partial<Record<PermissionMode, { text: string; color: string }>> = {
  acceptEdits: { text: '⏵⏵ edits accepted automatically', color: 'magenta' },
  plan: { text: '⏸ plan mode: read-only until you approve a plan', color: 'cyan' },
  bypassPermissions: { text: '⚠ permissions bypassed', color: 'red' },
  dontAsk: { text: 'asks denied without prompting', color: 'yellow' },
  auto: { text: '⏵⏵ auto mode: a reviewer approves what the rules leave open', color: 'yellow' },
};

/** Below this much room left the footer says so. */
export const CONTEXT_LOW_PERCENT = 20;

/**
 * Rows above the footer that must stay on screen: the blank row and the prompt box over it, and
 * the row the writer keeps free. The writer keeps a frame's bottom rows, so a mode line wrapped
 * taller than what is left would push the prompt off the top of a short screen.
 */
const ROWS_FOR_THE_PROMPT = 5;

type Part = { text: string; color?: string; dim?: boolean };

export function Footer() {
  const mode = useRepl((state) => state.permissionMode);
  const running = useRepl((state) => state.isRunning);
  const notifications = useRepl((state) => state.notifications);
  const contextLeft = useRepl((state) => state.contextLeftPercent);
  const thinkingExpanded = useRepl((state) => state.thinkingExpanded);
  const columns = useColumns();
  const rows = useRows();
  const label = MODE_LABELS[mode];
  const lowOnContext = contextLeft !== null && contextLeft < CONTEXT_LOW_PERCENT;
  const parts: Part[] = [
    label ? { text: label.text, color: label.color } : { text: '/ for commands', dim: true },
    { text: ' (shift+tab to cycle)', dim: true },
    ...(running ? [{ text: ' · esc to interrupt', dim: true }] : []),
    ...(thinkingExpanded ? [{ text: ' · thinking shown (ctrl+o to collapse)', dim: true }] : []),
    ...(lowOnContext
      ? [{ text: ` · Context left${isAutoCompactEnabled() ? ' until auto-compact' : ''}: ${contextLeft}%`, color: contextLeft < 5 ? 'red' : 'yellow' }]
      : []),
  ];
  const rowsLeft = Math.max(1, rows - ROWS_FOR_THE_PROMPT - notifications.length);
  const fits = wrapRendered(parts.map((part) => part.text).join(''), Math.max(1, columns - 2)).length <= rowsLeft;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text wrap={fits ? 'wrap' : 'truncate-end'}>
        {parts.map((part, index) => (
          <Text key={index} color={part.color} dimColor={part.dim}>
            {part.text}
          </Text>
        ))}
      </Text>
      {notifications.map((note) => (
        <Text key={note.id} color={note.tone === 'warning' ? 'yellow' : undefined} dimColor={note.tone === 'info'}>
          {note.text}
        </Text>
      ))}
    </Box>
  );
}
