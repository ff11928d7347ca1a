// A resumed session looks as it did live: every tool call's row with its result (Read, Bash with its
// output, Edit with its diff, a call stopped by Esc on its permission dialog), the answer Esc cut
// short, and where each turn was interrupted — as Claude Code 2.1.332 draws a resumed session. A
// session killed while a call ran resumes with that call's row saying it was stopped.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { assertBuilt, createWorld, type PulseWorld } from '../support/runPulse.js';
import { TURN_END } from './scenario.js';
import { startScreen, type ScreenSession } from './terminal.js';

const INTERRUPTED = 'Interrupted. Tell Pulse what to do instead.';
const STORY = Array.from({ length: 60 }, (_, index) => `Story line ${index + 1} goes on.`).join('\n\n');

type Setup = { world: PulseWorld; env: Record<string, string>; close: () => Promise<void> };

/** A world whose settings let `allow` run unasked, and a mock answering the conversation's requests with `script`'s turns. */
async function setUp(script: (file: string) => MockTurn[], allow: string[]): Promise<Setup> {
  assertBuilt();
  const world = await createWorld();
  const file = join(world.repo, 'notes.txt');
  await writeFile(file, 'alpha\nsecond line\nthird line\n');
  await mkdir(join(world.home, '.claude'), { recursive: true });
  await writeFile(join(world.home, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow } }));
  const turns = script(file);
  let next = 0;
  // Requests without tools (a title, a summary) are not the conversation's turns.
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) => (Array.isArray(request.body.tools) && request.body.tools.length > 0 ? (turns[next++] ?? { content: [{ type: 'text', text: 'ok' }] }) : { content: [{ type: 'text', text: 'x' }] }),
  });
  const close = async (): Promise<void> => {
    await mock.close();
    await world.cleanup();
  };
  return { world, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url }, close };
}

async function open(setup: Setup, cols: number, args: string[] = []): Promise<ScreenSession> {
  const session = startScreen(setup.world, { cols, rows: 30, args, env: setup.env });
  await session.waitForText('/ for commands');
  await session.waitFor((s) => s.bytes().includes('\u001B[?2004h'), 'the prompt to read keys');
  return session;
}

async function type(session: ScreenSession, prompt: string): Promise<void> {
  session.write(prompt);
  await session.waitForText(`> ${prompt}`);
  session.write('\r');
}

const count = (session: ScreenSession, text: string): number => session.lines().filter((line) => line.includes(text)).length;

/** Presses `key` until `text` shows one more time than before (a key sent as a dialog mounts can be lost). */
async function pressForMore(session: ScreenSession, key: string, text: string): Promise<void> {
  const before = count(session, text);
  for (let attempt = 0; attempt < 5; attempt++) {
    session.write(key);
    try {
      await session.waitFor((s) => count(s, text) > before, `another "${text}"`, 2000);
      return;
    } catch {
      // The key was lost; press again.
    }
  }
  throw new Error(`"${text}" never showed again`);
}

/** The conversation's rows: from its first prompt up to the prompt box, without the lines a turn's end adds live. */
function conversation(session: ScreenSession, firstPrompt: string): string[] {
  const lines = session.lines();
  const start = lines.findIndex((line) => line.startsWith(`> ${firstPrompt}`));
  const end = lines.findLastIndex((line) => line.startsWith('╭'));
  expect(start, `no "> ${firstPrompt}"`).toBeGreaterThanOrEqual(0);
  return lines
    .slice(start, end)
    .filter((line) => !TURN_END.test(line))
    .join('\n')
    .replace(/\n{2,}/g, '\n\n')
    .trimEnd()
    .split('\n');
}

async function quit(session: ScreenSession): Promise<string> {
  session.write('\u0003');
  await session.waitFor((s) => s.exitCode() !== undefined || s.screen().some((line) => /again to exit/i.test(line)), 'the exit hint');
  if (session.exitCode() === undefined) session.write('\u0003');
  await session.waitFor((s) => s.exitCode() !== undefined, 'Pulse to exit');
  const id = /--resume (\S+)/.exec(session.lines().join('\n'))?.[1];
  expect(id).toBeDefined();
  return id ?? '';
}

