// Widths and heights the other screen tests do not use, as a reviewer's own terminal would have
// them: narrow windows where a styled word meets the edge or a diff line is longer than the row,
// and short ones where the `/` menu is taller than the screen.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    // The menu takes the hint line's place, as in the reference (whose `/` list replaces its footer).
    expect(opened.filter((line) => FOOTER.test(line))).toHaveLength(0);

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

describe.each([
  [20, 8],
  [33, 8],
  [25, 6],
  [47, 6],
] as const)('the / menu at the tiny %i×%i', (cols, rows) => {
  it('keeps the whole prompt box on screen, fits its window, and Esc closes it leaving the draft', async () => {
    const { session } = await openRepl([], cols, rows);
    const before = session.lines();
    session.write('/');
    await session.waitForText(/↓ \d+ more/);
    const opened = session.screen();
    const top = opened.findIndex((line) => line.startsWith('╭'));
    expect(top, "the prompt box's top border").toBeGreaterThanOrEqual(0);
    expect(opened[top + 1]).toMatch(/^│ > \/\s+│$/);
    expect(opened[top + 2]).toMatch(/^╰─+╯$/);
    expect(opened[top + 3], 'the first entry, highlighted, right under the prompt').toMatch(/^ \/help\b/);
    expect(opened.findLastIndex((line) => /^ ↓ \d+ more/.test(line)), 'the more line, last on screen').toBe(opened.findLastIndex((line) => line !== ''));
    expectNoTerminalWraps(session);

    session.write('\u001B');
    await session.waitFor((s) => !s.screen().some((line) => /\/help|more/.test(line)), 'the menu to close');
    await session.waitForText(FOOTER);
    // With the scrollback: a row the open menu scrolled up stays above, the screen ends in a blank.
    expect(session.lines(), 'the screen as before, with the draft kept').toEqual(before.map((line) => (EMPTY_PROMPT.test(line) ? line.replace('>  ', '> /') : line)));
    // The menu stays closed until the draft changes; typing opens it on the new draft.
    session.write('h');
    await session.waitForText(/^ \/help\b/);
    expectNoTerminalWraps(session);
  });
});

describe.each([
  [25, 6],
  [20, 8],
] as const)('the permission modes at the tiny %i×%i', (cols, rows) => {
  it('keep the whole prompt box on screen, the mode line cut to the rows left', async () => {
    const { session } = await openRepl([], cols, rows);
    for (const mode of [/^ ⏵⏵ edits/, /^ ⏸ plan/, FOOTER]) {
      session.write('\u001B[Z');
      await session.waitForText(mode);
      const screen = session.screen();
      const top = screen.findIndex((line) => line.startsWith('╭'));
      expect(top, `the prompt box's top border, ${String(mode)}`).toBeGreaterThanOrEqual(0);
      expect(screen.slice(top + 1, top + 3), String(mode)).toEqual([expect.stringMatching(EMPTY_PROMPT), expect.stringMatching(/^╰─+╯$/)]);
      expect(screen[top + 3], 'the mode line right under the box').toMatch(mode);
      expectNoTerminalWraps(session);
    }
  });
});

const LONG_LINE = `const message = "${'a long string literal without any breaks '.repeat(3).trim()}";`;

describe.each([33, 57] as const)('an edit and a write at %i columns', (cols) => {
  it('draw tabs as spaces and wrap long lines under their text, inside the terminal', async () => {
    const { session, world } = await openRepl(
      [
        { content: [{ type: 'tool_use', name: 'Read', input: { file_path: 'src.ts' } }] },
        { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: 'src.ts', old_string: 'return 1;', new_string: `return 2;\n\t// 東京 🚀 ${LONG_LINE}` } }] },
        { content: [{ type: 'tool_use', name: 'Write', input: { file_path: 'new.ts', content: `line one\n\tindented ${LONG_LINE}\n` } }] },
        { content: [{ type: 'text', text: 'Edited and wrote.' }] },
      ],
      cols,
    );
    await writeFile(join(world.repo, 'src.ts'), `function f() {\n  return 1;\n}\n${LONG_LINE}\n`);
    await submit(session, 'edit it');
    for (const tool of ['Edit', 'Write']) {
      await session.waitForText(new RegExp(`for ${tool} this session`));
      session.write('\r');
    }
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');

    expectNoTerminalWraps(session);
    const shown = region(session.lines(), '> edit it', TURN_END);
    expect(shown.filter((line) => /[│╮╯╰╭]|interr/.test(line)), 'fragments of the dialog or the hint left in rows').toEqual([]);
    const diff = shown.filter((line) => /^ {5}\S/.test(line) && !/⎿/.test(line) && !/^ {5}\d+ [ +-] /.test(line));
    expect(diff.filter((line) => !/^ {5}(?:additions|removal)/.test(line)), 'diff rows neither numbered nor under the text').toEqual([]);
    expect(shown.some((line) => /^ {5}\d \+ {5}\/\/ 東京 🚀/.test(line)), 'the tab drawn as four spaces').toBe(true);
  });
});

describe.each([20, 41] as const)('thinking expanded at %i columns', (cols) => {
  it('wraps inside the terminal with its tabs drawn as spaces', async () => {
    const thinking = 'Weigh the layouts\tfirst, then the tests\tbeside them, before answering about the tree. '.repeat(3).trim();
    const { session } = await openRepl([{ content: [{ type: 'thinking', thinking, signature: 'sig-odd' }, { type: 'text', text: 'Layout answered.' }] }], cols);
    await submit(session, 'think');
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    session.write('\u000F');
    // Ctrl+O prints the thought in full under the turn, in one go.
    await session.waitFor((s) => s.lines().some((line) => line.startsWith('∴ Thinking')), 'the thought printed in full');
    expectNoTerminalWraps(session);
    const shown = region(session.lines(), '∴ Thinking', /^╭/).slice(1).join(' ');
    expect(shown.replace(/\s+/g, ' ').trim()).toBe(thinking.replace(/\s+/g, ' '));
  });
});
