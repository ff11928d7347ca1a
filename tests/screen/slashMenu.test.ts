// The `/` menu as a person sees it: names in one column, descriptions in the next (a long one
// wraps inside its own column, never back to column 1), and Enter runs the entry highlighted.
import { describe, expect, it } from 'vitest';
import { FOOTER, openRepl, TURN_END } from './scenario.js';

/** The menu's entries: between the prompt box's bottom border and the hint line (and the line saying how many more there are). */
function menuRows(screen: readonly string[]): string[] {
  const bottom = screen.findLastIndex((line) => line.startsWith('╰'));
  return screen.slice(bottom + 1).filter((line) => line.trim() !== '' && !FOOTER.test(line) && !/^ [↑↓] \d+ more/.test(line));
}

describe.each([40, 100] as const)('the / menu at %i columns', (cols) => {
  it('keeps every description in its own column', async () => {
    const { session } = await openRepl([], cols);
    session.write('/');
    await session.waitForText('/help');
    const rows = menuRows(session.screen());
    const entries = rows.filter((row) => row.startsWith(' /'));
    expect(entries.length).toBeGreaterThan(5);
    const columns = new Set(entries.map((row) => /^ \/\S*(?: \S+)*?\s{2,}(?=\S)/.exec(row)?.[0].length));
    expect([...columns], 'columns where descriptions start').toHaveLength(1);
    const [column] = [...columns];
    expect(column).toBeGreaterThan(3);
    const continued = rows.filter((row) => !row.startsWith(' /'));
    // The compact command's description is longer than the column at both widths.
    expect(continued.length).toBeGreaterThan(0);
    for (const row of continued) expect(row.slice(0, column).trim(), `a continuation row: ${row}`).toBe('');
    expect(rows.every((row) => row.length <= cols)).toBe(true);
  });

  it('runs the highlighted entry on Enter', async () => {
    const { session, mock } = await openRepl([], cols);
    session.write('/co');
    await session.waitFor((s) => menuRows(s.screen()).filter((row) => row.startsWith(' /')).length === 3, 'the menu to filter');
    expect(menuRows(session.screen()).map((row) => /^ (\/\w+)/.exec(row)?.[1]).filter(Boolean)).toEqual([
      '/compact',
      '/context',
      '/cost',
    ]);
    session.write('\u001B[B');
    session.write('\u001B[B');
    session.write('\r');
    await session.waitForText('Total cost:');
    const lines = session.lines();
    expect(lines.filter((line) => line.startsWith('> /cost'))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/context window|Summaris/);
    expect(lines.join('\n')).not.toMatch(TURN_END);
    expect(mock.requests).toHaveLength(0);
  });
});

describe('a / that is not a command', () => {
  it('says "Unknown command" for a typo and sends nothing, but sends a path as a prompt', async () => {
    const { session, mock } = await openRepl([{ content: [{ type: 'text', text: 'Paths are prompts.' }] }], 80);
    session.write('/nosuch');
    await session.waitForText('> /nosuch');
    session.write('\r');
    await session.waitForText(/Unknown command/);
    expect(mock.requests).toHaveLength(0);
    session.write('/usr/bin/x is slow');
    await session.waitForText('> /usr/bin/x is slow');
    session.write('\r');
    await session.waitForText(TURN_END);
    expect(session.lines().join('\n')).toContain('Paths are prompts.');
    expect(mock.requests).toHaveLength(1);
  });
});
