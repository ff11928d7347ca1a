// Rows Pulse lays out beside a mark — the prompt as typed after `>`, a tool's title after `●`, its
// result after `⎿` — read back from a real terminal at narrow and common widths: long ones wrap
// under their text and no row is wider than the terminal (Ink's flex rows let two texts overflow,
// which made the terminal wrap and left pieces of the prompt box in the scrollback).
import { describe, expect, it } from 'vitest';
import { expectNoTerminalWraps, FOOTER, openRepl, region, TURN_END } from './scenario.js';

const PROMPT = 'please run the long command and tell me what it printed, with detail; '.repeat(3).trim();
const OUTPUT = 'a first output line that is long enough to wrap at eighty columns in the terminal window, surely it is';
/** Tabs move to the terminal's next stop; drawn as spaces, their width is known. */
const TABBED = 'col1\tcol2\tcol3\tcol4\tcol5\tcol6\tcol7\tcol8';

describe.each([31, 80])('rows beside a mark at %i columns', (cols) => {
  it('wrap under their text and fit the terminal', async () => {
    const { session } = await openRepl(
      [
        { content: [{ type: 'tool_use', name: 'Bash', input: { command: `echo "${OUTPUT}" && echo two && printf '${TABBED.replace(/\t/g, '\\t')}\\n'` } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
      cols,
    );
    // A prompt longer than the box wraps inside it; once its last words show, Ink has read it all.
    session.write(PROMPT);
    await session.waitFor((s) => s.screen().join(' ').replace(/[│\s]+/g, ' ').includes('detail; please run the long command and tell me what it printed, with detail'), 'the whole prompt in the box');
    session.write('\r');
    await session.waitForText(TURN_END);
    expectNoTerminalWraps(session);

    const lines = session.lines();
    const prompt = region(lines, '> please run', /^● Bash\(/).filter((row) => row !== '');
    expect(prompt.map((row) => row.trim()).join(' ')).toBe(`> ${PROMPT}`);
    for (const row of prompt.slice(1)) expect(row).toMatch(/^ {2}\S/);

    const title = region(lines, '● Bash(', /⎿/).filter((row) => row !== '');
    for (const row of title.slice(1)) expect(row).toMatch(/^ {2}\S/);

    const result = region(lines, lines.find((line) => line.includes('⎿')) ?? '', /^ {5}two$/);
    expect(result.map((row) => row.replace(/^\s*⎿?\s*/, '')).join(' ')).toBe(OUTPUT);
    for (const row of result.slice(1)) expect(row).toMatch(/^ {5}\S/);
    expect(lines.some((line) => line.includes('col1    col2'))).toBe(true);
    expect(lines.filter((line) => FOOTER.test(line))).toHaveLength(1);
  });
});
