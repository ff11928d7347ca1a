// Two REPL sessions in a real pseudo-terminal: the second one continues the first (--continue),
// shows what was said, offers the earlier prompt on the Up arrow, and keeps the session id.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { killPtyPulses, startPtyPulse, type PtyPulse } from '../support/ptyPulse.js';
import { assertBuilt, createWorld, type PulseWorld } from '../support/runPulse.js';
import { waitFor } from './helpers.js';

let world: PulseWorld | undefined;
let mock: MockAnthropic | undefined;

afterEach(async () => {
  killPtyPulses();
  await mock?.close();
  await world?.cleanup();
  mock = undefined;
  world = undefined;
});

function startRepl(args: string[]): PtyPulse {
  if (!world || !mock) throw new Error('no world');
  return startPtyPulse(world, { args, env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: mock.url } });
}

describe('resuming in the REPL', () => {
  it('continues the last conversation with its history and prompt history', async () => {
    assertBuilt();
    world = await createWorld();
    mock = await startMockAnthropic({
      turns: [{ content: [{ type: 'text', text: 'Noted: kiwi.' }] }, { content: [{ type: 'text', text: 'You said kiwi.' }] }],
    });

    const first = startRepl([]);
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

    const second = startRepl(['--continue']);
    await waitFor(() => second.screen().includes(`Resumed session ${id}`), 15_000);
    expect(second.screen()).toContain('Noted: kiwi.');
    second.write('\u001B[A');
    await waitFor(() => (second.screen().match(/remember kiwi/g) ?? []).length >= 2, 10_000);
    second.write('\u0015');
    second.write('which fruit?');
    await waitFor(() => /> which fruit\?/.test(second.screen()), 10_000);
    second.write('\r');
    await waitFor(() => second.screen().includes('You said kiwi.'), 15_000);
    const sent = JSON.stringify(mock.requests[1]?.body.messages);
    expect(sent).toContain('remember kiwi');
    expect(sent).toContain('Noted: kiwi.');
    expect(sent).toContain('which fruit?');
    second.write('\u0004');
    await waitFor(second.exited, 10_000);
    expect(second.screen()).toContain(`pulse --resume ${id}`);
  }, 60_000);
});
