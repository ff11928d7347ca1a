// Plan approval with a plan far longer than the screen, read back from a real emulator. The plan
// is what Enter approves, so it scrolls rather than being cut: PgDn/PgUp move a window a page at
// a time, Home/End to either end, a row says which of the plan's lines are shown, and the choice
// Enter confirms stays on screen at every step. Approving leaves the tool line and its result
// once, the plan printed once under them (planInScrollback.test.ts), and no copy of the dialog.
// On the smallest screens (8 rows and fewer) the plan still gets a row and its position, the
// hint and then the other choices giving way; a plan whose lines wrap counts its lines, not rows.
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

/** Screens where the title, every choice and the hint would take every row. */
const SMALLEST = [
  [47, 8],
  [40, 8],
  [30, 7],
] as const;

// Short enough not to wrap at 30 columns, so each of the plan's lines is one row of the window.
const STEPS = Array.from({ length: 120 }, (_, index) => `Step ${index + 1}: edit mod${index + 1}.ts`);
const PLAN = STEPS.join('\n');
// Two or three rows each at 25 columns, every row naming its step's number.
const LONG_STEPS = Array.from({ length: 120 }, (_, index) => `Step ${index + 1}: edit mod${index + 1}.ts and test${index + 1}.ts`);

const PAGE_DOWN = '\u001B[6~';
const PAGE_UP = '\u001B[5~';
const HOME = '\u001B[H';
const END = '\u001B[F';
const DOWN = '\u001B[B';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

type Window = { first: number; last: number; total: number; shown: string[]; position: string };

/** "lines a–b of N" in its longer and shorter forms ("line a of N", "a–b/N"), with the keys or without. */
const POSITION = /^(?:lines? )?(\d+)(?:–(\d+))?(?: of |\/)(\d+)(?: · PgUp\/PgDn(?: to scroll)?)?$/;

/** The plan's window: the position row's numbers and the plan rows above it, under the title or the plan's box when shown. */
function planWindow(screen: readonly string[]): Window {
  // Inside the plan's own box (full dialog) the rows keep its side borders.
  const rows = dialogRows(screen).map((row) => row.replace(/^│ /, '').replace(/\s*│$/, ''));
  const at = rows.findIndex((row) => POSITION.test(row));
  expect(at, `the plan's position row\n${screen.join('\n')}`).toBeGreaterThan(0);
  const [, first = '0', last = first, total = '0'] = POSITION.exec(rows[at] ?? '') ?? [];
  const above = rows.slice(0, at);
  const top = above.findLastIndex((row) => /^(?:Ready to code|┌)/.test(row)) + 1;
  return { first: Number(first), last: Number(last), total: Number(total), shown: above.slice(top), position: rows[at] ?? '' };
}

/** The step a row of `steps` belongs to: the first number in it (each row of a step names it). */
function stepOf(row: string, steps: readonly string[]): number {
  const step = Number(/\d+/.exec(row)?.[0]);
  expect(steps[step - 1]?.includes(row.trim()), `"${row}" is part of step ${step}`).toBe(true);
  return step;
}

/** The window's rows are the plan's lines first to last, in order, and the position counts the plan's lines. */
function expectLinesNamed(window: Window, steps: readonly string[], shown: string): void {
  expect(window.total, `the plan's length in lines${shown}`).toBe(steps.length);
  const lines = window.shown.map((row) => stepOf(row, steps));
  expect(lines.length, `rows of the plan${shown}`).toBeGreaterThan(0);
  expect([lines[0], lines.at(-1)], `the lines the position names${shown}`).toEqual([window.first, window.last]);
  expect(lines.every((line, index) => index === 0 || line - (lines[index - 1] ?? 0) <= 1), `the plan's lines in order${shown}`).toBe(true);
}

/** Every window: the plan's lines it names, in order, the first choice highlighted with the hint under it, nothing wider than the screen. */
function expectWindow(screen: readonly string[], cols: number): Window {
  const window = planWindow(screen);
  const shown = `\n${screen.join('\n')}`;
  expect(window.shown, `the plan's lines ${window.first}–${window.last}${shown}`).toEqual(STEPS.slice(window.first - 1, window.last));
  expectLinesNamed(window, STEPS, shown);
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

type OpenPlan = { session: ScreenSession; approvals: () => string };

/** A REPL in plan mode whose model hands `steps` to ExitPlanMode, its dialog open. */
async function openPlan(cols: number, rows: number, steps: readonly string[]): Promise<OpenPlan> {
  const turns: MockTurn[] = [
    { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: steps.join('\n') } }] },
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
  return { session, approvals: () => JSON.stringify(mock.requests[1]?.body.messages?.at(-1)) };
}

