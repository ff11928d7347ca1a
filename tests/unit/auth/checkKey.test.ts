import { afterEach, describe, expect, it } from 'vitest';
import { checkApiKey } from '../../../src/auth/checkKey.js';
import { startMockAnthropic, type MockAnthropic } from '../../support/mockAnthropic.js';

let mock: MockAnthropic | undefined;

afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('checking a key against the endpoint', () => {
  it('says the key works when the endpoint lists models for it', async () => {
    mock = await startMockAnthropic({ turns: [], acceptedKeys: ['sk-good-key-1234'] });
    expect(await checkApiKey('sk-good-key-1234', { baseURL: mock.url })).toEqual({ ok: true, message: 'Key works' });
    expect(mock.modelListRequests[0]?.headers.authorization).toBe('Bearer sk-good-key-1234');
    expect(mock.requests).toHaveLength(0);
  });

  it('says the endpoint rejected the key on 401', async () => {
    mock = await startMockAnthropic({ turns: [], acceptedKeys: ['sk-good-key-1234'] });
    expect(await checkApiKey('sk-bad-key-9999', { baseURL: mock.url })).toEqual({
      ok: false,
      rejected: true,
      message: 'The endpoint rejected this key (401)',
    });
  });

  it('says it could not reach the endpoint, naming it', async () => {
    mock = await startMockAnthropic({ turns: [] });
    const url = mock.url;
    await mock.close();
    mock = undefined;
    const check = await checkApiKey('sk-good-key-1234', { baseURL: url });
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(new RegExp(`^Could not reach ${url}: .*ECONNREFUSED`));
  });

  it('falls back to a one-token message where /v1/models is not served', async () => {
    mock = await startMockAnthropic({
      turns: [{ content: [{ type: 'text', text: 'p' }] }],
      acceptedKeys: ['sk-good-key-1234'],
      withoutModelsRoute: true,
    });
    expect(await checkApiKey('sk-good-key-1234', { baseURL: mock.url, model: 'claude-mock' })).toEqual({ ok: true, message: 'Key works' });
    expect(mock.requests[0]?.body).toMatchObject({ model: 'claude-mock', max_tokens: 1 });
  });

  it('does not call a key good when the endpoint fails for another reason', async () => {
    mock = await startMockAnthropic({ turns: [{ kind: 'http_error', status: 500 }], withoutModelsRoute: true });
    expect(await checkApiKey('sk-good-key-1234', { baseURL: mock.url })).toEqual({
      ok: false,
      rejected: false,
      message: 'The endpoint answered 500; the key could not be checked',
    });
  });
});
