// The key screen (first run and /login): the key is never drawn, it is checked against the
// endpoint before it is stored, and the store holds it with mode 0600.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginActions, type LoginActions } from '../../src/auth/loginActions.js';
import { credentialsPath, readStoredCredentials } from '../../src/auth/store.js';
import { Onboarding, type OnboardingOutcome } from '../../src/ui/components/Onboarding.js';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';

const GOOD_KEY = 'sk-ant-onboarding-good-key-Q7Z9';
const BAD_KEY = 'sk-ant-onboarding-bad-key-X1X1';

let dir: string;
let mock: MockAnthropic;
const views: Array<{ unmount: () => void }> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-onboarding-'));
  mock = await startMockAnthropic({ turns: [], acceptedKeys: [GOOD_KEY] });
});

afterEach(async () => {
  for (const view of views.splice(0)) view.unmount();
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

type Screen = {
  frame(): string;
  /** Every frame drawn so far, joined: what the terminal was ever shown. */
  everything(): string;
  type(text: string): Promise<void>;
  press(key: string): Promise<void>;
  outcomes: Array<OnboardingOutcome | undefined>;
};

async function screen(actions: LoginActions = loginActions({ cwd: dir, configDir: dir, baseURL: mock.url })): Promise<Screen> {
  const outcomes: Array<OnboardingOutcome | undefined> = [];
  const view = render(<Onboarding reason="first-run" actions={actions} onDone={(outcome) => outcomes.push(outcome)} />);
  views.push(view);
  await settle();
  return {
    frame: () => plain(view.lastFrame()),
    everything: () => view.frames.map(plain).join('\n'),
    type: async (text) => {
      for (const char of text) view.stdin.write(char);
      await settle();
    },
    press: async (key) => {
      view.stdin.write(key);
      await settle();
    },
    outcomes,
  };
}

describe('Onboarding', () => {
  it('offers a pasted key or a helper command, and says where the key goes', async () => {
    const s = await screen();
    expect(s.frame()).toContain('Welcome to Pulse');
    expect(s.frame()).toContain('1. Paste an API key');
    expect(s.frame()).toContain('2. Use an apiKeyHelper command');
    expect(s.frame()).toContain(mock.url);
    expect(s.frame().replace(/\s*│\s*/g, '')).toContain(credentialsPath(dir).replace(/\s/g, ''));
  });

  it('never draws the key, checks it, then stores it with mode 0600', async () => {
    const s = await screen();
    await s.press(KEYS.enter);
    await waitFor(() => s.frame().includes('API key:'));
    await s.type(GOOD_KEY);
    await waitFor(() => s.frame().includes('•'.repeat(GOOD_KEY.length)));
    await s.press(KEYS.enter);
    await waitFor(() => s.outcomes.length === 1);
    expect(s.frame()).toContain('Key works (sk-…Q7Z9)');
    expect(s.outcomes[0]).toEqual({ kind: 'apiKey', path: credentialsPath(dir), masked: 'sk-…Q7Z9', checked: true });
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: GOOD_KEY });
    expect((await stat(credentialsPath(dir))).mode & 0o777).toBe(0o600);
    expect(mock.modelListRequests[0]?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
    expect(s.everything()).not.toContain(GOOD_KEY);
    expect(s.everything()).not.toContain(GOOD_KEY.slice(0, 12));
  });

  it('takes a pasted chunk with its line end as the whole entry', async () => {
    const s = await screen();
    await s.press('1');
    await s.press(`${GOOD_KEY}\r`);
    await waitFor(() => s.outcomes.length === 1);
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: GOOD_KEY });
    expect(s.everything()).not.toContain(GOOD_KEY);
  });

  it('says the endpoint rejected a bad key, stores nothing, and lets another key be tried', async () => {
    const s = await screen();
    await s.press('1');
    await s.type(BAD_KEY);
    await s.press(KEYS.enter);
    await waitFor(() => s.frame().includes('The endpoint rejected this key (401)'));
    expect(s.frame()).not.toContain('Save it anyway');
    expect(await readStoredCredentials(dir)).toBeUndefined();
    await s.press(KEYS.enter);
    await waitFor(() => s.frame().includes('API key:'));
    await s.type(GOOD_KEY);
    await s.press(KEYS.enter);
    await waitFor(() => s.outcomes.length === 1);
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: GOOD_KEY });
    expect(s.everything()).not.toContain(BAD_KEY);
  });

  it('says when the endpoint cannot be reached and can save the key anyway', async () => {
    const actions = { ...loginActions({ cwd: dir, configDir: dir, baseURL: 'http://127.0.0.1:9' }) };
    const s = await screen(actions);
    await s.press('1');
    await s.type(GOOD_KEY);
    await s.press(KEYS.enter);
    await waitFor(() => s.frame().includes('Could not reach http://127.0.0.1:9'));
    await s.press(KEYS.down);
    await waitFor(() => s.frame().includes('❯ Save it anyway'));
    await s.press(KEYS.enter);
    await waitFor(() => s.outcomes.length === 1);
    expect(s.outcomes[0]?.checked).toBe(false);
    expect(await readStoredCredentials(dir)).toEqual({ apiKey: GOOD_KEY });
  });

  it('runs a helper command, checks its key and stores the command, not the key', async () => {
    const s = await screen();
    await s.press('2');
    await waitFor(() => s.frame().includes('Command:'));
    const command = `printf '%s' ${GOOD_KEY}`;
    await s.type(command);
    await s.press(KEYS.enter);
    await waitFor(() => s.outcomes.length === 1);
    expect(s.outcomes[0]).toMatchObject({ kind: 'apiKeyHelper', checked: true, masked: 'sk-…Q7Z9' });
    expect(await readStoredCredentials(dir)).toEqual({ apiKeyHelper: command });
  });

  it('shows a failing helper in one line and keeps the command for editing', async () => {
    const s = await screen();
    await s.press('2');
    await s.type('echo nope >&2; exit 2');
    await s.press(KEYS.enter);
    await waitFor(() => s.frame().includes('failed (exit 2): nope'));
    expect(s.frame()).toContain('Command: echo nope >&2; exit 2');
    expect(await readStoredCredentials(dir)).toBeUndefined();
  });

  it('steps back with Esc and cancels from the first step', async () => {
    const s = await screen();
    await s.press('1');
    await waitFor(() => s.frame().includes('API key:'));
    await s.press(KEYS.escape);
    await waitFor(() => s.frame().includes('1. Paste an API key'));
    await s.press(KEYS.escape);
    await waitFor(() => s.outcomes.length === 1);
    expect(s.outcomes).toEqual([undefined]);
    expect(await readStoredCredentials(dir)).toBeUndefined();
  });
});
