// The lines under a finished Bash call, read back from a real terminal: what the command printed
// on stdout and stderr shows once, in the order it came (stderr is inside the interleaved output
// already; it used to be added again after it), and a long output of rows wider than the terminal
// shows its first lines and how many more it printed (it used to count only the lines kept once
// the output was cut to fit), with no row wider than the terminal.
import { describe, expect, it } from 'vitest';
import { expectNoTerminalWraps, openRepl, region, submit, TURN_END } from './scenario.js';

const ROWS = 500;

describe.each([40, 100])('a Bash result at %i columns', (cols) => {
  it('shows stdout and stderr lines once, in the order printed', async () => {
    const command = 'echo first-out; sleep 0.2; echo second-err >&2; sleep 0.2; echo third-out';
    const { session } = await openRepl([{ content: [{ type: 'tool_use', name: 'Bash', input: { command } }] }, { content: [{ type: 'text', text: 'Both printed.' }] }], cols);
    await submit(session, 'print on both');
    await session.waitForText(TURN_END);
    const result = region(session.lines(), '  ⎿', /^● Both printed\./).filter((row) => row !== '');
    expect(result.map((row) => row.replace(/^\s*⎿?\s*/, ''))).toEqual(['first-out', 'second-err', 'third-out']);
    expectNoTerminalWraps(session);
  });

  it('shows the first lines of a long, wide output and how many more', async () => {
    const wide = 'w'.repeat(150);
    const command = `for i in $(seq 1 ${ROWS}); do echo "row-$i ${wide}"; done`;
    const { session } = await openRepl([{ content: [{ type: 'tool_use', name: 'Bash', input: { command } }] }, { content: [{ type: 'text', text: 'Printed a lot.' }] }], cols);
    await submit(session, 'print a lot');
    await session.waitForText(/❯ 1\. Yes/);
    session.write('\r');
    await session.waitForText(TURN_END);
    const lines = session.lines();
    const result = region(lines, '  ⎿', /^● Printed a lot\./).filter((row) => row !== '');
    const text = result.map((row) => row.replace(/^\s*⎿?\s*/, '')).join(' ');
    expect(text.match(/row-\d+/g)).toEqual(['row-1', 'row-2', 'row-3']);
    // Over 30,000 characters the output is cut in the middle; the count is still of all it printed.
    expect(result.at(-1)).toBe(`     … +${ROWS - 3} lines`);
    for (const row of result.slice(1)) expect(row).toMatch(/^ {5}\S/);
    expect(lines.filter((line) => line.length > cols), 'rows wider than the terminal').toEqual([]);
    expectNoTerminalWraps(session);
  });
});
