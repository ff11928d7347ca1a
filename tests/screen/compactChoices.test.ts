// The compact dialogs at 25 columns, read back from a real emulator: a choice used to get one row
// and be cut with …, so "Yes, and don't ask again for Edit this session" read "Yes, and don't…"
// and an option's label lost its end. Each choice now reads whole, wrapped beside its number (in
// fewer words where the dialog has them), the list windowed around the highlight on the shortest
// screens; Enter then does what the highlighted choice says.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { countedChoices, dialogRows, highlighted, settled, shownChoices } from './dialogChoices.js';
import { expectNoTerminalWraps, openRepl, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const SIZES = [
  [25, 11],
  [25, 9],
] as const;

const ORIGINAL = Array.from({ length: 12 }, (_, index) => `const value${index + 1} = ${index + 1};`);
const EDIT: MockTurn[] = [
  { content: [{ type: 'tool_use', name: 'Read', input: { file_path: 'values.ts' } }] },
  { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: 'values.ts', old_string: ORIGINAL[3], new_string: 'let value4 = 4;' } }] },
  { content: [{ type: 'text', text: 'Changed it.' }] },
];

const OPTIONS = [
  { label: 'SQLite database file', description: 'one file, queried with indexes' },
  { label: 'JSON lines per session', description: 'read whole at start-up' },
  { label: 'Memory only, nothing kept', description: 'gone when the process ends' },
];
const ASK: MockTurn[] = [
  { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: { questions: [{ question: 'Where should the index live?', header: 'Storage', options: OPTIONS, multiSelect: false }] } }] },
  { content: [{ type: 'text', text: 'Noted.' }] },
];

/** The dialog's frame: its title or question right under the border, the hint last, nothing wider than the screen. */
function expectFrame(screen: readonly string[], first: RegExp, cols: number): void {
  const rows = dialogRows(screen);
  const shown = `\n${screen.join('\n')}`;
  expect(rows[0], `the first row under the border${shown}`).toMatch(first);
  expect(rows.at(-1), `the hint last${shown}`).toMatch(/^enter to /);
  expect(screen.filter((line) => line.length > cols), `rows wider than the terminal${shown}`).toEqual([]);
}

/** Moves the highlight down to choice `number` and waits for it. */
async function highlight(session: ScreenSession, number: number): Promise<void> {
  session.write('\u001B[B');
  await session.waitFor((s) => s.screen().some((line) => line.startsWith(`│ ❯ ${number}. `)), `the highlight on choice ${number}`);
}

describe.each(SIZES)('at %i×%i', (cols, rows) => {
  it('the permission dialog: every choice reads whole, "don\'t ask again" naming its rule and how long', async () => {
    const scenario = await openRepl(EDIT, cols, rows);
    await writeFile(join(scenario.world.repo, 'values.ts'), `${ORIGINAL.join('\n')}\n`);
    const { session, mock } = scenario;
    await submit(session, 'do it');
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to confirm/.test(line)), 'the permission dialog');
    const seen = new Map<number, string>();
    for (let number = 1; number <= 3; number++) {
      if (number > 1) await highlight(session, number);
      const shown = await settled(
        session,
        (screen) => {
          expectFrame(screen, /^Allow Edit/, cols);
          expect(highlighted(screen).number).toBe(number);
          const choices = shownChoices(screen);
          expect(choices.length + countedChoices(screen), `every choice shown or counted\n${screen.join('\n')}`).toBe(3);
          for (const choice of choices) expect(choice.text, `choice ${choice.number} cut\n${screen.join('\n')}`).not.toContain('…');
          return choices;
        },
        `the dialog with choice ${number} highlighted`,
      );
      for (const choice of shown) seen.set(choice.number, choice.text);
    }
    expect(seen.get(1)).toBe('Yes');
    expect(seen.get(2)).toMatch(/^Yes\b.*\bEdit\b.*\bsession\b/);
    expect(seen.get(3)).toMatch(/^No\b/);

    // Back to "don't ask again" and confirm it: the edit runs.
    session.write('\u001B[A');
    await session.waitFor((s) => s.screen().some((line) => line.startsWith('│ ❯ 2. ')), 'the highlight back on choice 2');
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(session.lines().filter((line) => /⎿\s+Updated values\.ts/.test(line))).toHaveLength(1);
    expect(mock.requests).toHaveLength(3);
    expectNoTerminalWraps(session);
  });

  it("the question dialog: each option's label reads whole beside its number, and Enter answers the highlighted one", async () => {
    const { session, mock } = await openRepl(ASK, cols, rows);
    await submit(session, 'pick storage');
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to answer/.test(line)), 'the question dialog');
    for (let number = 1; number <= OPTIONS.length; number++) {
      if (number > 1) await highlight(session, number);
      await settled(
        session,
        (screen) => {
          expectFrame(screen, /^Where should/, cols);
          expect(highlighted(screen).number).toBe(number);
          const shown = shownChoices(screen);
          expect(shown.length + countedChoices(screen), `every option shown or counted\n${screen.join('\n')}`).toBe(OPTIONS.length + 1);
          for (const choice of shown) {
            const label = OPTIONS[choice.number - 1]?.label ?? 'Other';
            expect(choice.text.startsWith(label), `option ${choice.number} reads "${label}"\n${screen.join('\n')}`).toBe(true);
          }
        },
        `the question with option ${number} highlighted`,
      );
    }
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(JSON.stringify(mock.requests[1]?.body.messages?.at(-1))).toContain(OPTIONS[2]?.label);
    expectNoTerminalWraps(session);
  });
});
