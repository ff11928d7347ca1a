// Set-up and checks shared by the screen-truth tests: a world and mock API per session, torn down
// after each test, and the properties every drawn transcript must have.
import { afterEach, expect } from 'vitest';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { assertBuilt, createWorld, type PulseWorld } from '../support/runPulse.js';
import { killScreens, startScreen, type ScreenSession } from './terminal.js';

export const WIDTHS = [40, 80, 100, 120] as const;

export type Scenario = { session: ScreenSession; mock: MockAnthropic; world: PulseWorld };

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  killScreens();
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A REPL at `cols` columns, at its prompt, answering from `turns`; `before` is what the shell printed first. */
export async function openRepl(turns: MockTurn[], cols: number, rows = 30, args: string[] = [], before?: string): Promise<Scenario> {
  assertBuilt();
  const world = await createWorld();
  const mock = await startMockAnthropic({ turns });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  const session = startScreen(world, {
    cols,
    rows,
    args,
    before,
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url },
  });
  await session.waitForText('/ for commands');
  // Keys sent before Ink turns raw mode on are echoed by the terminal itself. The prompt turns
  // bracketed paste on in the same round of effects as Ink's raw mode, so once that is written
  // keys reach Pulse.
  await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
  return { session, mock, world };
}

/** Types a prompt, waits until the prompt box shows it (so Ink has read it), and submits it. */
export async function submit(session: ScreenSession, prompt: string): Promise<void> {
  session.write(prompt);
  await session.waitForText(`> ${prompt.slice(0, Math.min(prompt.length, session.cols() - 8))}`);
  session.write('\r');
}

export const TURN_END = /✻ Worked for/;

/** The hint line under the prompt box. */
export const FOOTER = /^ \/ for commands/;

/** The prompt box's input row with nothing typed. */
export const EMPTY_PROMPT = /^│ >\s+│$/;

/** A promise and the function that settles it, for holding a mock stream mid-way. */
export function gate(): { until: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
}

/** The lines from the one starting with `first` up to (not including) the one matching `end`. */
export function region(lines: readonly string[], first: string, end: RegExp): string[] {
  const start = lines.findIndex((line) => line.startsWith(first));
  expect(start, `no line starts with ${JSON.stringify(first)}`).toBeGreaterThanOrEqual(0);
  const stop = lines.findIndex((line, index) => index > start && end.test(line));
  expect(stop, `nothing matches ${String(end)} after ${JSON.stringify(first)}`).toBeGreaterThan(start);
  return lines.slice(start, stop);
}

/** Nothing the REPL drew made the terminal wrap a row: every line fit the width it was drawn at. */
export function expectNoTerminalWraps(session: ScreenSession): void {
  const wrapped = session.rows().flatMap((row, index, rows) => (row.wrapped ? [`${rows[index - 1]?.text}⏎${row.text}`] : []));
  expect(wrapped, 'rows the terminal had to wrap').toEqual([]);
}

/** Each word longer than a letter appears whole on some row: no word was split across two. */
export function expectWordsWhole(session: ScreenSession, words: readonly string[]): void {
  const seen = new Set(session.rows().flatMap((row) => row.text.split(/[\s│]+/)));
  const split = words.filter((word) => word.length > 1 && !seen.has(word));
  expect(split, 'words split across rows').toEqual([]);
}

/**
 * Resizes the terminal, then waits until Pulse has drawn a box (the prompt's or a dialog's) at
 * the new width: a box row the terminal rewrapped never has both corners at that width.
 */
export async function resizeAndRedraw(session: ScreenSession, cols: number, rows?: number): Promise<void> {
  await session.resize(cols, rows);
  const top = `╭${'─'.repeat(cols - 2)}╮`;
  await session.waitFor((s) => s.screen().includes(top), `a redraw at ${cols} columns`);
}
