// First run in a real terminal: no key anywhere, so `pulse` opens the key screen; a pasted key
// is checked against the mock, stored with mode 0600, and the REPL starts and uses it.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStoredCredentials } from '../../src/auth/store.js';
import { startPtyPulse, type PtyPulse } from '../support/ptyPulse.js';
import type { PulseWorld } from '../support/runPulse.js';
import { waitFor } from './helpers.js';
import { ptyScenario } from './ptyHarness.js';
const KEY = 'sk-ant-first-run-pty-key-F1R5';

function startPulseWithoutKey(current: PulseWorld, url: string): PtyPulse {
  return startPtyPulse(current, { cols: 120, env: { ANTHROPIC_BASE_URL: url } });
}

describe('first run', () => {
  it('asks for a key, checks and stores it, then the REPL uses it', async () => {
    const { world, mock } = await ptyScenario({ turns: [{ content: [{ type: 'text', text: 'Hello with the stored key.' }] }], acceptedKeys: [KEY] });
    const pulse = startPulseWithoutKey(world, mock.url);

    await waitFor(() => pulse.screen().includes('1. Paste an API key'), 15_000);
    pulse.write('1');
    await waitFor(() => pulse.screen().includes('API key:'), 10_000);
    pulse.write(KEY);
    await waitFor(() => pulse.screen().includes('•'.repeat(KEY.length)), 10_000);
    pulse.write('\r');
    await waitFor(() => pulse.screen().includes('Key works (sk-…F1R5)'), 15_000);
    await waitFor(() => pulse.screen().includes('/ for commands'), 15_000);
    const stored = join(world.configDir, 'credentials.json');
    expect(await readStoredCredentials(world.configDir)).toEqual({ apiKey: KEY });
    expect((await stat(stored)).mode & 0o777).toBe(0o600);

    pulse.write('hi');
    // The prompt line itself: a bare 'hi' is already on screen inside other words.
    await waitFor(() => /> hi/.test(pulse.screen()), 10_000);
    pulse.write('\r');
    await waitFor(() => pulse.screen().includes('Hello with the stored key.'), 15_000);
    expect(mock.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    pulse.write('\u0004');
    await waitFor(() => pulse.exitCode() !== undefined, 10_000);
    expect(pulse.exitCode()).toBe(0);
    expect(pulse.screen()).not.toContain(KEY);
  });

  it('ends with the missing-key line when the key screen is cancelled', async () => {
    const { world, mock } = await ptyScenario({ turns: [] });
    const pulse = startPulseWithoutKey(world, mock.url);
    await waitFor(() => pulse.screen().includes('1. Paste an API key'), 15_000);
    pulse.write('\u001B');
    await waitFor(() => pulse.exitCode() !== undefined, 10_000);
    expect(pulse.exitCode()).toBe(1);
    expect(pulse.screen()).toMatch(/pulse: error: No API key found/);
    expect(await readStoredCredentials(world.configDir)).toBeUndefined();
  });
});
