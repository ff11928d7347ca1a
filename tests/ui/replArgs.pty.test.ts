// The built CLI in a real pseudo-terminal: `pulse "<prompt>"` opens the REPL and sends the prompt
// as the first turn, /model changes the model of the next request, /status names the endpoint.
import { describe, expect, it } from 'vitest';
import { startPtyPulse } from '../support/ptyPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario } from './ptyHarness.js';

describe('pulse "<prompt>" in a pty', () => {
  it('runs the prompt at once, then /model and /status act on the live session', async () => {
    const { world, mock } = await ptyScenario({
      turns: [
        { content: [{ type: 'text', text: 'First answer here.\n' }] },
        { content: [{ type: 'text', text: 'Second answer here.\n' }] },
      ],
    });
    const session = startPtyPulse(world, {
      args: ['fix the failing test'],
      env: { ANTHROPIC_API_KEY: 'sk-pty-secret', ANTHROPIC_BASE_URL: mock.url },
    });
    const { screen } = session;
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
    await waitFor(() => screen().includes('Model set to claude-haiku-5-5'), 15_000);
    await type('/status', /> \/status/);
    await waitFor(() => screen().includes('API endpoint:') && screen().includes('MCP servers:'), 15_000);
    expect(screen()).toContain(mock.url);
    expect(screen()).toContain('Model:            claude-haiku-5-5');
    expect(screen()).not.toContain('sk-pty-secret');

    await type('and now?', /> and now\?/);
    await mock.waitForRequests(2);
    expect(mock.requests[1]?.body.model).toBe('claude-haiku-5-5');
    await waitFor(() => screen().includes('Second answer here.'), 15_000);

    session.write('\u0004');
    await waitFor(session.exited, 10_000);
    expect(session.exitCode()).toBe(0);
  });
});
