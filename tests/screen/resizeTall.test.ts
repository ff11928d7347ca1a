// Resizes the terminal reflows into more rows than the screen holds: a streaming paragraph taller
// than the screen once narrowed, widened back, a drag of quick resizes, a resize under the
// permission dialog or the / menu, and at an idle prompt under a long history. Rows the terminal
// pushed into its scrollback cannot be reached again, so nothing may be left there half drawn:
// every line of the conversation once, and what Pulse draws afresh equals a fresh render.
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, FOOTER, gate, openRepl, region, resizeAndRedraw, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const CODE_WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike'];
/** One paragraph of numbered words (a copy of any part of it shows as a repeated number). */
const PARAGRAPH = Array.from({ length: 260 }, (_, index) => `${CODE_WORDS[index % CODE_WORDS.length]}${index}`).join(' ');
const ANSWER = `First short paragraph.\n\n${PARAGRAPH}\n\nLast line.\n`;
const CHUNK = 8;
const PROMPT = 'tell me';

/** Mock events before the answer's first `chars` characters have all been sent. */
const eventsBefore = (chars: number): number => 2 + Math.ceil(chars / CHUNK);
/** Where the paragraph is held: far enough in to be taller than a 10-row screen at 80 columns. */
const HOLD_AT = ANSWER.indexOf('kilo127');

/**
 * Waits until the spinner counts the answer's first `chars` characters (a short screen, once
 * narrowed, has no room left for the answer's rows under its prompt box and hint).
 */
async function waitUntilSent(session: ScreenSession, chars: number): Promise<void> {
  // The spinner counts a token per four characters of each delta, rounded up.
  const tokens = Math.ceil(chars / CHUNK) * Math.ceil(CHUNK / 4);
  const counted = (s: ScreenSession): number => Number(/↓ (\d+)/.exec(s.screen().join(' '))?.[1] ?? 0);
  await session.waitFor((s) => counted(s) >= tokens, `${tokens} tokens counted`);
}

/** The conversation's words from the prompt to the turn's summary, however they were wrapped. */
function spoken(session: ScreenSession, prompt = PROMPT): string {
  return region(session.lines(), `> ${prompt}`, TURN_END).join(' ').replace(/[●\s]+/g, ' ').trim();
}

const SPOKEN = `> ${PROMPT} First short paragraph. ${PARAGRAPH} Last line.`;

/** Under the conversation: the turn's summary, one prompt box and one hint line. */
function expectOneFrame(session: ScreenSession): void {
  const lines = session.lines();
  expect(lines.filter((line) => TURN_END.test(line)), 'turn summaries').toHaveLength(1);
  expect(lines.filter((line) => FOOTER.test(line)), 'hint lines').toHaveLength(1);
  expect(lines.filter((line) => EMPTY_PROMPT.test(line)), 'prompt input rows').toHaveLength(1);
}

/** The screen from its last drawn row up, with the turn's duration made constant. */
function settled(session: ScreenSession): string[] {
  const rows = session.screen().map((row) => row.replace(/Worked for \d+s/, 'Worked for Ns'));
  while (rows.at(-1) === '') rows.pop();
  return rows;
}

/** A session at `cols` × `rows` that received the same answer whole, for "a fresh render". */
async function freshRender(cols: number, rows: number): Promise<ScreenSession> {
  const { session } = await openRepl([{ content: [{ type: 'text', text: ANSWER }], chunkSize: ANSWER.length }], cols, rows);
  await submit(session, PROMPT);
  await session.waitForText(TURN_END);
  return session;
}

/** The answer from the prompt on, and the screen's rows under the prompt, equal those of `fresh`. */
function expectFreshRender(session: ScreenSession, fresh: ScreenSession): void {
  expect(region(session.lines(), `> ${PROMPT}`, TURN_END)).toEqual(region(fresh.lines(), `> ${PROMPT}`, TURN_END));
  const [drawn, expected] = [settled(session), settled(fresh)];
  const promptRow = (rows: string[]): number => rows.findIndex((row) => row.startsWith(`> ${PROMPT}`));
  const shown = Math.min(drawn.length - Math.max(0, promptRow(drawn)), expected.length - Math.max(0, promptRow(expected)));
  expect(drawn.slice(-shown)).toEqual(expected.slice(-shown));
}

/** A REPL streaming the answer, held at each of `holdsAt` (characters into the answer). */
async function streaming(cols: number, rows: number, holdsAt: number[]) {
  const gates = holdsAt.map(() => gate());
  const { session } = await openRepl(
    [{ content: [{ type: 'text', text: ANSWER }], chunkSize: CHUNK, holds: holdsAt.map((at, index) => ({ afterEvents: eventsBefore(at), until: gates[index]!.until })) }],
    cols,
    rows,
  );
  await submit(session, PROMPT);
  return { session, gates };
}

describe.each([10, 20, 50])('on a screen %i rows high', (rows) => {
  it('keeps every line once when a streaming paragraph is narrowed below its height', async () => {
    const { session, gates } = await streaming(80, rows, [HOLD_AT]);
    await session.waitForText(/kilo127|juliet126/);
    await resizeAndRedraw(session, 30);
    gates[0]!.open();
    await session.waitForText(TURN_END);
    expect(spoken(session)).toBe(SPOKEN);
    expectOneFrame(session);
    expectFreshRender(session, await freshRender(30, rows));
  });

  it('keeps every line once when narrowed and widened back mid-paragraph', async () => {
    const later = ANSWER.indexOf('kilo179');
    const { session, gates } = await streaming(80, rows, [HOLD_AT, later]);
    await session.waitForText(/kilo127|juliet126/);
    await resizeAndRedraw(session, 30);
    gates[0]!.open();
    await waitUntilSent(session, later);
    await resizeAndRedraw(session, 110);
    gates[1]!.open();
    await session.waitForText(TURN_END);
    expect(spoken(session)).toBe(SPOKEN);
    expectOneFrame(session);
    expectFreshRender(session, await freshRender(110, rows));
  });

  it('keeps every line once through a drag of quick resizes', async () => {
    const { session, gates } = await streaming(100, rows, [HOLD_AT]);
    await session.waitForText(/kilo127|juliet126/);
    // Each resize waits only for the emulator, not for Pulse: Pulse sees them in a burst.
    for (const cols of [92, 81, 70, 58, 47]) await session.resize(cols);
    await resizeAndRedraw(session, 36);
    gates[0]!.open();
    await session.waitForText(TURN_END);
    expect(spoken(session)).toBe(SPOKEN);
    expectOneFrame(session);
    expectFreshRender(session, await freshRender(36, rows));
  });
});
