// The lines under a running tool call. The first line always shows; the rest (a sub-agent's
// recent tool calls) only while expanded. Ctrl+O, as in the reference, expands and collapses
// every running sub-agent at once, and the choice holds for the ones that start later.
import { Box, Text, useInput, type Key } from 'ink';
import { createStore, useStore } from 'zustand';

type Expansion = { expanded: boolean; toggle(): void };

export const toolDetailExpansion = createStore<Expansion>((set) => ({
  expanded: false,
  toggle: () => set((state) => ({ expanded: !state.expanded })),
}));

export const EXPAND_HINT = '(ctrl+o to expand)';

function toggleOnCtrlO(input: string, key: Key): void {
  if (key.ctrl && input === 'o') toolDetailExpansion.getState().toggle();
}

/**
 * Listens for Ctrl+O; mount once where running tool calls are drawn. The handler is one
 * function for good: a new one each render would make Ink re-register the listener in every
 * frame of a streamed answer.
 */
export function useToolDetailToggle(): void {
  useInput(toggleOnCtrlO);
}

export function ToolUseDetail({ detail }: { detail: string }) {
  const expanded = useStore(toolDetailExpansion, (state) => state.expanded);
  const [first, ...rest] = detail.split('\n');
  const hint = rest.length > 0 && !expanded ? ` ${EXPAND_HINT}` : '';
  return (
    <Box flexDirection="column">
      <Text dimColor wrap="truncate-end">{`  ⎿  ${first ?? ''}${hint}`}</Text>
      {expanded &&
        rest.map((line, index) => (
          <Text key={index} dimColor wrap="truncate-end">{`     ${line}`}</Text>
        ))}
    </Box>
  );
}
