// Finished lines are printed once and then left alone, whatever redraws the live area below them:
// the spinner's ticks and typing while the answer is held mid-way, a resize, the / menu, Shift+Tab.
// (The build keeps the last printed batch mounted until the next one replaces it, and must never
// print it again.)
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, gate, openRepl, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const FIRST = ['Ember line one stays put.', '', 'Ember line two stays put.', '', '- ember item three', '- ember item four', ''];
const REST = ['', 'Ember line five after the pause.', '', '```sh', 'echo ember six', '```', '', 'Ember line seven closes it.'];
const FINISHED = ['Ember line one stays put.', 'Ember line two stays put.', 'ember item three', 'ember item four', 'Ember line five after the pause.', 'echo ember six', 'Ember line seven closes it.'];

function expectEachOnce(session: ScreenSession, expected: readonly string[], when: string): void {
  const lines = session.lines();
  const counts = expected.map((text) => [text, lines.filter((line) => line.includes(text)).length]);
  expect(counts, `lines printed once ${when}`).toEqual(expected.map((text) => [text, 1]));
}

describe.each([40, 100] as const)('printed lines at %i columns', (cols) => {
  it('are printed once whatever redraws the live area after them', async () => {
    const held = gate();
    const first = FIRST.join('\n');
    const text = first + REST.join('\n');
    // 8-character deltas, so the events before the hold are the first part's text plus the
    // message and block starts.
    const { session } = await openRepl([{ content: [{ type: 'text', text }], chunkSize: 8, holds: [{ afterEvents: 2 + Math.ceil(first.length / 8), until: held.until }] }], cols);
    await submit(session, 'tell me about embers');
    await session.waitForText('ember item four');
    const printed = FINISHED.slice(0, 4);

    // Held: the spinner moves on (a render each time) and typed keys redraw the prompt box.
    await session.waitForText(/… \([1-9]\d*s/, 10_000);
    session.write('queued words');
    await session.waitForText('queued words');
    expectEachOnce(session, printed, 'while the answer is held');
    await session.resize(cols + 20);
    await session.waitFor((s) => s.cols() === cols + 20, 'the resize');
    expectEachOnce(session, printed, 'after a resize mid-answer');
    session.write('\u0015');
    await session.waitForText(EMPTY_PROMPT);

    held.open();
    await session.waitForText(TURN_END);
    expectEachOnce(session, FINISHED, 'when the turn ends');

    session.write('/');
    await session.waitForText('/help');
    session.write('\u007F');
    await session.waitFor((s) => !s.screen().some((line) => line.includes('/help')), 'the menu to close');
    session.write('\u001B[Z');
    await session.waitForText('edits accepted');
    expectEachOnce(session, FINISHED, 'after the / menu and Shift+Tab');
  });
});
