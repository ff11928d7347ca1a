// The part of the screen that redraws — menus, the mode hint, dialogs — read back from a real
// terminal emulator: whatever opens and closes leaves the screen as it was.
import { describe, expect, it } from 'vitest';
import { FOOTER, EMPTY_PROMPT, openRepl, submit, TURN_END } from './scenario.js';

describe.each([40, 100] as const)('the live area at %i columns', (cols) => {
  it('leaves nothing behind when the / menu is opened, filtered and closed', async () => {
    const { session } = await openRepl([], cols);
    const before = session.lines();
    session.write('/');
    await session.waitForText('/help');
    session.write('co');
    await session.waitFor((s) => !s.screen().some((line) => line.includes('/help')), 'the menu to filter');
    session.write('\u007F\u007F\u007F');
    await session.waitForText(EMPTY_PROMPT);
    await session.waitFor((s) => s.lines().join('\n') === before.join('\n'), 'the screen to be as before');
    expect(session.lines()).toEqual(before);
  });

  it('shows one mode hint after Shift+Tab cycles through every mode and back', async () => {
    const { session } = await openRepl([], cols);
    const before = session.lines();
    for (const label of ['edits accepted', 'plan mode']) {
      session.write('\u001B[Z');
      await session.waitForText(label);
    }
    session.write('\u001B[Z');
    await session.waitForText('/ for commands');
    await session.waitFor((s) => s.lines().join('\n') === before.join('\n'), 'the screen to be as before');
    expect(session.lines().filter((line) => line.includes('shift+tab to cycle'))).toHaveLength(1);
  });

  it('keeps the tool line and its result once a permission dialog is answered', async () => {
    const { session, mock } = await openRepl(
      [
        { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'touch made.txt && echo screen-truth' } }] },
        { content: [{ type: 'text', text: 'It printed.' }] },
      ],
      cols,
    );
    await submit(session, 'run it');
    await session.waitForText('Yes');
    expect(session.screen().join('\n')).toMatch(/waiting for (?:your )?approval/i);
    session.write('\r');
    await session.waitForText(TURN_END);
    const lines = session.lines();
    expect(lines.filter((line) => /^● Bash\(touch made\.txt/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /⎿\s+screen-truth/.test(line))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Do you want|Allow Bash|running…|waiting for/i);
    expect(lines.filter((line) => FOOTER.test(line))).toHaveLength(1);
    expect(mock.requests).toHaveLength(2);
  });

  it('redraws a clean screen on Ctrl+L after another program scribbled on it', async () => {
    const { session } = await openRepl([], cols);
    session.inject('\u001B[5;3Hstray output from another program\u001B[12;1Hmore stray');
    await session.waitForText('stray output');
    session.write('\u000C');
    await session.waitFor((s) => !s.screen().some((line) => line.includes('stray')), 'the scribbles to go');
    const screen = session.screen();
    expect(screen.filter((line) => FOOTER.test(line))).toHaveLength(1);
    expect(screen.filter((line) => EMPTY_PROMPT.test(line))).toHaveLength(1);
  });
});
