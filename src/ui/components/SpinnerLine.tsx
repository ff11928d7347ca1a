// `• Pondering… (3s · ↓ 120 tokens · esc to interrupt)` while a turn runs, plus the prompts
// queued behind it. The glyph moves on twice a second; the seconds and the token count once a
// second, together (one run of cells to rewrite), rather than following every streamed delta: a
// line that changed with each frame of text would be rewritten with it, at the API's pace a
// good part of the bytes the text itself takes. While text streams it moves on in a frame the
// text draws anyway; its own timer covers the quiet spells (a tool running, the wait for the
// first token). In the REPL the line is a live slot the writer draws on its own
// (terminal/liveSlots.ts), so a tick costs no render of Ink's tree, and while text streams the
// glyph moves only with the seconds.
import { Box, Text } from 'ink';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ReplStore } from '../../state/store.js';
import { SPINNER_FRAMES, spinnerText } from '../format/spinnerLine.js';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';
import { gutteredRows } from '../format/answerRows.js';
import { ansi } from '../markdown/ansi.js';
import { liveWriter } from '../terminal/inkLog.js';
import { SLOT_MARKERS } from '../terminal/liveSlots.js';
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

type SpinnerProps = { verb: string; startedAt: number; now: () => number; tickMs: number };

export function SpinnerLine({ now = Date.now, tickMs = TICK_MS }: { now?: () => number; tickMs?: number }) {
  const verb = useRepl((state) => state.spinner?.verb);
  const startedAt = useRepl((state) => state.spinner?.startedAt);
  const queued = useRepl((state) => state.queuedPrompts);
  if (verb === undefined || startedAt === undefined) return null;
  const writer = liveWriter();
  const props = { verb, startedAt, now, tickMs };
  return (
    <Box flexDirection="column" marginTop={1}>
      {writer ? <SlottedSpinner key={startedAt} writer={writer} {...props} /> : <DrawnSpinner {...props} />}
      {queued.map((prompt, index) => (
        <Text key={index} dimColor>
          {'  ↳ queued: '}
          {prompt.split('\n')[0]}
        </Text>
      ))}
    </Box>
  );
}

function glyph(shown: Shown): string {
  return SPINNER_FRAMES[shown.tick % SPINNER_FRAMES.length] ?? '';
}

type Writer = NonNullable<ReturnType<typeof liveWriter>>;

/** The writer draws the line where the marker stands, each time it draws and at every tick. */
function SlottedSpinner({ writer, ...props }: SpinnerProps & { writer: Writer }) {
  const store = useReplStoreApi();
  // Filled while rendering, so the first frame Ink draws with the marker has the line in it.
  const [slot] = useState(() => spinnerSlot(writer, store, props));
  useLayoutEffect(() => slot.start(), [slot]);
  return <Text>{SLOT_MARKERS.spinner}</Text>;
}

function spinnerSlot(writer: Writer, store: ReplStore, { verb, startedAt, now, tickMs }: SpinnerProps) {
  let shown: Shown | undefined;
  let drawnAt = now();
  let ticking = false;
  const rows = (columns: number): string[] => {
    drawnAt = now();
    const next = shownAt(store, shown, startedAt, drawnAt, tickMs);
    // In a frame drawn for something else (streamed text, which shows progress by itself) the
    // glyph moves on only with the seconds, in the same run of cells.
    if (ticking || shown === undefined || next.elapsedMs !== shown.elapsedMs) shown = next;
    // As <Guttered> lays the line out beside its glyph.
    return gutteredRows(glyph(shown), [spinnerText(verb, shown.elapsedMs, shown.outputTokens)], columns).map(ansi.cyan);
  };
  writer.setSlot('spinner', rows);
  return {
    start(): () => void {
      // Again: a spinner before this one (another turn) let go of the slot as it went.
      writer.setSlot('spinner', rows);
      // The timer draws only in quiet spells; its own draws come a tick apart give or take its
      // lateness, hence the margin.
      const timer = setInterval(() => {
        if (now() - drawnAt < tickMs * 0.8) return;
        ticking = true;
        writer.refresh();
        ticking = false;
      }, tickMs);
      return () => {
        clearInterval(timer);
        writer.setSlot('spinner', undefined);
      };
    },
  };
}

function DrawnSpinner({ verb, startedAt, now, tickMs }: SpinnerProps) {
  const store = useReplStoreApi();
  const [shown, setShown] = useState<Shown | undefined>(undefined);

  useEffect(() => {
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

  const current = shown?.startedAt === startedAt ? shown : shownAt(store, undefined, startedAt, now(), tickMs);
  return <Guttered mark={glyph(current)} markColor="cyan" color="cyan" lines={[spinnerText(verb, current.elapsedMs, current.outputTokens)]} />;
}