const TOOL_SCRIPT = (file: string): MockTurn[] => [
  { content: [{ type: 'text', text: 'Let me read it.' }, { type: 'tool_use', name: 'Read', input: { file_path: file } }] },
  { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo hello; echo two; echo three; echo four; echo five', description: 'Say hello' } }] },
  { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: file, old_string: 'alpha', new_string: 'beta' } }] },
  { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'rm notes.txt', description: 'Remove the notes' } }] },
  { content: [{ type: 'text', text: STORY }], chunkSize: 6, chunkDelayMs: 15 },
];

describe('a resumed session', () => {
  for (const [cols, how] of [
    [60, ['--resume']],
    [100, ['--continue']],
  ] as const) {
    it(`shows the tool rows and interruptions it showed live (${cols} columns, ${how[0]})`, async () => {
      const setup = await setUp(TOOL_SCRIPT, ['Bash(echo:*)', 'Edit']);
      try {
        const live = await open(setup, cols);
        await type(live, 'tidy the notes file');
        await live.waitForText(/Allow Bash\(rm notes\.txt\)/);
        await pressForMore(live, '\u001B', INTERRUPTED);
        await type(live, 'tell me a story');
        await live.waitFor((s) => s.lines().some((line) => line.includes('Story line 6 ')), 'the story to stream');
        await pressForMore(live, '\u001B', INTERRUPTED);
        await live.waitFor((s) => count(s, 'esc to interrupt') === 0, 'the turn to end');
        const shownLive = conversation(live, 'tidy the notes file');
        const id = await quit(live);

        const resumed = await open(setup, cols, how[0] === '--resume' ? ['--resume', id] : ['--continue']);
        await resumed.waitFor((s) => s.lines().some((line) => line.startsWith('Resumed session')), 'the resumed history');
        const shownResumed = conversation(resumed, 'tidy the notes file');
        expect(shownResumed).toEqual(shownLive);
        // What the rows are, so the comparison above is not of two empty screens.
        const text = shownResumed.join('\n');
        expect(text).toMatch(/● Read\(notes\.txt\)\n {2}⎿ {2}Read 4 lines/);
        expect(text).toMatch(/● Bash\(echo hello; echo two[^⎿]*⎿ {2}hello\n {5}two\n {5}three\n {5}… \+2 lines/);
        expect(text).toMatch(/● Edit\(notes\.txt\)\n {2}⎿ {2}Updated notes\.txt[^\n]*\n[^\n]*- alpha\n[^\n]*\+ beta/);
        expect(text).toMatch(/● Bash\(rm notes\.txt\)\n {2}⎿ {2}Stopped: the user interrupted/);
        expect(text.split(INTERRUPTED)).toHaveLength(3);
        expect(text).toMatch(/Story line 6 goes on\./);
        expect(resumed.lines().join('\n')).not.toMatch(/repaired/);
      } finally {
        await setup.close();
      }
    }, 90_000);
  }

  it('killed while a call ran, shows that call stopped with its outcome unknown', async () => {
    let shell = 0;
    const setup = await setUp(() => [{ content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo $$ > ran; sleep 30', description: 'Wait' } }] }], ['Bash']);
    try {
      const live = await open(setup, 80);
      await type(live, 'wait a bit');
      await live.waitFor(() => existsSync(join(setup.world.repo, 'ran')) && readFileSync(join(setup.world.repo, 'ran'), 'utf8').trim() !== '', 'the command to run');
      process.kill(live.pid(), 'SIGKILL');
      // The command's shell leads its own process group, which outlives a killed Pulse.
      shell = Number(readFileSync(join(setup.world.repo, 'ran'), 'utf8'));
      await live.waitFor((s) => s.exitCode() !== undefined, 'Pulse to die');

      const resumed = await open(setup, 80, ['--continue']);
      await resumed.waitFor((s) => s.lines().some((line) => line.startsWith('Resumed session')), 'the resumed history');
      const text = conversation(resumed, 'wait a bit').join('\n');
      expect(text).toMatch(/● Bash\(echo \$\$ > ran; sleep 30\)\n {2}⎿ {2}The session stopped while this tool call was running, so its outcome is\n {5}unknown/);
    } finally {
      if (shell > 0) process.kill(-shell, 'SIGKILL');
      await setup.close();
    }
  }, 60_000);
});
