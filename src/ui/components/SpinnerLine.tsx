// `• Pondering… (3s · ↓ 120 tokens · esc to interrupt)` while a turn runs, plus the prompts
// queued behind it. Ticks on its own timer so only this line redraws, and reads the token count
// at each tick rather than following every streamed delta: a line that changed with each frame
// of text would be rewritten with it, several times the text's own bytes at the API's pace.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { SPINNER_FRAMES, spinnerText } from '../format/spinnerLine.js';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';

/** Twice a second: enough to show it is alive, a few bytes each time (only the changed cells). */
const TICK_MS = 500;

export function SpinnerLine({ now = Date.now, tickMs = TICK_MS }: { now?: () => number; tickMs?: number }) {
  const store = useReplStoreApi();
  const verb = useRepl((state) => state.spinner?.verb);
  const startedAt = useRepl((state) => state.spinner?.startedAt);
  const queued = useRepl((state) => state.queuedPrompts);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (verb === undefined) return;
    const timer = setInterval(() => setTick((value) => value + 1), tickMs);
    return () => clearInterval(timer);
  }, [verb, startedAt, tickMs]);

  if (verb === undefined || startedAt === undefined) return null;
  const outputTokens = store.getState().spinner?.outputTokens ?? 0;
  const frame = SPINNER_FRAMES[tick % SPINNER_FRAMES.length];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color="cyan">{frame} </Text>
        <Text color="cyan">{spinnerText(verb, now() - startedAt, outputTokens)}</Text>
      </Text>
      {queued.map((prompt, index) => (
        <Text key={index} dimColor>
          {'  ↳ queued: '}
          {prompt.split('\n')[0]}
        </Text>
      ))}
    </Box>
  );
}
