// Wrapped lines keep their indent at narrow widths, read back from a real terminal: the banner's
// model and folder wrap beside their labels, a dialog's long choice wraps under its own text (not
// under its number), the live "● Bash(…) running…" line and the spinner wrap beside their mark,
// a picker's "In use:" wraps beside its label, and no wrapped row starts with the space it broke
// at. 31 columns is the narrowest a phone terminal opens; 40 and 60 are split panes.
import { describe, expect, it } from 'vitest';
import { startMockAnthropic } from '../support/mockAnthropic.js';
import { createWorld } from '../support/runPulse.js';
import { expectNoTerminalWraps, openRepl, submit } from './scenario.js';
import { startScreen, type ScreenSession } from './terminal.js';

const WIDTHS = [31, 40, 60];
const LONG_MODEL = 'gateway-model-with-a-rather-long-identifier-for-wrapping';
const LONG_FILE = 'a-file-with-a-rather-long-name-that-wraps-around-even-wide-panes';

/** The rows of the box whose top border comes first at or after `from`, without the borders' columns. */
function boxAt(screen: readonly string[], from: number): string[] {
  const top = screen.findIndex((line, index) => index >= from && line.startsWith('╭'));
  const bottom = screen.findIndex((line, index) => index > top && line.startsWith('╰'));
  expect(top, 'a box on screen').toBeGreaterThanOrEqual(0);
  return screen.slice(top + 1, bottom).map((line) => line.replace(/^│ ?/, '').replace(/\s*│\s*$/, ''));
}

/** The rows from the one matching `first` up to (not including) the next one matching `next`. */
function between(rows: readonly string[], first: RegExp, next: RegExp): string[] {
  const start = rows.findIndex((row) => first.test(row));
  expect(start, `a row matching ${String(first)}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((row, index) => index > start && next.test(row));
  expect(end, `a row matching ${String(next)} after ${String(first)}`).toBeGreaterThan(start);
  return rows.slice(start, end);
}

/** Every row after the first starts with exactly `indent` spaces and then text; `wraps` says whether there must be such rows. */
function expectHanging(rows: readonly string[], indent: number, what: string, wraps = true): void {
  if (wraps) expect(rows.length, `${what} wraps at this width`).toBeGreaterThan(1);
  for (const row of rows.slice(1)) expect({ what, row }).toEqual({ what, row: expect.stringMatching(new RegExp(`^ {${indent}}\\S`)) });
}

/** No text row of a box starts with a lone space: the space a row broke at stays at the break. */
function expectNoStraySpace(rows: readonly string[]): void {
  expect(rows.filter((row) => /^ \S/.test(row))).toEqual([]);
}

async function waitForSettled(session: ScreenSession, text: RegExp): Promise<string[]> {
  await session.waitForText(text);
  // The box is drawn in one frame; read it again once the frame after it is in.
  await session.waitFor((s) => s.screen().some((line) => text.test(line)), String(text));
  return session.screen();
}

describe.each(WIDTHS)('at %i columns', (cols) => {
  it('the banner, the permission dialog, the running tool line and the effort picker keep their indents', async () => {
    const command = `sleep 30 && touch ${LONG_FILE}`;
    const { session } = await openRepl(
      [{ content: [{ type: 'tool_use', id: 'toolu_wrap', name: 'Bash', input: { command } }] }],
      cols,
      45,
      ['--model', LONG_MODEL],
    );
    const banner = boxAt(session.screen(), 0);
    expectNoStraySpace(banner);
    // `model ` and `cwd   ` are the labels; what follows wraps in the column after them.
    expectHanging(between(banner, /^model /, /^cwd /), 6, 'the model row');
    expectHanging(between(banner, /^cwd /, /^Tip: /), 6, 'the folder row', cols < 40);

    await submit(session, 'make the file');
    const dialogScreen = await waitForSettled(session, /enter to confirm/);
    const dialog = boxAt(dialogScreen, dialogScreen.findIndex((line) => line.includes('Allow')) - 1);
    expectNoStraySpace(dialog);
    // `❯ 1. ` / `  2. `: a choice's wrapped rows start under its text, five columns in.
    expectHanging(between(dialog, /^ {2}2\. Yes, and don't ask/, /^ {2}3\. No/), 5, "the don't-ask-again choice");

    session.write('\r');
    await session.waitForText(/running…/);
    const screen = session.screen();
    expectHanging(between(screen, /^● Bash\(sleep 30/, /^(\S|$)/), 2, 'the running tool line');
    expect(between(screen, /^● Bash\(sleep 30/, /^(\S|$)/).at(-1)).toMatch(/running…$/);
    expectHanging(between(screen, /^\S \S+… \(/, /^(\S|$)/), 2, 'the spinner', false);
    session.write('\u001B');
    await session.waitForText(/Interrupted|interrupted/);

    await submit(session, '/effort');
    const pickerScreen = await waitForSettled(session, /Esc keep it/);
    const picker = boxAt(pickerScreen, pickerScreen.findIndex((line) => line.includes('/effort')));
    expectNoStraySpace(picker);
    expectHanging(between(picker, /^In use: auto/, /^$/), 8, 'the In use row');
    expectNoTerminalWraps(session);
  });

  it('the trust question: its text and its choices keep their indents', async () => {
    const world = await createWorld({ trusted: false });
    const mock = await startMockAnthropic({ turns: [] });
    try {
      const session = startScreen(world, { cols, rows: 40, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
      const screen = await waitForSettled(session, /esc to exit|^│ exit/);
      const box = boxAt(screen, 0);
      expectNoStraySpace(box);
      const trust = between(box, /^ {2}2\. Yes/, /^enter to confirm/);
      expectHanging(trust, 5, 'the trust choice', cols < 40);
      expect(trust.join(' ').replace(/\s+/g, ' ').trim()).toBe('2. Yes, I trust this folder');
      expectNoTerminalWraps(session);
      session.kill();
    } finally {
      await mock.close();
      await world.cleanup();
    }
  });
});
