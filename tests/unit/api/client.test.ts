import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCallModel } from '../../../src/api/callModel.js';
import { createClient, getClient, hasCredentials, setClientOptions, type FirstPartyClient } from '../../../src/api/client.js';
import { MissingApiKeyError } from '../../../src/api/errors.js';
import { startMockAnthropic, type MockAnthropic } from '../../support/mockAnthropic.js';
import { assistants, params, run, setEnv } from './callModelHarness.js';

let restoreEnv: () => void = () => undefined;
let mock: MockAnthropic | undefined;

beforeEach(() => {
  restoreEnv = setEnv({ ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: undefined, ANTHROPIC_BASE_URL: undefined });
  setClientOptions({});
});

afterEach(async () => {
  restoreEnv();
  setClientOptions({});
  await mock?.close();
  mock = undefined;
});

describe('createClient', () => {
  it('refuses to build a client without a key or token', () => {
    expect(() => createClient()).toThrow(MissingApiKeyError);
    expect(hasCredentials()).toBe(false);
  });

  it('turns SDK retries off and reads the environment', () => {
    process.env.ANTHROPIC_API_KEY = 'sk-env';
    process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9';
    const client = createClient();
    expect(client.maxRetries).toBe(0);
    expect(client.apiKey).toBe('sk-env');
    expect(client.baseURL).toBe('http://127.0.0.1:9');
    expect(hasCredentials()).toBe(true);
  });

  it('sends an auth token as a Bearer header', async () => {
    mock = await startMockAnthropic({ turns: [{ content: [{ type: 'text', text: 'hi' }] }], requireKey: true });
    const client = createClient({ authToken: 'tok-123', baseURL: mock.url });
    const reply = await client.messages.create({ model: 'claude-haiku-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    expect(reply.content[0]).toMatchObject({ type: 'text', text: 'hi' });
    expect(mock.requests[0]?.headers.authorization).toBe('Bearer tok-123');
  });
});

describe('getClient and setClientOptions', () => {
  it('caches the client until options change', async () => {
    setClientOptions({ apiKey: 'sk-settings', baseURL: 'http://127.0.0.1:1' });
    expect(hasCredentials()).toBe(true);
    const first = await getClient();
    expect(await getClient()).toBe(first);
    expect((first as FirstPartyClient).apiKey).toBe('sk-settings');
    setClientOptions({ apiKey: 'sk-other', baseURL: 'http://127.0.0.1:1' });
    const second = await getClient();
    expect(second).not.toBe(first);
    expect((second as FirstPartyClient).apiKey).toBe('sk-other');
  });
});

describe('callModel without credentials', () => {
  it('reports the missing key as an authentication failure message instead of throwing', async () => {
    const callModel = createCallModel(() => createClient());
    const { events, error } = await run(callModel(params()));
    expect(error).toBeUndefined();
    const [message] = assistants(events);
    expect(message?.apiError).toBe('authentication_failed');
    expect(JSON.stringify(message?.message.content)).toContain('ANTHROPIC_API_KEY');
  });
});
