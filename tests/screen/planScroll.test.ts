// Plan approval with a plan far longer than the screen, read back from a real emulator. The plan
// is what Enter approves, so it scrolls rather than being cut: PgDn/PgUp move a window a page at
// a time, Home/End to either end, a row says which lines are shown, and the choice Enter
// confirms stays on screen at every step. Approving leaves the tool line and its result once, the
// plan printed once under them (planInScrollback.test.ts), and no copy of the dialog.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { createWorld } from '../support/runPulse.js';
import { dialogRows, highlighted, settled } from './dialogChoices.js';
import { expectNoTerminalWraps, TURN_END } from './scenario.js';
import { startScreen, type ScreenSession } from './terminal.js';

const SIZES = [
  [80, 24],
  [40, 14],
] as const;

// Short enough not to wrap at 40 columns, so each of the plan's lines is one row of the window.
const STEPS = Array.from({ length: 120 }, (_, index) => `Step ${index + 1}: edit mod${index + 1}.ts`);
const PLAN = STEPS.join('\n');

const PAGE_DOWN = '\u001B[6~';
const PAGE_UP = '\u001B[5~';
const HOME = '\u001B[H';
const END = '\u001B[F';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

type Window = { first: number; last: number; total: number; shown: string[] };

/** The window of the plan on screen: the position row's numbers and the plan rows above it. */
function planWindow(screen: readonly string[]): Window {
  const rows = dialogRows(screen);
  const at = rows.findIndex((row) => /lines \d+–\d+ of \d+/.test(row));
  expect(at, `the plan's position row\n${screen.join('\n')}`).toBeGreaterThan(0);
  const [, first = '0', last = '0', total = '0'] = /lines (\d+)–(\d+) of (\d+)/.exec(rows[at] ?? '') ?? [];
  const window = { first: Number(first), last: Number(last), total: Number(total) };
  // Inside the plan's own box (full dialog) the rows keep its side borders.
  const shown = rows.slice(at - (window.last - window.first + 1), at).map((row) => row.replace(/^│ /, '').replace(/\s*│$/, ''));
  return { ...window, shown };
}

/** Every window: the plan's lines it names, in order, the first choice highlighted with the hint under it, nothing wider than the screen. */
function expectWindow(screen: readonly string[], cols: number): Window {
  const window = planWindow(screen);
  const shown = `\n${screen.join('\n')}`;
  expect(window.total, `the plan's length${shown}`).toBe(STEPS.length);
  expect(window.shown, `the plan's lines ${window.first}–${window.last}${shown}`).toEqual(STEPS.slice(window.first - 1, window.last));
  expect(screen.findIndex((line) => /^╭/.test(line)), `the dialog's top border${shown}`).toBeGreaterThanOrEqual(0);
  expect(dialogRows(screen)[0], `the title under the border${shown}`).toMatch(/^Ready to code/);
  expect(highlighted(screen).text, `Enter's choice${shown}`).toMatch(/^Yes, (?:and )?auto-accept edits$/);
  expect(dialogRows(screen).at(-1), `the hint at the bottom${shown}`).toMatch(/^enter to confirm/);
  expect(screen.filter((line) => line.length > cols), `rows wider than the terminal${shown}`).toEqual([]);
  return window;
}

/** The window drawn whole from line `first` (after pressing `key`, when given). */
function windowFrom(session: ScreenSession, cols: number, first: number, key?: string): Promise<Window> {
  if (key !== undefined) session.write(key);
  return settled(
    session,
    (screen) => {
      const window = expectWindow(screen, cols);
      expect(window.first, `the window's first line\n${screen.join('\n')}`).toBe(first);
      return window;
    },
    `the window from line ${first}`,
  );
}

describe.each(SIZES)('at %i×%i', (cols, rows) => {
  it('a 120-line plan scrolls a page at a time to its last line, Enter approving what is highlighted', async () => {
    const turns: MockTurn[] = [
      { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] },
      { content: [{ type: 'text', text: 'Starting on the plan.' }] },
    ];
    const world = await createWorld();
    const mock = await startMockAnthropic({ turns });
    cleanups.push(async () => {
      await mock.close();
      await world.cleanup();
    });
    const session = startScreen(world, { cols, rows, args: ['--permission-mode', 'plan'], env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
    await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
    session.write('plan it');
    await session.waitForText('> plan it');
    session.write('\r');
    const opening = await windowFrom(session, cols, 1);
    const page = opening.last - opening.first + 1;
    expect(page, 'rows of the plan on screen').toBeGreaterThanOrEqual(3);

    // PgDn a page at a time to the end: each window starts under the last one, the last ends at the plan's last line.
    let window = opening;
    while (window.last < STEPS.length) {
      const next = Math.min(window.first + page, STEPS.length - page + 1);
      window = await windowFrom(session, cols, next, PAGE_DOWN);
      expect(window.last - window.first + 1, 'a page each time').toBe(page);
    }
    expect(window.shown.at(-1)).toBe(STEPS.at(-1));
    // PgUp goes back a page; Home and End jump to either end.
    expect((await windowFrom(session, cols, window.first - page, PAGE_UP)).last).toBe(STEPS.length - page);
    await windowFrom(session, cols, 1, HOME);
    expect((await windowFrom(session, cols, STEPS.length - page + 1, END)).shown.at(-1)).toBe(STEPS.at(-1));

    session.write('\r');
    await session.waitForText(TURN_END);
    const lines = session.lines();
    expect(lines.filter((line) => /^● ExitPlanMode\(/.test(line)), 'the tool line').toHaveLength(1);
    expect(lines.filter((line) => /⎿\s+Plan approved/.test(line)), 'its result').toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/Ready to code|enter to confirm|PgUp\/PgDn/);
    const printed = lines.join(' ').replace(/\s+/g, ' ');
    for (const step of STEPS) expect(printed.split(step), `${step} once in the scrollback`).toHaveLength(2);
    expectNoTerminalWraps(session);
    expect(JSON.stringify(mock.requests[1]?.body.messages?.at(-1))).toContain('The user approved the plan and the permission mode is now acceptEdits.');
  });
});
