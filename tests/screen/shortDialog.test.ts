// A permission dialog on a screen shorter than its preview: the writer keeps a frame's bottom
// rows, so a whole 30-line command or a long new file pushed the question and the first choice
// (the one Enter confirms) off the screen. The preview is cut to the rows left instead.
import { describe, expect, it } from 'vitest';
import type { MockTurn } from '../support/mockAnthropic.js';
import { expectNoTerminalWraps, openRepl, submit, TURN_END } from './scenario.js';

const NOTES = Array.from({ length: 30 }, (_, index) => `note ${index + 1}: something to remember`);
const HEREDOC = `cat > notes.txt <<'EOF'\n${NOTES.join('\n')}\nEOF`;

const BASH: MockTurn = { content: [{ type: 'tool_use', name: 'Bash', input: { command: HEREDOC, description: 'Write the notes' } }] };

/** What is asked, at which size, and the first row of its preview. */
const CASES: Array<[string, number, number, MockTurn, RegExp]> = [
  ['a 32-line command', 47, 20, BASH, /│ cat > notes\.txt <<'EOF'/],
  ['a 32-line command', 89, 14, BASH, /│ cat > notes\.txt <<'EOF'/],
  ['a new 30-line file', 89, 20, { content: [{ type: 'tool_use', name: 'Write', input: { file_path: 'notes.txt', content: `${NOTES.join('\n')}\n` } }] }, /1 \+ note 1:/],
];

describe.each(CASES)('the permission dialog for %s at %i×%i', (_, cols, rows, call, first) => {
  it('shows the question, the choices and the hint on screen, and what of the preview it leaves out', async () => {
    const { session } = await openRepl([call, { content: [{ type: 'text', text: 'Wrote the notes.' }] }], cols, rows);
    await submit(session, 'write the notes');
    await session.waitForText('enter to confirm');
    await session.waitFor((s) => s.screen().some((row) => /^│ ❯ 1\. Yes/.test(row)), 'the first choice on screen');
    const screen = session.screen();
    expect(screen.filter((row) => /^│ Allow /.test(row)), 'the question').toHaveLength(1);
    expect(screen.some((row) => first.test(row)), 'the start of the preview').toBe(true);
    expect(screen.some((row) => /… \d+ more lines/.test(row)), 'what is left out').toBe(true);
    expect(screen.some((row) => /^│ enter to confirm/.test(row))).toBe(true);
    expectNoTerminalWraps(session);

    session.write('\r');
    await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
    expect(session.lines().filter((line) => /^│ Allow /.test(line)), 'no copy of the dialog left behind').toEqual([]);
  });
});
