// The plan a person approved stays in the scrollback: after ExitPlanMode is approved, the plan is
// printed whole, as Markdown, under the tool's "Plan approved" line, so what was agreed can be read
// back while the work goes on (the dialog itself may have had to cut a long plan to fit the
// screen). Every step appears once, in order, none wider than the terminal.
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { expectNoTerminalWraps, expectWordsWhole, openRepl, submit, TURN_END } from './scenario.js';

const STEPS = Array.from({ length: 24 }, (_, index) => `Step ${index + 1}: move handler ${index + 1} of the session index into its own module and cover it with a test`);
const PLAN = ['# Split the session index', '', 'The index grows with every feature; **split it** before adding search.', '', ...STEPS.map((step, index) => `${index + 1}. ${step}`)].join('\n');

const TURNS: MockTurn[] = [
  { content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] },
  { content: [{ type: 'text', text: 'Starting on step 1.' }] },
];

describe.each([
  [40, 14],
  [100, 30],
] as const)('at %i×%i', (cols, rows) => {
  it('prints the approved plan whole under "Plan approved", each step once and in order', async () => {
    const { session } = await openRepl(TURNS, cols, rows, ['--permission-mode', 'plan']);
    await submit(session, 'plan the split');
    await session.waitFor((s) => s.screen().some((line) => /enter to confirm/.test(line)), 'the plan approval');
    session.write('\r');
    await session.waitForText(TURN_END);

    const lines = session.lines();
    const approved = lines.findIndex((line) => /⎿\s+Plan approved/.test(line));
    expect(approved, `the tool's result line\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    // The plan is wrapped by Pulse to the width, so its text is read with the rows' breaks as spaces.
    const after = lines.slice(approved + 1).map((line) => line.trim()).join(' ').replace(/\s+/g, ' ');
    expect(after).toContain('Split the session index');
    const positions = STEPS.map((step) => {
      const first = after.indexOf(step);
      expect(first, `${step} is in the scrollback`).toBeGreaterThanOrEqual(0);
      expect(after.indexOf(step, first + 1), `${step} appears once`).toBe(-1);
      return first;
    });
    expect(positions, 'the steps in order').toEqual([...positions].sort((a, b) => a - b));
    expect(after.indexOf('Starting on step 1.'), 'the answer after the plan').toBeGreaterThan(positions.at(-1) ?? Infinity);
    expect(lines.join('\n')).not.toMatch(/\*\*split it\*\*|^# /m);
    expectNoTerminalWraps(session);
    expectWordsWhole(session, STEPS.flatMap((step) => step.split(' ')));
  });
});
