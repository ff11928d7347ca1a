// AskUserQuestion's dialog on screens shorter than it, read back from a real emulator: the writer
// keeps a frame's bottom rows, so a dialog drawn whole lost its question (and on the shortest,
// the option Enter confirms) off the top. It keeps the question under its top border, every
// option in order with the highlight, and the hint; Enter then answers what the highlight showed.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { createWorld } from '../support/runPulse.js';
import { TURN_END } from './scenario.js';
import { startScreen } from './terminal.js';

const SIZES = [
  [25, 11],
  [47, 11],
  [80, 12],
  [120, 9],
] as const;

const QUESTION = 'Where should the session index be stored between runs of the tool?';
const OPTIONS = [
  { label: 'SQLite', description: 'one file, queried with indexes, safe under concurrent writers' },
  { label: 'JSON', description: 'one file per session, read whole at start-up' },
  { label: 'Memory', description: 'nothing kept once the process ends' },
];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe.each(SIZES)('at %i×%i', (cols, rows) => {
  it('the question, every option with the highlight and the hint stay on screen, and Enter answers the highlighted option', async () => {
    const input = { questions: [{ question: QUESTION, header: 'Storage', options: OPTIONS, multiSelect: false }] };
    const turns: MockTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input }] },
      { content: [{ type: 'text', text: 'Noted.' }] },
    ];
    const world = await createWorld();
    const mock = await startMockAnthropic({ turns });
    cleanups.push(async () => {
      await mock.close();
      await world.cleanup();
    });
    const session = startScreen(world, { cols, rows, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
    await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
    session.write('pick storage');
    await session.waitForText('> pick storage');
    session.write('\r');
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to answer/.test(line)), 'the question dialog');

    const expectWhole = (highlighted: number): void => {
      const screen = session.screen();
      const shown = `\n${screen.join('\n')}`;
      const top = screen.findIndex((line) => line.startsWith('╭'));
      expect(top, `the dialog's top border${shown}`).toBeGreaterThanOrEqual(0);
      const question = screen.findIndex((line) => /^│ Where should/.test(line));
      expect(question, `the question in the dialog${shown}`).toBeGreaterThan(top);
      const marked = screen.findIndex((line) => new RegExp(`^│ ❯ ${highlighted + 1}\\. ${OPTIONS[highlighted]?.label}`).test(line));
      expect(marked, `the highlighted option under the question${shown}`).toBeGreaterThan(question);
      expect(screen.findIndex((line) => /^│ enter to answer/.test(line)), `the hint under the options${shown}`).toBeGreaterThan(marked);
    };
    expectWhole(0);
    session.write('\u001B[B');
    await session.waitFor((s) => s.screen().some((line) => /^│ ❯ 2\. JSON/.test(line)), 'the highlight on option 2');
    expectWhole(1);
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(session.screen().join('\n')).not.toMatch(/enter to answer/);
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests[1]?.body.messages?.at(-1))).toContain('JSON');
  });
});
