import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCallModel } from '../../../src/api/callModel.js';
import { createClient, getClient, setClientOptions, type FirstPartyClient } from '../../../src/api/client.js';
import { MissingApiKeyError } from '../../../src/api/errors.js';
import { clearKeyHelperCache } from '../../../src/auth/keyHelper.js';
import { refreshApiKey, resolveApiKey } from '../../../src/auth/resolve.js';
import { removeStoredCredentials, writeStoredCredentials } from '../../../src/auth/store.js';
import { startMockAnthropic } from '../../support/mockAnthropic.js';
import { assistants, params, run } from '../api/callModelHarness.js';

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

describe('a helper key the API refuses', () => {
  it('asks the helper for a new key after a 401 and sends the request again once', async () => {
    const keyFile = join(dir, 'key');
    await writeFile(keyFile, 'sk-helper-old-0000\n');
    const mock = await startMockAnthropic({ turns: [{ content: [{ type: 'text', text: 'fresh key works' }] }], acceptedKeys: ['sk-helper-new-1111'] });
    process.env.ANTHROPIC_BASE_URL = mock.url;
    try {
      await resolveApiKey({ settingsHelper: `cat ${keyFile}`, cwd: dir, env: {}, configDir: dir });
      // The helper's vault has rotated the key since Pulse started.
      await writeFile(keyFile, 'sk-helper-new-1111\n');
      const { events } = await run(createCallModel(getClient)(params()));
      const sent = mock.requests.map((request) => request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, ''));
      expect(sent).toEqual(['sk-helper-old-0000', 'sk-helper-new-1111']);
      expect(JSON.stringify(assistants(events).at(-1)?.message.content)).toContain('fresh key works');
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      await mock.close();
    }
  });

  it('reports the 401 when the helper hands out the same key again', async () => {
    const mock = await startMockAnthropic({ turns: [], acceptedKeys: ['sk-someone-else-9999'] });
    process.env.ANTHROPIC_BASE_URL = mock.url;
    try {
      await resolveApiKey({ settingsHelper: 'echo sk-helper-same-2222', cwd: dir, env: {}, configDir: dir });
      const { events } = await run(createCallModel(getClient)(params()));
      expect(mock.requests).toHaveLength(1);
      expect(assistants(events)[0]?.apiError).toBe('authentication_failed');
    } finally {
      delete process.env.ANTHROPIC_BASE_URL;
      await mock.close();
    }
  });
});
