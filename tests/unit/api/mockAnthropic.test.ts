import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../../support/mockAnthropic.js';
import { checkToolPairing } from '../../support/toolPairing.js';

let mock: MockAnthropic | undefined;

afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start(turns: MockTurn[], extra: { requireKey?: boolean; fallback?: MockTurn } = {}): Promise<MockAnthropic> {
  mock = await startMockAnthropic({ turns, ...extra });
  return mock;
}

const ask = { model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('mock Anthropic server', () => {
  it('answers HEAD / with 404', async () => {
    const server = await start([]);
    const res = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(server.requests).toHaveLength(0);
  });

  it('replies with JSON when the request does not stream, and accepts ?beta=true', async () => {
    const server = await start([{ content: [{ type: 'text', text: 'plain' }, { type: 'tool_use', name: 'Bash', input: { command: 'ls' } }] }]);
    const res = await fetch(`${server.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify(ask),
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      type: 'message',
      model: 'claude-haiku-4-5',
      stop_reason: 'tool_use',
      content: [{ type: 'text', text: 'plain' }, { type: 'tool_use', id: 'toolu_mock_1', name: 'Bash', input: { command: 'ls' } }],
    });
    expect(server.requests[0]?.url).toBe('/v1/messages?beta=true');
  });

  it('streams SSE in the API format', async () => {
    const server = await start([{ content: [{ type: 'text', text: 'streamed' }] }]);
    const res = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(text).toContain('data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null}');
  });

  it('rejects requests without a key when requireKey is set', async () => {
    const server = await start([], { requireKey: true });
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('uses the fallback turn, or a placeholder, once the script runs out', async () => {
    const client = createClient({ apiKey: 'k', baseURL: (await start([])).url });
    const first = await client.messages.create(ask);
    expect(first.content[0]).toMatchObject({ text: '(mock: no scripted turn left)' });

    await mock?.close();
    const withFallback = await start([], { fallback: { content: [{ type: 'text', text: 'fallback' }] } });
    const other = createClient({ apiKey: 'k', baseURL: withFallback.url });
    expect((await other.messages.create(ask)).content[0]).toMatchObject({ text: 'fallback' });
    expect((await other.messages.create(ask)).content[0]).toMatchObject({ text: 'fallback' });
  });

  it('lets a turn be computed from the request, and push adds turns', async () => {
    const server = await start([(req) => ({ content: [{ type: 'text', text: `model was ${String(req.body.model)}` }] })]);
    server.push({ kind: 'http_error', status: 418 });
    const client = createClient({ apiKey: 'k', baseURL: server.url });
    expect((await client.messages.create(ask)).content[0]).toMatchObject({ text: 'model was claude-haiku-4-5' });
    await expect(client.messages.create(ask)).rejects.toMatchObject({ status: 418 });
    await server.waitForRequests(2);
    expect(server.requests).toHaveLength(2);
  });

  it('records a pairing violation and answers 400 like the API', async () => {
    const server = await start([{ content: [{ type: 'text', text: 'unused' }] }]);
    const client = createClient({ apiKey: 'k', baseURL: server.url });
    const bad = client.messages.create({
      ...ask,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_b', content: 'x' }] },
      ],
    });
    await expect(bad).rejects.toMatchObject({ status: 400 });
    expect(server.pairingErrors).toEqual([
      'messages.2: no tool_result for tool_use toolu_a',
      'messages.2: tool_result for toolu_b has no matching tool_use in the previous message',
    ]);
  });
});

describe('checkToolPairing', () => {
  const use = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: {} });
  const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });

  it('accepts a well-formed conversation', () => {
    expect(
      checkToolPairing([
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'text', text: 'reading' }, use('a'), use('b')] },
        { role: 'user', content: [result('b'), result('a')] },
        { role: 'assistant', content: 'done' },
      ]),
    ).toEqual([]);
  });

  it('flags duplicates, a trailing tool_use and stray results', () => {
    expect(checkToolPairing([{ role: 'assistant', content: [use('a')] }, { role: 'user', content: [result('a'), result('a')] }])).toEqual([
      'messages.1: 2 tool_result blocks for tool_use a',
    ]);
    expect(checkToolPairing([{ role: 'user', content: 'x' }, { role: 'assistant', content: [use('z')] }])).toHaveLength(1);
    expect(checkToolPairing([{ role: 'user', content: [result('q')] }])).toHaveLength(1);
  });
});
