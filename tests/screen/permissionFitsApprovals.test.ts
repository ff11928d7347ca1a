// The other dialogs that ask to approve something — the project's MCP servers, plan mode's plan —
// on screens shorter than the dialog, read back from a real emulator: the writer keeps a frame's
// bottom rows, so a dialog drawn whole lost its question and its first choice while Enter still
// confirmed that choice. Each keeps its question, every choice with the highlight and its hint on
// screen (plan approval at 25 columns windows its choices, the rest counted, to leave the plan a
// row and its position; at 8 rows the hint gives way too), and what Enter then does is what the
// highlight showed.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { createWorld, type PulseWorld } from '../support/runPulse.js';
import { countedChoices, highlighted, settled, shownChoices } from './dialogChoices.js';
import { TURN_END } from './scenario.js';
import { startScreen, type ScreenSession } from './terminal.js';

const SIZES = [
  [25, 11],
  [47, 11],
  [47, 8],
] as const;

const SERVERS = Array.from({ length: 8 }, (_, index) => `tracker-${index + 1}`);
const PLAN = Array.from({ length: 30 }, (_, index) => `${index + 1}. Step ${index + 1} of moving the index into its own module`).join('\n');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The dialog's rows from its top border, checked: the question right under the border, the choices in order under it, the hint (when `hinted`) under them. */
function expectWhole(screen: readonly string[], question: RegExp, choices: readonly RegExp[], hinted = true): void {
  const shown = `\n${screen.join('\n')}`;
  const top = screen.findIndex((line) => line.startsWith('╭'));
  expect(top, `the dialog's top border${shown}`).toBeGreaterThanOrEqual(0);
  expect(question.test(screen[top + 1] ?? ''), `the question under the border${shown}`).toBe(true);
  const rows = choices.map((choice) => screen.findIndex((line) => choice.test(line)));
  expect(rows.every((row) => row > top + 1), `every choice under the question${shown}`).toBe(true);
  expect(rows, `the choices in order${shown}`).toEqual([...rows].sort((a, b) => a - b));
  if (hinted) expect(screen.findIndex((line) => /^│ (?:space|enter) to /.test(line)), `the hint under the choices${shown}`).toBeGreaterThan(rows.at(-1) ?? Infinity);
}

type Opened = { session: ScreenSession; world: PulseWorld; mock: MockAnthropic };

/** A REPL answering from `turns`, after `prepare` set up its repo (scenario.ts's openRepl waits for a footer a narrow plan-mode screen does not show whole). */
async function open(cols: number, rows: number, turns: MockTurn[], args: string[] = [], prepare?: (world: PulseWorld) => Promise<void>): Promise<Opened> {
  const world = await createWorld();
  const mock = await startMockAnthropic({ turns });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  await prepare?.(world);
  const session = startScreen(world, { cols, rows, args, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
  return { session, world, mock };
}

const withServers = (world: PulseWorld): Promise<void> =>
  writeFile(join(world.repo, '.mcp.json'), JSON.stringify({ mcpServers: Object.fromEntries(SERVERS.map((name) => [name, { command: 'never-started', args: [] }])) }));

describe.each(SIZES)('at %i×%i', (cols, rows) => {
  it('the MCP approval keeps its question, choices and hint on screen, and the server list follows the highlight', async () => {
    const { session, world } = await open(cols, rows, [], [], withServers);
    await session.waitFor((s) => s.screen().some((line) => /^│ enter to confirm/.test(line)), 'the MCP approval');
    expectWhole(session.screen(), /^│ New MCP servers/, [/^│ ❯ 1\. Use all/, /^│ {3}2\. Choose/, /^│ {3}3\. Use none/]);

    session.write('2');
    await session.waitFor((s) => s.screen().some((line) => /^│ space to turn/.test(line)), 'the list of servers');
    const last = SERVERS.length;
    for (let index = 1; index < last; index++) {
      session.write('\u001B[B');
      await session.waitFor((s) => s.screen().some((line) => line.startsWith(`│ ❯ ${index + 1}. [x] tracker-${index + 1}`)), `the highlight on server ${index + 1}`);
      expectWhole(session.screen(), /^│ New MCP servers/, [new RegExp(`^│ ❯ ${index + 1}\\. \\[x\\] tracker-${index + 1}`)]);
    }
    expect(session.screen().some((line) => /↑ \d+ more/.test(line)), 'the servers above the window counted').toBe(true);
    session.write(' ');
    await session.waitFor((s) => s.screen().some((line) => line.startsWith(`│ ❯ ${last}. [ ] tracker-${last}`)), 'the last server turned off');
    session.write('\r');
    await session.waitFor((s) => !s.screen().some((line) => /New MCP servers/.test(line)), 'the dialog to close');

    const settings = join(world.repo, '.claude', 'settings.local.json');
    await session.waitFor(() => existsSync(settings), 'the answer saved');
    const saved = JSON.parse(await readFile(settings, 'utf8')) as Record<string, unknown>;
    expect(saved.enabledMcpjsonServers).toEqual(SERVERS.slice(0, -1));
    expect(saved.disabledMcpjsonServers).toEqual([`tracker-${last}`]);
  });

  it('plan approval keeps its question, choices and hint on screen with a 30-step plan, and Enter approves what is highlighted', async () => {
    const turns: MockTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] },
      { content: [{ type: 'text', text: 'Starting on the plan.' }] },
    ];
    const { session, mock } = await open(cols, rows, turns, ['--permission-mode', 'plan']);
    // Keys reach Pulse once the prompt has turned bracketed paste on (as openRepl waits).
    await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
    session.write('plan it');
    await session.waitForText('> plan it');
    session.write('\r');
    // At 8 rows the plan keeps a row and its position where the hint was.
    const hinted = rows > 8;
    await session.waitFor((s) => s.screen().some((line) => /^│ ❯ 1\. Yes/.test(line)), 'the plan approval');
    // The choices in order, the highlighted one among them, and the rest counted when a narrow
    // screen windows them to leave the plan a row and its position.
    const expectPlanDialog = (marked: number): Promise<void> => settled(session, (screen) => expectPlanOn(screen, marked), `the plan approval, choice ${marked} highlighted`);
    const expectPlanOn = (screen: readonly string[], marked: number): void => {
      const shown = shownChoices(screen);
      expect(highlighted(screen).number).toBe(marked);
      expect(shown.map((choice) => choice.number), `the choices in order\n${screen.join('\n')}`).toEqual([...shown.map((choice) => choice.number)].sort());
      expect(shown.length + countedChoices(screen), 'every choice shown or counted').toBe(3);
      expectWhole(screen, /^│ Ready to code/, shown.map((choice) => new RegExp(`^│ ${choice.highlighted ? '❯' : ' '} ${choice.number}\\. `)), hinted);
      expect(screen.some((line) => /^│ (?:lines? )?\d+(?:–\d+)?(?: of |\/)30\b/.test(line)), `the plan says which of its 30 lines it shows\n${screen.join('\n')}`).toBe(true);
    };
    await expectPlanDialog(1);

    session.write('\u001B[B');
    await session.waitFor((s) => s.screen().some((line) => /^│ ❯ 2\. Yes, (?:and )?appr/.test(line)), 'the highlight on choice 2');
    await expectPlanDialog(2);
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(session.lines().join('\n')).not.toMatch(/Ready to code|enter to confirm/);
    // Choice 2 goes back to the mode before planning: the model hears the plan approved in default mode.
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests[1]?.body.messages?.at(-1))).toContain('The user approved the plan and the permission mode is now default.');
  });
});
