// A permission dialog taller than the terminal, read back from a real emulator: the body (a long
// heredoc, a long diff) is windowed so the title, every choice with the highlighted one marked and
// the hint stay on screen — Enter must never approve a choice the person cannot see — and the
// answer leaves the tool line and its result once.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { openRepl, submit, TURN_END, type Scenario } from './scenario.js';

const SIZES = [
  [25, 11],
  [47, 11],
  [89, 20],
  [120, 40],
] as const;

const HEREDOC = `cat > notes.txt <<'EOF'\n${Array.from({ length: 30 }, (_, index) => `note line ${index + 1}`).join('\n')}\nEOF\necho wrote-notes`;
const ORIGINAL = Array.from({ length: 40 }, (_, index) => `const value${index + 1} = ${index + 1};`);

type Case = {
  name: string;
  turns: MockTurn[];
  prepare?: (scenario: Scenario) => Promise<void>;
  toolLine: RegExp;
  result: RegExp;
  /** The choices in order, the first highlighted (a heredoc gets no rule to keep, so no "don't ask again"). */
  choices: RegExp[];
};

const CASES: Case[] = [
  {
    name: 'a 30-line heredoc',
    turns: [{ content: [{ type: 'tool_use', name: 'Bash', input: { command: HEREDOC } }] }],
    toolLine: /^● Bash\(cat > notes/,
    result: /⎿\s+wrote-notes/,
    choices: [/│ ❯ 1\. Yes/, /│ {3}2\. No/],
  },
  {
    name: 'a 30-line Edit',
    turns: [
      { content: [{ type: 'tool_use', name: 'Read', input: { file_path: 'values.ts' } }] },
      {
        content: [
          {
            type: 'tool_use',
            name: 'Edit',
            input: { file_path: 'values.ts', old_string: ORIGINAL.slice(4, 34).join('\n'), new_string: ORIGINAL.slice(4, 34).map((line) => line.replace('const', 'let')).join('\n') },
          },
        ],
      },
    ],
    prepare: ({ world }) => writeFile(join(world.repo, 'values.ts'), `${ORIGINAL.join('\n')}\n`),
    toolLine: /^● (?:Update|Edit)\(values\.ts\)/,
    result: /⎿\s+Updated values\.ts/,
    choices: [/│ ❯ 1\. Yes/, /│ {3}2\. Yes, (?:and|always)/, /│ {3}3\. No/],
  },
];

function dialogShown(screen: readonly string[]): boolean {
  return screen.some((line) => /│ Allow /.test(line)) && screen.some((line) => /│ enter to confirm/.test(line));
}

describe.each(SIZES)('a permission dialog taller than %i×%i', (cols, rows) => {
  it.each(CASES)('keeps the title, every choice and the hint on screen for $name', async ({ turns, prepare, toolLine, result, choices: expected }) => {
    const scenario = await openRepl([...turns, { content: [{ type: 'text', text: 'All done.' }] }], cols, rows);
    const { session, mock } = scenario;
    await prepare?.(scenario);
    await submit(session, 'do it');
    await session.waitFor((s) => dialogShown(s.screen()), 'the dialog with its title and hint');

    const screen = session.screen();
    const top = screen.findIndex((line) => line.startsWith('╭'));
    const title = screen.findIndex((line) => /│ Allow /.test(line));
    expect(top, `the dialog's top border on screen\n${screen.join('\n')}`).toBeGreaterThanOrEqual(0);
    expect(title).toBe(top + 1);
    const choices = expected.map((choice) => screen.findIndex((line) => choice.test(line)));
    expect(choices.every((row) => row > title), `every choice below the title\n${screen.join('\n')}`).toBe(true);
    expect(choices).toEqual([...choices].sort((a, b) => a - b));
    expect(screen.findIndex((line) => /│ enter to confirm/.test(line))).toBeGreaterThan(choices.at(-1) ?? Infinity);
    expect(screen.some((line) => /more lines/.test(line)), 'the body says how much it leaves out').toBe(true);
    expect(screen.every((line) => line.length <= cols)).toBe(true);

    session.write('\u001B[B');
    await session.waitFor((s) => s.screen().some((line) => /│ ❯ 2\. /.test(line)), 'the highlight on choice 2');
    expect(dialogShown(session.screen())).toBe(true);
    session.write('\u001B[A');
    await session.waitFor((s) => s.screen().some((line) => /│ ❯ 1\. Yes/.test(line)), 'the highlight back on choice 1');
    session.write('\r');
    await session.waitForText(TURN_END);

    const lines = session.lines();
    expect(lines.filter((line) => toolLine.test(line)), 'the tool line').toHaveLength(1);
    expect(lines.filter((line) => result.test(line)), 'its result').toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Allow |enter to confirm|waiting for/);
    expect(mock.requests).toHaveLength(turns.length + 1);
  });
});
