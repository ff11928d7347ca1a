// What a resize costs the shell's output above Pulse (the commands run in the terminal before it).
// Where the rewrapped live area is still on screen, Pulse climbs to its top, erases it and draws
// it again: the scrollback is left as it was. Only when the rewrap pushed the live area's top
// into the scrollback, out of any cursor move's reach, does Pulse clear the screen and the
// scrollback and print the conversation again. No terminal can erase part of its scrollback, so
// the choice there is between that and leaving a half-erased copy of the frame in it (which the
// reference, 2.1.332 in its classic renderer, does).
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, gate, openRepl, resizeAndRedraw, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const SHELL_LINES = 30;
const SHELL = Array.from({ length: SHELL_LINES }, (_, index) => `$ shell line ${index}\r\n`).join('');

/** How many of the shell's lines are still in the screen and scrollback, and whether any shows twice. */
function shellLines(session: ScreenSession): { kept: number; twice: number } {
  const seen = session.lines().filter((line) => /^\$ shell line \d+$/.test(line));
  return { kept: new Set(seen).size, twice: seen.length - new Set(seen).size };
}

const count = (session: ScreenSession, text: string): number => session.lines().filter((line) => line.includes(text)).length;

describe('the shell output above Pulse through a resize', () => {
  it('is kept at an idle prompt under a short conversation', async () => {
    const { session } = await openRepl([{ content: [{ type: 'text', text: 'First answer, short.' }] }], 100, 24, [], SHELL);
    await submit(session, 'hello');
    await session.waitForText(TURN_END);
    for (const cols of [60, 120, 100]) await resizeAndRedraw(session, cols);
    expect(shellLines(session)).toEqual({ kept: SHELL_LINES, twice: 0 });
    expect(count(session, 'First answer, short.')).toBe(1);
  });

  it('is kept through a resize while a few rows of an answer stream', async () => {
    const hold = gate();
    const text = 'A short first paragraph.\n\nA second one that is still streaming when the window is resized, long enough to wrap.\n';
    const { session } = await openRepl([{ content: [{ type: 'text', text }], chunkSize: 8, holds: [{ afterEvents: 10, until: hold.until }] }], 100, 24, [], SHELL);
    await submit(session, 'hello');
    await session.waitForText('A short first paragraph.');
    await resizeAndRedraw(session, 50);
    await resizeAndRedraw(session, 110);
    hold.open();
    await session.waitForText(TURN_END);
    expect(shellLines(session)).toEqual({ kept: SHELL_LINES, twice: 0 });
    expect(count(session, 'A short first paragraph.')).toBe(1);
    expect(session.lines().filter((line) => EMPTY_PROMPT.test(line))).toHaveLength(1);
  });

  it('is cleared when a tall live paragraph rewraps past the top of a short screen (the trade-off)', async () => {
    const hold = gate();
    const paragraph = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');
    const { session } = await openRepl(
      [{ content: [{ type: 'text', text: `${paragraph}\n` }], chunkSize: 8, holds: [{ afterEvents: 100, until: hold.until }] }],
      100,
      12,
      [],
      SHELL,
    );
    await submit(session, 'hello');
    await session.waitForText(/w1[0-9]\d/);
    await resizeAndRedraw(session, 40);
    hold.open();
    await session.waitForText(TURN_END);
    expect(shellLines(session)).toEqual({ kept: 0, twice: 0 });
    expect(count(session, '> hello')).toBe(1);
  });
});
