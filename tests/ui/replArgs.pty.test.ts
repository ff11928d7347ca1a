// The built CLI in a real pseudo-terminal: `pulse "<prompt>"` opens the REPL and sends the prompt
// as the first turn, /model changes the model of the next request, /status names the endpoint.
import { spawn, type IPty } from '@lydell/node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { assertBuilt, createWorld, PULSE_BIN, type PulseWorld } from '../support/runPulse.js';
import { waitFor } from './helpers.js';

// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001B(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007]*\u0007|[=>])/g;

let world: PulseWorld | undefined;
let mock: MockAnthropic | undefined;
let pty: IPty | undefined;

afterEach(async () => {
  pty?.kill();
  await mock?.close();
  await world?.cleanup();
  pty = undefined;
  mock = undefined;
  world = undefined;
});

describe('pulse "<prompt>" in a pty', () => {
  it('runs the prompt at once, then /model and /status act on the live session', async () => {
    assertBuilt();
    world = await createWorld();
    mock = await startMockAnthropic({
      turns: [
        { content: [{ type: 'text', text: 'First answer here.\n' }] },
        { content: [{ type: 'text', text: 'Second answer here.\n' }] },
      ],
    });
    let output = '';
    let exitCode: number | undefined;
    pty = spawn(process.execPath, [PULSE_BIN, 'fix the failing test'], {
      name: 'xterm-256color',
      cols: 100,
      rows: 40,
      cwd: world.repo,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: world.home,
        PULSE_CONFIG_DIR: world.configDir,
        ANTHROPIC_API_KEY: 'sk-pty-secret',
        ANTHROPIC_BASE_URL: mock.url,
        TERM: 'xterm-256color',
      },
    });
    pty.onData((data) => (output += data));
    pty.onExit(({ exitCode: code }) => (exitCode = code));
    const screen = (): string => output.replace(ESCAPES, '');
    const session = pty;
    const type = async (text: string, shown: RegExp): Promise<void> => {
      session.write(text);
      await waitFor(() => shown.test(screen()), 15_000);
      session.write('\r');
    };

    await mock.waitForRequests(1);
    expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('fix the failing test');
    await waitFor(() => screen().includes('First answer here.'), 15_000);
    // The turn is over (its summary line is printed), so what is typed next runs rather than queues.
    await waitFor(() => screen().includes('Worked for'), 15_000);

    await type('/model haiku', /> \/model haiku/);
    await waitFor(() => screen().includes('Model set to claude-haiku-4-5'), 15_000);
    await type('/status', /> \/status/);
    await waitFor(() => screen().includes('API endpoint:') && screen().includes('MCP servers:'), 15_000);
    expect(screen()).toContain(mock.url);
    expect(screen()).toContain('Model:            claude-haiku-4-5');
    expect(screen()).not.toContain('sk-pty-secret');

    await type('and now?', /> and now\?/);
    await mock.waitForRequests(2);
    expect(mock.requests[1]?.body.model).toBe('claude-haiku-4-5');
    await waitFor(() => screen().includes('Second answer here.'), 15_000);

    session.write('\u0004');
    await waitFor(() => exitCode !== undefined, 10_000);
    expect(exitCode).toBe(0);
  });
});
