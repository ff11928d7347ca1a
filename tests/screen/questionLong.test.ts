// AskUserQuestion with more than a short screen holds, read back from a real emulator: four
// options with long labels and descriptions in two questions (the second taking several
// answers), and an answer typed into "Other" longer than the rows left. The question stays under
// the border and the hint at the bottom; the highlighted option (Enter's target) reads whole,
// the others in a window around it; typed text shows its end, where the cursor is, instead of
// pushing the options off the screen.
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { countedChoices, dialogRows, highlighted, settled, shownChoices } from './dialogChoices.js';
import { expectNoTerminalWraps, openRepl, submit, TURN_END } from './scenario.js';
import type { ScreenSession } from './terminal.js';

const STORAGE = [
  { label: 'Keep a SQLite database beside the transcripts', description: 'one file, queried with indexes, safe under concurrent writers' },
  { label: 'Append one JSON lines file for every session', description: 'written as each session ends and read whole at start-up' },
  { label: 'Hold the index in memory for this process only', description: 'nothing is kept once the process ends, so resume lists nothing' },
  { label: 'Ask the project settings which store to use', description: 'whatever the settings file names, defaulting to SQLite' },
];
const CHECKS = [
  { label: 'Run the unit tests after every edit of the reader', description: 'slow on large repositories but catches schema drift' },
  { label: 'Type-check the whole project before each commit', description: 'the compiler run the continuous integration also does' },
  { label: 'Lint only the files the change touched', description: 'quick, and enough for style' },
  { label: 'Compare a resumed session with the live one', description: 'the screen tests already do it for the REPL' },
];
const QUESTIONS = [
  { question: 'Where should the session index be stored between runs?', header: 'Storage', options: STORAGE, multiSelect: false },
  { question: 'Which checks should run while the reader is rewritten?', header: 'Checks', options: CHECKS, multiSelect: true },
];

/** The question under the border, the highlight on `number` reading whole, the others shown or counted, the hint last. */
function expectQuestion(session: ScreenSession, question: RegExp, labels: readonly string[], number: number, cols: number): Promise<void> {
  return settled(session, (screen) => expectQuestionOn(screen, question, labels, number, cols), `option ${number} highlighted under ${String(question)}`);
}

function expectQuestionOn(screen: readonly string[], question: RegExp, labels: readonly string[], number: number, cols: number): void {
  const shown = `\n${screen.join('\n')}`;
  const rows = dialogRows(screen);
  expect(rows[0], `the question under the border${shown}`).toMatch(question);
  expect(rows.at(-1), `the hint last${shown}`).toMatch(/^enter to answer/);
  const marked = highlighted(screen);
  expect(marked.number, `the highlight${shown}`).toBe(number);
  const choices = shownChoices(screen);
  expect(choices.length + countedChoices(screen), `every option shown or counted${shown}`).toBe(labels.length + 1);
  for (const choice of choices) {
    const label = labels[choice.number - 1] ?? 'Other';
    expect(choice.text.replace(/^\[[ x]\] /, '').startsWith(label), `option ${choice.number} reads "${label}"${shown}`).toBe(true);
  }
  expect(screen.filter((line) => line.length > cols), `rows wider than the terminal${shown}`).toEqual([]);
}

async function moveTo(session: ScreenSession, number: number): Promise<void> {
  session.write('\u001B[B');
  await session.waitFor((s) => s.screen().some((line) => line.startsWith(`│ ❯ ${number}. `)), `the highlight on option ${number}`);
}

describe.each([
  [40, 12],
  [80, 10],
] as const)('at %i×%i', (cols, rows) => {
  it('two questions of four long options: the highlighted one reads whole and Enter answers it', async () => {
    const turns: MockTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: { questions: QUESTIONS } }] },
      { content: [{ type: 'text', text: 'Noted.' }] },
    ];
    const { session, mock } = await openRepl(turns, cols, rows);
    await submit(session, 'plan the reader');
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to answer/.test(line)), 'the first question');
    const storage = STORAGE.map((option) => option.label);
    await expectQuestion(session, /^Where should/, storage, 1, cols);
    for (let number = 2; number <= storage.length + 1; number++) {
      await moveTo(session, number);
      await expectQuestion(session, /^Where should/, storage, number, cols);
    }
    session.write('\u001B[A');
    await session.waitFor((s) => s.screen().some((line) => line.startsWith('│ ❯ 4. ')), 'the highlight back on option 4');
    session.write('\r');

    await session.waitFor((s) => s.screen().some((line) => /^│ Which checks/.test(line)), 'the second question');
    const checks = CHECKS.map((option) => option.label);
    await expectQuestion(session, /^Which checks/, checks, 1, cols);
    for (const number of [2, 3, 4]) {
      await moveTo(session, number);
      if (number !== 3) {
        session.write(' ');
        await session.waitFor((s) => s.screen().some((line) => line.startsWith(`│ ❯ ${number}. [x] `)), `option ${number} picked`);
      }
      await expectQuestion(session, /^Which checks/, checks, number, cols);
    }
    session.write('\r');
    await session.waitForText(TURN_END);
    const answer = JSON.stringify(mock.requests[1]?.body.messages?.at(-1));
    expect(answer).toContain(STORAGE[3]?.label);
    expect(answer).toContain(`${CHECKS[1]?.label}, ${CHECKS[3]?.label}`);
    expect(answer).not.toContain(CHECKS[2]?.label);
    expectNoTerminalWraps(session);
  });
});

// Longer than the rows the options leave at either size.
const TYPED = [
  'Keep the index in the transcripts folder itself, one small file per project, listing each session with its first prompt and its last change,',
  'rewritten atomically on every save through a temporary file and a rename, so that a crash mid-write never leaves it torn',
].join(' ');

describe.each([
  [25, 11],
  [40, 12],
] as const)('at %i×%i', (cols, rows) => {
  it('an answer typed into Other longer than the rows left shows its end, and the question and hint stay', async () => {
    const turns: MockTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: { questions: [QUESTIONS[0]] } }] },
      { content: [{ type: 'text', text: 'Noted.' }] },
    ];
    const { session, mock } = await openRepl(turns, cols, rows);
    await submit(session, 'plan the reader');
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to answer/.test(line)), 'the question');
    session.write('5');
    await session.waitFor((s) => s.screen().some((line) => line.startsWith('│ ❯ 5. Other')), 'the highlight on Other');
    session.write(TYPED);
    await settled(
      session,
      (screen) => {
        const rowsOfDialog = dialogRows(screen);
        expect(rowsOfDialog[0], `the question under the border\n${screen.join('\n')}`).toMatch(/^Where should/);
        expect(rowsOfDialog.at(-1), `the hint last\n${screen.join('\n')}`).toMatch(/^enter to answer/);
        const typed = highlighted(screen);
        expect(typed.number).toBe(STORAGE.length + 1);
        expect(typed.text, `the end of the typed answer\n${screen.join('\n')}`).toMatch(/torn\s*$/);
        expect(typed.text, 'the typed answer cut at its start').toMatch(/^…/);
        expect(screen.filter((line) => line.length > cols)).toEqual([]);
      },
      'the end of the typed answer',
    );

    session.write('\r');
    await session.waitForText(TURN_END);
    expect(JSON.stringify(mock.requests[1]?.body.messages?.at(-1))).toContain(TYPED);
    expectNoTerminalWraps(session);
  });
});
