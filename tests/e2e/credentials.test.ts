// Print mode finds its key the same way as the REPL: the environment first, then a settings
// apiKeyHelper, then what /login stored under PULSE_CONFIG_DIR.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeStoredCredentials } from '../../src/auth/store.js';
import { resultOf, scenario, STREAM_JSON } from './harness.js';

const STORED = 'sk-ant-stored-e2e-key-5T0R';

describe('credentials in print mode', () => {
  it('answers with only a stored key (no key in the environment)', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'hello from the mock' }] }]);
    await writeStoredCredentials({ apiKey: STORED }, s.world.configDir);
    const run = await s.run(['-p', 'hi'], { apiKey: null });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('hello from the mock');
    expect(s.mock.requests[0]?.headers.authorization).toBe(`Bearer ${STORED}`);
  });

  it('reports the stored key as the source and never prints it', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeStoredCredentials({ apiKey: STORED }, s.world.configDir);
    const run = await s.run(['-p', 'hi', ...STREAM_JSON], { apiKey: null });
    expect(run.code).toBe(0);
    expect(run.json()[0]).toMatchObject({ type: 'system', subtype: 'init', apiKeySource: '/login managed key' });
    expect(resultOf(run.json()).is_error).toBe(false);
    expect(run.stdout + run.stderr).not.toContain(STORED);
  });

  it('lets the environment key win over the stored one', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeStoredCredentials({ apiKey: STORED }, s.world.configDir);
    const run = await s.run(['-p', 'hi'], { apiKey: 'sk-from-env' });
    expect(run.code).toBe(0);
    expect(s.mock.requests[0]?.headers.authorization).toBe('Bearer sk-from-env');
  });

  it('lets a settings apiKeyHelper win over the stored key', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeStoredCredentials({ apiKey: STORED }, s.world.configDir);
    await mkdir(join(s.world.repo, '.claude'));
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ apiKeyHelper: 'echo sk-from-helper' }));
    const run = await s.run(['-p', 'hi'], { apiKey: null });
    expect(run.code).toBe(0);
    expect(s.mock.requests[0]?.headers.authorization).toBe('Bearer sk-from-helper');
  });

  it('runs a stored apiKeyHelper command', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    await writeStoredCredentials({ apiKeyHelper: 'printf sk-stored-helper' }, s.world.configDir);
    const run = await s.run(['-p', 'hi'], { apiKey: null });
    expect(run.code).toBe(0);
    expect(s.mock.requests[0]?.headers.authorization).toBe('Bearer sk-stored-helper');
  });

  it('stops with one line naming the file when the stored credential is damaged', async () => {
    const s = await scenario([]);
    await writeFile(join(s.world.configDir, 'credentials.json'), '{ broken');
    const run = await s.run(['-p', 'hi'], { apiKey: null });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^pulse: error: .*credentials\.json is not valid JSON/);
  });
});
