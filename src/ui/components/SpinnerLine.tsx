// `• Pondering… (3s · ↓ 120 tokens · esc to interrupt)` while a turn runs, plus the prompts
// queued behind it. Ticks on its own timer so only this line redraws.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { SPINNER_FRAMES, spinnerText } from '../format/spinnerLine.js';
import { useRepl } from '../hooks/useReplStore.js';

const TICK_MS = 250;

export function SpinnerLine({ now = Date.now }: { now?: () => number }) {
  const spinner = useRepl((state) => state.spinner);
  const queued = useRepl((state) => state.queuedPrompts);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!spinner) return;
    const timer = setInterval(() => setTick((value) => value + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [spinner]);

  if (!spinner) return null;
  const frame = SPINNER_FRAMES[tick % SPINNER_FRAMES.length];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color="cyan">{frame} </Text>
        <Text color="cyan">{spinnerText(spinner.verb, now() - spinner.startedAt, spinner.outputTokens)}</Text>
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
