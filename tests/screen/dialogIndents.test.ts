// The dialogs that take the prompt's place, read back from a real terminal at narrow widths: the
// MCP approval, AskUserQuestion's question, plan approval, the resume picker and the first-run key
// screen. Their paragraphs wrap inside the border and read back whole, a choice's description
// wraps under the choice's own text (not under its number), and no row is wider than the
// terminal. 31 columns is the narrowest a phone terminal opens; 40 and 60 are split panes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { createWorld, runPulse, type PulseWorld } from '../support/runPulse.js';
import { between, boxAt, expectBoxWhole, expectHanging, expectNoStraySpace, reflowed, rowsFrom, waitForSettled } from './boxes.js';
import { expectNoTerminalWraps, openRepl, submit } from './scenario.js';
import { startScreen, type ScreenSession } from './terminal.js';

const WIDTHS = [31, 40, 60];
const SERVERS = ['issue-tracker-with-a-long-name', 'docs-search'];
const QUESTION = 'Which storage should the session index use for the conversations it keeps between runs?';
const OPTIONS = [
  { label: 'SQLite', description: 'one file beside the transcripts, queried with indexes, safe under concurrent writers' },
  { label: 'JSON lines', description: 'appended as each session ends, read whole at start-up' },
];
const PLAN = [
  'Move the index into its own module so the picker and the print mode read it the same way.',
  '1. Write the reader with a schema for every line it accepts from older versions.',
  '2. Point the picker and --continue at it, then delete the old scan.',
].join('\n');
const FIRST_PROMPT = 'Explain why the transcript reader skips a line whose tool_result has no matching tool_use anywhere';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function worldAndMock(turns: MockTurn[] = []): Promise<{ world: PulseWorld; mock: MockAnthropic }> {
  const world = await createWorld();
  const mock = await startMockAnthropic({ turns });
  cleanups.push(async () => {
    await mock.close();
    await world.cleanup();
  });
  return { world, mock };
}

/** The dialog box that holds `marker`, checked whole, without its borders. */
function dialog(screen: readonly string[], marker: RegExp, cols: number): string[] {
  const at = screen.findIndex((line) => marker.test(line));
  expect(at, `a row matching ${String(marker)}`).toBeGreaterThanOrEqual(0);
  const top = screen.findLastIndex((line, index) => index <= at && line.startsWith('╭'));
  expectBoxWhole(screen, top, cols);
  const rows = boxAt(screen, top);
  expectNoStraySpace(rows);
  return rows;
}

/** Rows read back without any spaces: for text holding a word longer than the row. */
function unspaced(rows: readonly string[]): string {
  return rows.join('').replace(/\s+/g, '');
}

function finish(session: ScreenSession): void {
  expectNoTerminalWraps(session);
  session.kill();
}

