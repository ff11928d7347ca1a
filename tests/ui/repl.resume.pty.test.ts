// Two REPL sessions in a real pseudo-terminal: the second one continues the first (--continue),
// shows what was said, offers the earlier prompt on the Up arrow, and keeps the session id.
import { describe, expect, it } from 'vitest';
import { startPtyPulse, type PtyPulse } from '../support/ptyPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario, type PtyScenario } from './ptyHarness.js';

function startRepl({ world, apiEnv }: PtyScenario, args: string[]): PtyPulse {
  return startPtyPulse(world, { args, env: apiEnv });
}

describe('resuming in the REPL', () => {
  it('continues the last conversation with its history and prompt history', async () => {
    const scenario = await ptyScenario({
      turns: [{ content: [{ type: 'text', text: 'Noted: kiwi.' }] }, { content: [{ type: 'text', text: 'You said kiwi.' }] }],
    });

    const first = startRepl(scenario, []);
    await waitFor(() => first.screen().includes('/ for commands'), 15_000);
    first.write('remember kiwi');
    // The prompt line itself, not the terminal's echo from before Ink took raw mode.
    await waitFor(() => /> remember kiwi/.test(first.screen()), 10_000);
    first.write('\r');
    await waitFor(() => first.screen().includes('Noted: kiwi.'), 15_000);
    first.write('\u0004');
    await waitFor(first.exited, 10_000);
    const id = /pulse --resume ([0-9a-f-]{36})/.exec(first.screen())?.[1];
    expect(id).toBeDefined();

    const second = startRepl(scenario, ['--continue']);
    await waitFor(() => second.screen().includes(`Resumed session ${id}`), 15_000);
    expect(second.screen()).toContain('Noted: kiwi.');
    second.write('\u001B[A');
    await waitFor(() => (second.screen().match(/remember kiwi/g) ?? []).length >= 2, 10_000);
    second.write('\u0015');
    second.write('which fruit?');
    await waitFor(() => /> which fruit\?/.test(second.screen()), 10_000);
    second.write('\r');
    await waitFor(() => second.screen().includes('You said kiwi.'), 15_000);
    const sent = JSON.stringify(scenario.mock.requests[1]?.body.messages);
    expect(sent).toContain('remember kiwi');
    expect(sent).toContain('Noted: kiwi.');
    expect(sent).toContain('which fruit?');
    second.write('\u0004');
    await waitFor(second.exited, 10_000);
    expect(second.screen()).toContain(`pulse --resume ${id}`);
  }, 60_000);
});
