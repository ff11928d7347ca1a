// Resizes while something other than an answer fills the live area: the permission dialog, the
// / menu, an idle prompt under a long history. The terminal pushes what no longer fits into its
// scrollback; nothing may stay there half drawn, and what Pulse draws afresh equals a fresh render.
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { EMPTY_PROMPT, FOOTER, openRepl, resizeAndRedraw, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const TOOL_TURNS: MockTurn[] = [
  { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'touch made.txt && echo resized-approval' } }] },
  { content: [{ type: 'text', text: 'It ran.' }] },
];

/**
 * The live area's rows on screen: from the last row matching `top` down, or, when the area is
 * taller than the screen (a short one), every row under the top one, which the writer leaves
 * above a frame it had to cut.
 */
function frameOnScreen(session: ScreenSession, top: RegExp): string[] {
  const rows = session.screen();
  while (rows.at(-1) === '') rows.pop();
  const start = rows.findLastIndex((row) => top.test(row));
  return rows.slice(start >= 0 ? start : rows.length - (session.screen().length - 1));
}

/**
 * Waits until the live area is drawn as a fresh session at the same size draws it. The fresh
 * session's frame is read again at every check: a frame reaches the emulator in more than one
 * chunk, so a copy taken once could be a half-drawn one.
 */
async function drawnAsFresh(session: ScreenSession, fresh: ScreenSession, top: RegExp): Promise<void> {
  let expected: string[] = [];
  try {
    await session.waitFor((s) => {
      expected = frameOnScreen(fresh, top);
      return frameOnScreen(s, top).join('\n') === expected.join('\n');
    }, 'the live area drawn as a fresh one');
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- the fresh session's live area\n${expected.join('\n')}`);
  }
}

/** A row of the / menu: a command's name, then its description in a column of its own. */
const MENU_ROW = /^ \/[a-z][\w-]*…?\s{2,}\S/;

function count(session: ScreenSession, pattern: RegExp): number {
  return session.lines().filter((line) => pattern.test(line)).length;
}

describe.each([12, 30])('on a screen %i rows high', (rows) => {
  it('redraws the permission dialog at the new width and leaves the tool line and result once', async () => {
    const { session } = await openRepl(TOOL_TURNS, 100, rows);
    await submit(session, 'run it');
    await session.waitForText('Yes');
    const fresh = (await openRepl(TOOL_TURNS, 40, rows)).session;
    await submit(fresh, 'run it');
    await fresh.waitForText('Yes');
    await session.resize(40);
    await drawnAsFresh(session, fresh, /^╭/);

    session.write('\r');
    await session.waitForText(TURN_END);
    expect(count(session, /^● Bash\(touch made\.txt/)).toBe(1);
    expect(count(session, /⎿\s+resized-approval/)).toBe(1);
    expect(session.lines().join('\n')).not.toMatch(/Do you want|Yes, and|waiting for|running…/i);
    expect(count(session, FOOTER)).toBe(1);
    expect(count(session, EMPTY_PROMPT)).toBe(1);
  });

  it('redraws the / menu at the new width and leaves nothing once it closes', async () => {
    const { session } = await openRepl([], 100, rows);
    session.write('/');
    await session.waitForText(MENU_ROW);
    const fresh = (await openRepl([], 40, rows)).session;
    fresh.write('/');
    await fresh.waitForText(MENU_ROW);
    await session.resize(40);
    await drawnAsFresh(session, fresh, /^╭/);

    session.write('\u007F');
    await session.waitFor((s) => !s.lines().some((line) => MENU_ROW.test(line)), 'the menu to be gone from screen and scrollback');
    expect(count(session, FOOTER)).toBe(1);
    expect(count(session, EMPTY_PROMPT)).toBe(1);
    expect(count(session, /^╭/)).toBe(2);
  });
});

/** Three answers of several long paragraphs each: more history than any of the screens holds. */
const HISTORY = [1, 2, 3].map((turn) => ({
  prompt: `question ${turn}`,
  answer: [1, 2, 3].map((part) => `Answer ${turn}.${part} goes on for a while about rows, columns and the scrollback, so that it wraps at least twice on a narrow terminal and once on a wide one.`).join('\n\n'),
}));

describe.each([10, 20, 50])('an idle prompt under a long history, %i rows high', (rows) => {
  it('keeps every line once narrowed and widened back, the prompt box as a fresh one', async () => {
    const { session } = await openRepl(HISTORY.map(({ answer }) => ({ content: [{ type: 'text', text: answer }], chunkSize: 16 })), 80, rows);
    for (const { prompt } of HISTORY) {
      await submit(session, prompt);
      await session.waitFor((s) => count(s, TURN_END) === HISTORY.findIndex((turn) => turn.prompt === prompt) + 1, `the answer to ${prompt}`);
      await session.waitForText(EMPTY_PROMPT);
    }
    const expectEachOnce = (when: string): void => {
      const text = session.lines().join(' ').replace(/\s+/g, ' ');
      for (const { prompt, answer } of HISTORY) {
        expect(text.split(`> ${prompt} `).length - 1, `"${prompt}" ${when}`).toBe(1);
        for (const paragraph of answer.split('\n\n')) expect(text.split(paragraph).length - 1, `${paragraph.slice(0, 12)} ${when}`).toBe(1);
      }
      expect(count(session, FOOTER), `hint lines ${when}`).toBe(1);
      expect(count(session, EMPTY_PROMPT), `prompt input rows ${when}`).toBe(1);
    };
    expectEachOnce('before the resize');
    const fresh = (await openRepl([], 30, rows)).session;
    await resizeAndRedraw(session, 30);
    expectEachOnce('narrowed');
    await drawnAsFresh(session, fresh, /^╭/);
    await resizeAndRedraw(session, 100);
    expectEachOnce('widened back');
  });
});
