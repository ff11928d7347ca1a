import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../../support/mockAnthropic.js';
import { checkServerToolPairing } from '../../support/blockChecks.js';
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

describe('mock Anthropic server: every stop reason and block type', () => {
  async function streamed(turn: MockTurn): Promise<Array<Record<string, unknown>>> {
    const server = await start([turn]);
    const res = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    const text = await res.text();
    return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>);
  }

  it.each(['end_turn', 'max_tokens', 'stop_sequence', 'tool_use', 'pause_turn', 'refusal', 'model_context_window_exceeded', 'brand_new'])(
    'sends stop_reason %s in message_delta',
    async (stopReason) => {
      const events = await streamed({ content: [{ type: 'text', text: 'x' }], stopReason });
      expect(events.find((e) => e.type === 'message_delta')?.delta).toMatchObject({ stop_reason: stopReason });
    },
  );

  it('sends the matched stop sequence and a refusal’s stop_details', async () => {
    const seq = await streamed({ content: [{ type: 'text', text: 'x' }], stopReason: 'stop_sequence', stopSequence: 'END' });
    expect(seq.find((e) => e.type === 'message_delta')?.delta).toEqual({ stop_reason: 'stop_sequence', stop_sequence: 'END' });
    await mock?.close();
    const details = { type: 'refusal', category: 'cyber', explanation: 'Declined.' };
    const refused = await streamed({ content: [], stopReason: 'refusal', stopDetails: details });
    expect(refused.find((e) => e.type === 'message_delta')?.delta).toMatchObject({ stop_details: details });
  });

  it('sends thinking with its signature, and redacted and unknown blocks whole', async () => {
    const events = await streamed({
      content: [
        { type: 'thinking', thinking: 'Hmm.', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque==' },
        { type: 'verbatim', block: { type: 'mystery_block', payload: [1, 2] } },
      ],
    });
    const starts = events.filter((e) => e.type === 'content_block_start').map((e) => e.content_block);
    expect(starts).toEqual([
      { type: 'thinking', thinking: '', signature: '' },
      { type: 'redacted_thinking', data: 'opaque==' },
      { type: 'mystery_block', payload: [1, 2] },
    ]);
    const deltas = events.filter((e) => e.type === 'content_block_delta').map((e) => e.delta);
    expect(deltas).toEqual([
      { type: 'thinking_delta', thinking: 'Hmm.' },
      { type: 'signature_delta', signature: 'sig-1' },
    ]);
  });

  it('refuses, as the API does, a changed thinking block and a server tool use without its result', async () => {
    const server = await start([{ content: [{ type: 'thinking', thinking: 'Original.', signature: 'sig-9' }] }]);
    const client = createClient({ apiKey: 'k', baseURL: server.url });
    await client.messages.create(ask);
    const changed = client.messages.create({
      ...ask,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Edited.', signature: 'sig-9' }, { type: 'text', text: 'a' }] },
        { role: 'user', content: 'more' },
      ],
    });
    await expect(changed).rejects.toMatchObject({ status: 400 });
    const dangling = client.messages.create({
      ...ask,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'server_tool_use', id: 'srvtoolu_x', name: 'web_search', input: {} }] },
        { role: 'user', content: 'more' },
      ],
    });
    await expect(dangling).rejects.toMatchObject({ status: 400 });
    expect(server.pairingErrors).toEqual([
      'messages.1: thinking blocks in the latest assistant message cannot be modified',
      'messages.1: server tool use srvtoolu_x was found without a corresponding result block',
    ]);
  });
});

describe('checkServerToolPairing', () => {
  it('accepts a pair in one turn, and an open use in the last message (a paused turn continued)', () => {
    const use = { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} };
    const result = { type: 'web_search_tool_result', tool_use_id: 's1', content: [] };
    expect(checkServerToolPairing([{ role: 'user', content: 'go' }, { role: 'assistant', content: [use, result] }, { role: 'user', content: 'x' }])).toEqual([]);
    expect(checkServerToolPairing([{ role: 'user', content: 'go' }, { role: 'assistant', content: [use] }])).toEqual([]);
    expect(checkServerToolPairing([{ role: 'assistant', content: [result] }, { role: 'user', content: 'x' }])).toEqual([
      'messages.0: web_search_tool_result for s1 has no matching server tool use',
    ]);
  });
});
