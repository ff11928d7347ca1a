// Wrapped lines keep their indent at narrow widths, read back from a real terminal: the banner's
// model and folder wrap beside their labels, a dialog's long choice wraps under its own text (not
// under its number), the live "● Bash(…) running…" line and the spinner wrap beside their mark,
// a picker's "In use:" wraps beside its label, and no wrapped row starts with the space it broke
// at. 31 columns is the narrowest a phone terminal opens; 40 and 60 are split panes.
import { describe, expect, it } from 'vitest';
import { startMockAnthropic } from '../support/mockAnthropic.js';
import { createWorld } from '../support/runPulse.js';
import { between, boxAt, expectHanging, expectNoStraySpace, waitForSettled } from './boxes.js';
import { expectNoTerminalWraps, openRepl, submit } from './scenario.js';
import { startScreen } from './terminal.js';

const WIDTHS = [31, 40, 60];
const LONG_MODEL = 'gateway-model-with-a-rather-long-identifier-for-wrapping';
const LONG_FILE = 'a-file-with-a-rather-long-name-that-wraps-around-even-wide-panes';

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