describe.each(WIDTHS)('at %i columns', (cols) => {
  it('the MCP approval: its paragraphs read back whole inside the border', async () => {
    const { world, mock } = await worldAndMock();
    const servers = Object.fromEntries(SERVERS.map((name) => [name, { command: 'never-started', args: [] }]));
    await writeFile(join(world.repo, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
    const session = startScreen(world, { cols, rows: 40, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
    const rows = dialog(await waitForSettled(session, /<name>\)/), /New MCP servers/, cols);
    // A name longer than the room is cut inside itself, so this one compares without spaces.
    expect(unspaced(between(rows, /^New MCP servers/, /^They run/))).toBe(unspaced([`New MCP servers found in .mcp.json: ${SERVERS.join(', ')}`]));
    expect(reflowed(between(rows, /^They run/, /^$/))).toBe('They run programs or reach services on your behalf. Only use servers from a project you trust.');
    expectHanging(between(rows, /^❯ 1\. Use all/, /^ {2}2\./), 5, 'the use-all choice');
    expect(reflowed(rowsFrom(rows, /^enter to confirm/))).toBe('enter to confirm · esc to decide later (/mcp approve <name>)');
    finish(session);
  });

  it("AskUserQuestion: the question and each option's description wrap beside their marks", async () => {
    const input = { questions: [{ question: QUESTION, header: 'Storage', options: OPTIONS, multiSelect: false }] };
    const { session } = await openRepl([{ content: [{ type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input }] }], cols, 45);
    await submit(session, 'pick storage');
    const rows = dialog(await waitForSettled(session, /turn\s*│$/), /question 1 of 1/, cols);
    expect(reflowed(between(rows, new RegExp(`^${QUESTION.slice(0, 10)}`), /^$/))).toBe(QUESTION);
    const first = between(rows, /^❯ 1\. SQLite/, /^ {2}2\. JSON/);
    expectHanging(first, 5, 'the first option');
    expect(reflowed(first)).toBe(`❯ 1. SQLite — ${OPTIONS[0]?.description}`);
    expectHanging(between(rows, /^ {2}2\. JSON/, /^ {2}3\. Other/), 5, 'the second option');
    finish(session);
  });

  it('plan approval: the plan wraps inside its own box, its list items under their text', async () => {
    const { session } = await openRepl(
      [{ content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: { plan: PLAN } }] }],
      cols,
      50,
      ['--permission-mode', 'plan'],
    );
    await submit(session, 'plan it');
    const rows = dialog(await waitForSettled(session, /turn\s*│$/), /Ready to code/, cols);
    // The plan's own box: its rows without the inner border and padding.
    const inner = between(rows, /^┌/, /^└/).slice(1).map((row) => row.replace(/^│ /, '').replace(/\s*│$/, ''));
    expect(rows.filter((row) => row.startsWith('│')).every((row) => /│$/.test(row)), 'inner box rows closed').toBe(true);
    expectNoStraySpace(inner);
    expect(reflowed(between(inner, /^Move the index/, /^1\. /))).toBe(PLAN.split('\n')[0]);
    expectHanging(between(inner, /^1\. Write/, /^2\. /), 3, 'the first list item');
    expectHanging(rowsFrom(inner, /^2\. Point/), 3, 'the second list item', cols < 60);
    expectHanging(between(rows, /^ {2}2\. Yes, and approve/, /^ {2}3\. No/), 5, 'the manual-approval choice', cols < 60);
    finish(session);
  });

  it('the resume picker: a long first prompt wraps under its own column, in two rows at most', async () => {
    const { world, mock } = await worldAndMock([{ content: [{ type: 'text', text: 'It is skipped on purpose.' }] }]);
    const earlier = await runPulse(['-p', FIRST_PROMPT], { world, baseUrl: mock.url });
    expect(earlier.code).toBe(0);
    const session = startScreen(world, { cols, rows: 30, args: ['--resume'], env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
    const rows = dialog(await waitForSettled(session, /search\s*│$/), /Resume a conversation/, cols);
    const entry = between(rows, /^❯ (just now|\dm ago)/, /^↑\/↓ choose/);
    expectHanging(entry, 2, 'the entry');
    expect(entry.length, 'rows of the entry').toBeLessThanOrEqual(2);
    expect(reflowed(entry)).toMatch(/^❯ just now 2 msgs Explain why the\b/);
    finish(session);
  });

  it('the first-run key screen: its paragraphs and its long choice keep inside the border and their indents', async () => {
    const { world, mock } = await worldAndMock();
    await mkdir(join(world.home, '.claude'), { recursive: true });
    const session = startScreen(world, { cols, rows: 40, env: { ANTHROPIC_BASE_URL: mock.url } });
    const rows = dialog(await waitForSettled(session, /cancel\s*│$/), /Welcome to Pulse/, cols);
    expect(reflowed(between(rows, /^No API key found/, /^The key is checked/))).toBe(
      'No API key found (ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or an apiKeyHelper in settings).',
    );
    expect(unspaced(between(rows, /^The key is checked/, /^$/))).toMatch(
      /^Thekeyischeckedagainsthttp:\/\/127\.0\.0\.1:\d+,thenkeptin\/\S+\(readableonlybyyou\)\.AnANTHROPIC_API_KEYintheenvironmentalwayswinsoverit\.$/,
    );
    expectHanging(between(rows, /^ {2}2\. Use an apiKeyHelper/, /^↑\/↓ choose/), 5, 'the helper choice');
    finish(session);
  });
});
