import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, getClient, setClientOptions, type FirstPartyClient } from '../../../src/api/client.js';
import { MissingApiKeyError } from '../../../src/api/errors.js';
import { clearKeyHelperCache } from '../../../src/auth/keyHelper.js';
import { refreshApiKey, resolveApiKey } from '../../../src/auth/resolve.js';
import { removeStoredCredentials, writeStoredCredentials } from '../../../src/auth/store.js';

let dir: string;
const savedEnv = { key: process.env.ANTHROPIC_API_KEY, token: process.env.ANTHROPIC_AUTH_TOKEN };

/** The key the session's client would send now (the SDK keeps it as `apiKey`). */
async function clientKey(): Promise<string | null> {
  return ((await getClient()) as FirstPartyClient).apiKey;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-resolve-'));
  delete process.env.ANTHROPIC_API_KEY;
  delete process.env.ANTHROPIC_AUTH_TOKEN;
  clearKeyHelperCache();
  setClientOptions({});
});

afterEach(async () => {
  for (const [name, value] of [['ANTHROPIC_API_KEY', savedEnv.key], ['ANTHROPIC_AUTH_TOKEN', savedEnv.token]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setClientOptions({});
  await rm(dir, { recursive: true, force: true });
});

describe('credential lookup order', () => {
  it('prefers the environment over a settings helper and a stored key', async () => {
    await writeStoredCredentials({ apiKey: 'sk-stored-key-1111' }, dir);
    const env = { ANTHROPIC_API_KEY: 'sk-env-key-0000' };
    process.env.ANTHROPIC_API_KEY = env.ANTHROPIC_API_KEY;
    const source = await resolveApiKey({ settingsHelper: 'echo sk-helper-key-2222', cwd: dir, env, configDir: dir });
    expect(source).toBe('ANTHROPIC_API_KEY');
    expect(await clientKey()).toBe('sk-env-key-0000');
  });

  it('counts ANTHROPIC_AUTH_TOKEN as the environment too', async () => {
    await writeStoredCredentials({ apiKey: 'sk-stored-key-1111' }, dir);
    const source = await resolveApiKey({ cwd: dir, env: { ANTHROPIC_AUTH_TOKEN: 'tok' }, configDir: dir });
    expect(source).toBe('ANTHROPIC_AUTH_TOKEN');
  });

  it('prefers a settings helper over the stored key', async () => {
    await writeStoredCredentials({ apiKey: 'sk-stored-key-1111' }, dir);
    const source = await resolveApiKey({ settingsHelper: 'echo sk-helper-key-2222', cwd: dir, env: {}, configDir: dir });
    expect(source).toBe('apiKeyHelper');
    expect(await clientKey()).toBe('sk-helper-key-2222');
  });

  it('uses the stored key when nothing else is set', async () => {
    await writeStoredCredentials({ apiKey: 'sk-stored-key-1111' }, dir);
    expect(await resolveApiKey({ cwd: dir, env: {}, configDir: dir })).toBe('/login managed key');
    expect(await clientKey()).toBe('sk-stored-key-1111');
  });

  it('runs a stored helper command', async () => {
    await writeStoredCredentials({ apiKeyHelper: 'echo sk-stored-helper-3333' }, dir);
    expect(await resolveApiKey({ cwd: dir, env: {}, configDir: dir })).toBe('apiKeyHelper');
    expect(await clientKey()).toBe('sk-stored-helper-3333');
  });

  it('fails with the missing-key error when there is nothing, and a failing helper says why', async () => {
    await expect(resolveApiKey({ cwd: dir, env: {}, configDir: dir })).rejects.toBeInstanceOf(MissingApiKeyError);
    await expect(resolveApiKey({ settingsHelper: 'exit 4', cwd: dir, env: {}, configDir: dir })).rejects.toThrow(
      /apiKeyHelper "exit 4" failed \(exit 4\)/,
    );
  });

  it('applies a newly stored or removed key when asked to look again', async () => {
    await expect(resolveApiKey({ cwd: dir, env: {}, configDir: dir })).rejects.toBeInstanceOf(MissingApiKeyError);
    await writeStoredCredentials({ apiKey: 'sk-after-login-4444' }, dir);
    expect(await refreshApiKey()).toBe('/login managed key');
    expect(await clientKey()).toBe('sk-after-login-4444');
    await removeStoredCredentials(dir);
    expect(await refreshApiKey()).toBeUndefined();
    expect(() => createClient({ baseURL: 'http://127.0.0.1:9' })).toThrow(MissingApiKeyError);
  });
});
