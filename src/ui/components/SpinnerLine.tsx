// `• Pondering… (3s · ↓ 120 tokens · esc to interrupt)` while a turn runs, plus the prompts
// queued behind it. Moves on twice a second and reads the token count then, rather than
// following every streamed delta: a line that changed with each frame of text would be
// rewritten with it, several times the text's own bytes at the API's pace. While text streams
// it moves on in a frame the text draws anyway (a render costs the whole live area); its own
// timer covers the quiet spells (a tool running, the wait for the first token).
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
  const [tick, setTick] = useState(() => Math.floor(now() / tickMs));

  useEffect(() => {
    if (verb === undefined) return;
    let changedAt = now();
    const advance = (): void => setTick(Math.floor(now() / tickMs));
    const unsubscribe = store.subscribe(() => {
      changedAt = now();
      advance();
    });
    const timer = setInterval(() => {
      if (now() - changedAt >= tickMs) advance();
    }, tickMs);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [store, verb, startedAt, tickMs, now]);

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