describe.each(SIZES)('at %i×%i', (cols, rows) => {
  it('a 120-line plan scrolls a page at a time to its last line, Enter approving what is highlighted', async () => {
    const { session, approvals } = await openPlan(cols, rows, STEPS);
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
    expect(approvals()).toContain('The user approved the plan and the permission mode is now acceptEdits.');
  });
});

/** A narrow or short screen's window: the plan's rows and position, the dialog's top border, Enter's choice whole, nothing wider than the screen. */
function expectSmallWindow(screen: readonly string[], cols: number, steps: readonly string[]): Window {
  const shown = `\n${screen.join('\n')}`;
  const window = planWindow(screen);
  expectLinesNamed(window, steps, shown);
  expect(screen.findIndex((line) => /^╭/.test(line)), `the dialog's top border${shown}`).toBeGreaterThanOrEqual(0);
  expect(highlighted(screen).text, `Enter's choice${shown}`).toBe('Yes, auto-accept edits');
  expect(screen.filter((line) => line.length > cols), `rows wider than the terminal${shown}`).toEqual([]);
  return window;
}

/** A narrow or short screen's window once it satisfies `check` (after pressing `key`, when given). */
function smallWindow(session: ScreenSession, cols: number, steps: readonly string[], what: string, check: (window: Window) => void, key?: string): Promise<Window> {
  if (key !== undefined) session.write(key);
  return settled(
    session,
    (screen) => {
      const window = expectSmallWindow(screen, cols, steps);
      check(window);
      return window;
    },
    what,
  );
}

describe.each(SMALLEST)('at %i×%i', (cols, rows) => {
  it('the plan keeps a row and its position beside the choice Enter confirms, and scrolls to its end', async () => {
    const { session, approvals } = await openPlan(cols, rows, STEPS);
    const withKeys = (first: (window: Window) => boolean) => (window: Window) => {
      expect(first(window), `the window at ${window.first}–${window.last}`).toBe(true);
      expect(window.position, 'the scroll keys').toContain('PgUp/PgDn');
    };
    const opening = await smallWindow(session, cols, STEPS, 'the plan from its first line', withKeys((window) => window.first === 1));
    const page = opening.last - opening.first + 1;
    await smallWindow(session, cols, STEPS, 'the next page', withKeys((window) => window.first === 1 + page), PAGE_DOWN);
    await smallWindow(session, cols, STEPS, 'the last line', withKeys((window) => window.last === STEPS.length), END);
    await smallWindow(session, cols, STEPS, 'back to the first line', withKeys((window) => window.first === 1), HOME);

    // The other choices are there: the highlight moves to "keep planning" and back, the plan still shown.
    session.write(DOWN + DOWN);
    await session.waitFor((s) => s.screen().some((line) => /^│ ❯ 3\. No, keep planning/.test(line)), 'the highlight on choice 3');
    await settled(session, (screen) => expectLinesNamed(planWindow(screen), STEPS, `\n${screen.join('\n')}`), 'the plan beside choice 3');
    session.write('\u001B[A\u001B[A');
    await smallWindow(session, cols, STEPS, 'the highlight back on choice 1', withKeys((window) => window.first === 1));
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(session.lines().join('\n')).not.toMatch(/Ready to code|enter to confirm|PgUp\/PgDn/);
    expect(approvals()).toContain('The user approved the plan and the permission mode is now acceptEdits.');
  });
});

describe('at 25×11, a plan whose lines wrap', () => {
  it("the position counts the plan's lines, not the rows they wrap to", async () => {
    const [cols, rows] = [25, 11];
    const { session } = await openPlan(cols, rows, LONG_STEPS);
    await smallWindow(session, cols, LONG_STEPS, 'the plan from its first line', (window) => expect(window.first).toBe(1));
    await smallWindow(session, cols, LONG_STEPS, 'the next page', (window) => expect(window.first).toBeGreaterThan(1), PAGE_DOWN);
    const end = await smallWindow(session, cols, LONG_STEPS, 'the last line', (window) => expect(window.last).toBe(LONG_STEPS.length), END);
    expect(end.shown.at(-1)).toMatch(/test120\.ts$/);
    // A page up from the end: two rows earlier, the end of line 119 and the start of line 120.
    await smallWindow(session, cols, LONG_STEPS, 'a page up', (window) => expect(window.first).toBeLessThan(end.first), PAGE_UP);
  });
});
