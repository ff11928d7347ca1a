// `• Pondering… (3s · ↓ 120 tokens · esc to interrupt)` while a turn runs, plus the prompts
// queued behind it. The glyph moves on twice a second; the seconds and the token count once a
// second, together (one run of cells to rewrite), rather than following every streamed delta: a
// line that changed with each frame of text would be rewritten with it, at the API's pace a
// good part of the bytes the text itself takes. While text streams it moves on in a frame the
// text draws anyway (a render costs the whole live area); its own timer covers the quiet spells
// (a tool running, the wait for the first token).
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import type { ReplStore } from '../../state/store.js';
import { SPINNER_FRAMES, spinnerText } from '../format/spinnerLine.js';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';
import { Guttered } from './Guttered.js';

/** Twice a second: enough to show it is alive, a few bytes each time (only the changed cells). */
const TICK_MS = 500;

/** The turn shown, ticks since it started, and the time and token count read at its last whole second. */
type Shown = { startedAt: number; tick: number; elapsedMs: number; outputTokens: number };

function shownAt(store: ReplStore, previous: Shown | undefined, startedAt: number, at: number, tickMs: number): Shown {
  const tick = Math.floor(Math.max(0, at - startedAt) / tickMs);
  const same = previous?.startedAt === startedAt ? previous : undefined;
  if (same && same.tick === tick) return same;
  const second = (ticks: number): number => Math.floor((ticks * tickMs) / 1000);
  if (same && second(same.tick) === second(tick)) return { ...same, tick };
  return { startedAt, tick, elapsedMs: at - startedAt, outputTokens: store.getState().spinner?.outputTokens ?? 0 };
}

export function SpinnerLine({ now = Date.now, tickMs = TICK_MS }: { now?: () => number; tickMs?: number }) {
  const store = useReplStoreApi();
  const verb = useRepl((state) => state.spinner?.verb);
  const startedAt = useRepl((state) => state.spinner?.startedAt);
  const queued = useRepl((state) => state.queuedPrompts);
  const [shown, setShown] = useState<Shown | undefined>(undefined);

  useEffect(() => {
    if (verb === undefined || startedAt === undefined) return;
    let changedAt = now();
    const advance = (): void => setShown((previous) => shownAt(store, previous, startedAt, now(), tickMs));
    advance();
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
  const current = shown?.startedAt === startedAt ? shown : shownAt(store, undefined, startedAt, now(), tickMs);
  const frame = SPINNER_FRAMES[current.tick % SPINNER_FRAMES.length];
  return (
    <Box flexDirection="column" marginTop={1}>
      <Guttered mark={frame ?? ''} markColor="cyan" color="cyan" lines={[spinnerText(verb, current.elapsedMs, current.outputTokens)]} />
      {queued.map((prompt, index) => (
        <Text key={index} dimColor>
          {'  ↳ queued: '}
          {prompt.split('\n')[0]}
        </Text>
      ))}
    </Box>
  );
}
