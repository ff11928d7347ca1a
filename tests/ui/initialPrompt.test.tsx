// `pulse "fix the test"`: the prompt argument opens the REPL and runs as its first turn.
import { afterEach, describe, expect, it } from 'vitest';
import { chooseMode } from '../../src/cli/mode.js';
import type { QueryParams } from '../../src/query/deps.js';
import type { ReplSession, ResumeChoice } from '../../src/ui/types.js';
import type { AppProps } from '../../src/ui/App.js';
import type { QueryFn } from '../../src/ui/types.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { assistantText, COMPLETED, messageStart } from './loopEvents.js';
import { renderApp } from './renderApp.js';

const views: Array<{ unmount: () => void }> = [];
afterEach(() => {
  for (const view of views.splice(0)) view.unmount();
});

async function renderRepl(extra: Partial<AppProps['options']>) {
  const calls: QueryParams[] = [];
  const query: QueryFn = async function* (params) {
    calls.push(params);
    yield messageStart();
    yield assistantText('On it.');
    return COMPLETED;
  };
  const { store, view } = renderApp({
    query,
    ...extra,
  });
  views.push(view);
  await settle();
  return { view, store, calls, frame: () => plain(view.lastFrame()) };
}

describe('a prompt argument in interactive mode', () => {
  it('is the interactive face when no -p is given and the terminal is a TTY', () => {
    expect(chooseMode({ printFlag: false, hasPrompt: true, stdinIsTTY: true, stdoutIsTTY: true })).toBe('interactive');
    expect(chooseMode({ printFlag: true, hasPrompt: true, stdinIsTTY: true, stdoutIsTTY: true })).toBe('print');
  });

  it('is submitted as the first turn without a key pressed, and Up recalls it', async () => {
    const { view, store, calls, frame } = await renderRepl({ initialPrompt: 'fix the test' });
    await waitFor(() => calls.length === 1);
    expect(calls[0]?.messages.at(-1)).toMatchObject({ type: 'user', message: { content: 'fix the test' } });
    await waitFor(() => frame().includes('> fix the test') && frame().includes('On it.'));
    await waitFor(() => !store.getState().isRunning);
    view.stdin.write(KEYS.up);
    await waitFor(() => store.getState().draft.text === 'fix the test');
    expect(calls).toHaveLength(1);
  });

  it('may be a slash command, run like a typed one', async () => {
    const { calls, frame } = await renderRepl({ initialPrompt: '/cost' });
    await waitFor(() => frame().includes('Total cost:'));
    expect(calls).toHaveLength(0);
  });

  it('waits for the --resume picker to close before it runs', async () => {
    const choices: ResumeChoice[] = [{ sessionId: 'old-1', modified: new Date(0), firstPrompt: 'earlier', messageCount: 2 }];
    const replSession: ReplSession = {
      sessionId: () => 'new-1',
      recordPrompt: () => undefined,
      recordEvent: () => undefined,
      recordCost: () => undefined,
      listSessions: () => choices,
      resume: () => [],
      promptHistory: () => [],
      rememberPrompt: () => undefined,
    };
    const { view, calls, frame } = await renderRepl({
      initialPrompt: 'carry on',
      session: replSession,
      pickSessionAtStart: true,
    });
    await waitFor(() => frame().includes('earlier'));
    expect(calls).toHaveLength(0);
    view.stdin.write(KEYS.escape);
    await waitFor(() => calls.length === 1);
    expect(calls[0]?.messages.at(-1)).toMatchObject({ message: { content: 'carry on' } });
  });
});
