// A resumed session draws its recent history at once: every row of it mounts in one frame. Each
// row that follows the terminal's size once added its own 'resize' listener to stdout, and past
// ten of them Node printed a MaxListenersExceededWarning over the REPL.
import { expect, it } from 'vitest';
import { startMockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { runPulse } from '../support/runPulse.js';
import { openRepl, submit, TURN_END } from './scenario.js';
import { startScreen } from './terminal.js';

const TURNS = 12;

it('shows a resumed history of many rows with nothing printed over it', async () => {
  const { session: idle, world, mock } = await openRepl([{ content: [{ type: 'text', text: 'Still here.' }] }], 60, 20);
  idle.kill();
  // The history to resume: twelve questions and answers in one stream-json run.
  const earlier = await startMockAnthropic({
    turns: Array.from({ length: TURNS }, (_, index): MockTurn => ({ content: [{ type: 'text', text: `Answer number ${index + 1}.` }] })),
  });
  try {
    const stdin = Array.from({ length: TURNS }, (_, index) =>
      JSON.stringify({ type: 'user', message: { role: 'user', content: `question number ${index + 1}` } }),
    ).join('\n');
    const run = await runPulse(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], { world, baseUrl: earlier.url, stdin: `${stdin}\n` });
    expect(run.code, run.stderr).toBe(0);
  } finally {
    await earlier.close();
  }

  const session = startScreen(world, { cols: 60, rows: 20, args: ['--continue'], env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
  await session.waitForText('/ for commands');
  await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
  // A warning from the resumed rows' mount is written long before a whole turn has run.
  await submit(session, 'still there?');
  await session.waitFor((s) => s.lines().some((line) => TURN_END.test(line)), 'the turn to end');
  const all = session.lines();
  expect(all.some((line) => line.includes(`Answer number ${TURNS}.`)), 'the resumed answer').toBe(true);
  expect(all.filter((line) => /Warning|EventEmitter|MaxListeners/.test(line)), 'warnings over the REPL').toEqual([]);
});
