// /login inside the REPL: the key screen takes the prompt's place, the key is never drawn, and
// once stored the session uses it and the transcript says so.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, setClientOptions } from '../../src/api/client.js';
import { clearKeyHelperCache } from '../../src/auth/keyHelper.js';
import { resolveApiKey } from '../../src/auth/resolve.js';
import { readStoredCredentials } from '../../src/auth/store.js';
import type { Terminal } from '../../src/query/state.js';
import type { LoopEvent } from '../../src/types/messages.js';
import type { QueryFn } from '../../src/ui/types.js';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { renderApp } from './renderApp.js';

const KEY = 'sk-ant-repl-login-key-R3PL';
const NAMES = ['PULSE_CONFIG_DIR', 'ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

let dir: string;
let mock: MockAnthropic;
const views: Array<{ unmount: () => void }> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-repl-login-'));
  mock = await startMockAnthropic({ turns: [], acceptedKeys: [KEY] });
  process.env.PULSE_CONFIG_DIR = dir;
  process.env.ANTHROPIC_BASE_URL = mock.url;
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_AUTH_TOKEN;
  clearKeyHelperCache();
  await resolveApiKey({ cwd: dir }).catch(() => undefined);
});

afterEach(async () => {
  for (const view of views.splice(0)) view.unmount();
  for (const name of NAMES) {
    const value = saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setClientOptions({});
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const noQuery: QueryFn = async function* (): AsyncGenerator<LoopEvent, Terminal> {
  throw new Error('no turn expected');
};

function renderRepl() {
  const { store, view } = renderApp({
    query: noQuery,
    cwd: dir,
  });
  views.push(view);
  const frame = (): string => plain(view.lastFrame());
  const type = async (text: string): Promise<void> => {
    for (const char of text) view.stdin.write(char);
    await waitFor(() => store.getState().draft.text === text);
  };
  return { store, view, frame, type };
}

describe('/login in the REPL', () => {
  it('opens the key screen, stores a checked key, and the session uses it', async () => {
    const { view, frame, type } = renderRepl();
    await settle();
    await type('/login');
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('1. Paste an API key'));
    await settle();
    view.stdin.write('1');
    await waitFor(() => frame().includes('API key:'));
    for (const char of KEY) view.stdin.write(char);
    await waitFor(() => frame().includes('•'.repeat(KEY.length)));
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('Pulse uses it from the next request on.'));
    expect(frame()).toContain('Key works (sk-…R3PL)');
    expect(frame()).not.toContain('API key:');
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: KEY });
    expect(createClient().apiKey).toBe(KEY);
    expect(view.frames.map(plain).join('\n')).not.toContain(KEY);
  });

  it('is refused while a turn is running', async () => {
    const { store, view, frame, type } = renderRepl();
    await settle();
    await type('/login');
    store.setState({ isRunning: true });
    view.stdin.write(KEYS.enter);
    await waitFor(() => frame().includes('/login failed: wait for the turn to finish'));
    expect(frame()).not.toContain('1. Paste an API key');
  });
});
