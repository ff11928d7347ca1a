// Widths and heights the other screen tests do not use, as a reviewer's own terminal would have
// them: narrow windows where a styled word meets the edge, and short ones where the `/` menu is
// taller than the screen.
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMPT, expectNoTerminalWraps, FOOTER, openRepl, region, submit, TURN_END } from './scenario.js';

// Styled words of every length, each followed by punctuation, so at any width some of them end
// at the edge of a row.
const NAMES = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg', 'hhhhhhhh', 'iiiiiiiii', 'jjjjjjjjjj'];
const PARAGRAPH = `Options ${NAMES.map((name, index) => (index % 2 === 0 ? `\`${name}\`,` : `**${name}**.`)).join(' ')} and (\`last\`); done.`;
const PROMPT = 'options';

describe.each([20, 33, 73] as const)('styled words at %i columns', (cols) => {
  it('break only where a space was, never before the punctuation after them', async () => {
    const { session } = await openRepl([{ content: [{ type: 'text', text: PARAGRAPH }], chunkSize: 4, chunkDelayMs: 2 }], cols);
    await submit(session, PROMPT);
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    const answer = region(session.lines(), `> ${PROMPT}`, TURN_END).slice(1);
    expect(answer.filter((line) => /^[●\s]*[,.;:)]/.test(line)), 'rows starting with punctuation').toEqual([]);
    const words = answer.flatMap((line) => line.replace(/^●/, '').split(/\s+/)).filter(Boolean);
    const expected = PARAGRAPH.replace(/\*\*|`/g, '').split(' ');
    expect(words).toEqual(expected);
    expectNoTerminalWraps(session);
  });
});

describe.each([
  [33, 8],
  [73, 12],
  [101, 15],
] as const)('the / menu at %i×%i', (cols, rows) => {
  it('keeps the prompt and the highlighted entry on screen, says what is above and below, and closes cleanly', async () => {
    const { session } = await openRepl([], cols, rows);
    const before = session.lines();
    session.write('/');
    await session.waitForText(/↓ \d+ more/);
    const opened = session.screen();
    expect(opened.filter((line) => /^│ > \/\s+│$/.test(line)), 'the prompt row').toHaveLength(1);
    const bottom = opened.findLastIndex((line) => line.startsWith('╰'));
    expect(opened[bottom + 1], 'the first entry, highlighted, right under the prompt').toMatch(/^ \/help\b/);
    expect(opened.filter((line) => FOOTER.test(line))).toHaveLength(1);

    // Down past the window: it follows the highlight and says how many entries lie above.
    session.write('\u001B[B'.repeat(12));
    await session.waitForText(/↑ \d+ more/);
    const moved = session.screen();
    expect(moved.filter((line) => /^│ > \/\s+│$/.test(line)), 'the prompt row after moving').toHaveLength(1);
    expect(moved.some((line) => /^ \/help\b/.test(line))).toBe(false);

    session.write('\u007F');
    await session.waitForText(EMPTY_PROMPT);
    await session.waitFor((s) => s.lines().join('\n') === before.join('\n'), 'the screen to be as before');
  });
});
