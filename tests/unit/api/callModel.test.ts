import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../../src/api/errors.js';
import type { MockAnthropic } from '../../support/mockAnthropic.js';
import {
  assistants,
  params,
  retries,
  run,
  setEnv,
  streamEventTypes,
  tombstones,
  withMock,
} from './callModelHarness.js';

let mock: MockAnthropic | undefined;
let restoreEnv: () => void = () => undefined;

beforeEach(() => {
  restoreEnv = setEnv({
    PULSE_RETRY_BASE_DELAY_MS: '5',
    PULSE_MAX_RETRIES: undefined,
    PULSE_STREAM_IDLE_TIMEOUT_MS: undefined,
  });
});

afterEach(async () => {
  restoreEnv();
  await mock?.close();
  mock = undefined;
});

async function setup(...turns: Parameters<typeof withMock>[0]) {
  const started = await withMock(turns);
  mock = started.mock;
  return started;
}

describe('callModel: successful streams', () => {
  it('passes every raw event through and yields one assistant message with final usage', async () => {
    const { callModel } = await setup({
      content: [{ type: 'text', text: 'Hello from the mock model.' }],
      usage: { input_tokens: 50, output_tokens: 7 },
      chunkSize: 8,
    });
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    const types = streamEventTypes(events);
    expect(types[0]).toBe('message_start');
    expect(types.filter((t) => t === 'content_block_delta')).toHaveLength(4);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);

    const [message, ...rest] = assistants(events);
    expect(rest).toHaveLength(0);
    expect(message?.message.content).toEqual([{ type: 'text', text: 'Hello from the mock model.' }]);
    expect(message?.message.id).toBe('msg_mock_1');
    expect(message?.message.model).toBe('claude-opus-4-8');
    expect(message?.message.stop_reason).toBe('end_turn');
    expect(message?.message.usage.input_tokens).toBe(50);
    expect(message?.message.usage.output_tokens).toBe(7);
    expect(message?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(message?.timestamp ?? ''))).toBe(false);

    // The block's message comes right before its content_block_stop event.
    const messageIndex = events.findIndex((e) => e.type === 'assistant');
    const next = events[messageIndex + 1];
    expect(next?.type === 'stream_event' && next.event.type).toBe('content_block_stop');
  });

  it('sends the body Pulse promises: stripped model, cache breakpoints, no empty tools, our headers', async () => {
    const { callModel, mock: server } = await setup({ content: [{ type: 'text', text: 'ok' }] });
    const input = params({
      model: 'claude-sonnet-4-6[1m]',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: [{ type: 'text', text: 'first answer' }] },
        { role: 'user', content: [{ type: 'text', text: 'second question' }] },
      ],
      system: [
        { type: 'text', text: 'block one' },
        { type: 'text', text: 'block two' },
      ],
      thinking: { type: 'enabled', budgetTokens: 2048 },
    });
    const snapshot = structuredClone({ messages: input.messages, system: input.system });
    await run(callModel(input));

    const [request] = server.requests;
    expect(request?.url).toBe('/v1/messages');
    expect(request?.body.model).toBe('claude-sonnet-4-6');
    expect(request?.body.stream).toBe(true);
    expect(request?.body.max_tokens).toBe(1000);
    expect(request?.body.tools).toBeUndefined();
    expect(request?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(request?.body.system).toEqual([
      { type: 'text', text: 'block one' },
      { type: 'text', text: 'block two', cache_control: { type: 'ephemeral' } },
    ]);
    expect(request?.body.messages?.[0]).toEqual({ role: 'user', content: 'first question' });
    expect(request?.body.messages?.[2]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'second question', cache_control: { type: 'ephemeral' } }],
    });
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.headers['user-agent']).toMatch(/^pulse\/\d+\.\d+\.\d+/);
    expect(request?.headers['anthropic-beta']).toContain('context-1m-2025-08-07');
    expect(request?.headers['x-stainless-retry-count']).toBe('0');
    // The caller's arrays and objects are untouched.
    expect({ messages: input.messages, system: input.system }).toEqual(snapshot);
  });

  it('assembles tool input streamed in small JSON chunks', async () => {
    const input = { path: '/tmp/some/deeply/nested/file.txt', options: { recursive: true, depth: 3 } };
    const { callModel } = await setup({
      content: [{ type: 'tool_use', name: 'Read', input }],
      chunkSize: 5,
    });
    const { events } = await run(callModel(params()));

    const jsonDeltas = events.filter(
      (e) => e.type === 'stream_event' && e.event.type === 'content_block_delta' && e.event.delta.type === 'input_json_delta',
    );
    expect(jsonDeltas.length).toBeGreaterThan(10);
    const [message] = assistants(events);
    expect(message?.message.content[0]).toMatchObject({ type: 'tool_use', id: 'toolu_mock_1', name: 'Read', input });
    expect(message?.message.stop_reason).toBe('tool_use');
  });

  it('turns a tool call with no arguments into an empty object', async () => {
    const { callModel } = await setup({ content: [{ type: 'tool_use', name: 'TodoRead', input: {} }] });
    const [message] = assistants((await run(callModel(params()))).events);
    expect(message?.message.content[0]).toMatchObject({ type: 'tool_use', input: {} });
  });

  it('yields one message per block with the same id, patching only the last', async () => {
    const { callModel } = await setup({
      content: [
        { type: 'thinking', thinking: 'Let me look at the file.', signature: 'sig-abc' },
        { type: 'text', text: 'I will read it.' },
        { type: 'tool_use', id: 'toolu_fixed', name: 'Read', input: { file_path: '/a' } },
      ],
      usage: { input_tokens: 10, output_tokens: 42 },
    });
    const messages = assistants((await run(callModel(params()))).events);

    expect(messages.map((m) => m.message.content[0]?.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(new Set(messages.map((m) => m.message.id)).size).toBe(1);
    expect(new Set(messages.map((m) => m.uuid)).size).toBe(3);
    expect(messages[0]?.message.content[0]).toMatchObject({ thinking: 'Let me look at the file.', signature: 'sig-abc' });
    expect(messages[0]?.message.stop_reason).toBeNull();
    expect(messages[0]?.message.usage.output_tokens).toBe(1);
    expect(messages[2]?.message.content[0]).toMatchObject({ id: 'toolu_fixed' });
    expect(messages[2]?.message.stop_reason).toBe('tool_use');
    expect(messages[2]?.message.usage.output_tokens).toBe(42);
  });

  it('reports max_tokens after the partial text with a synthetic max_output_tokens message', async () => {
    const { callModel } = await setup({ content: [{ type: 'text', text: 'The answer is a long' }], stopReason: 'max_tokens' });
    const messages = assistants((await run(callModel(params({ maxOutputTokens: 1234 })))).events);

    expect(messages).toHaveLength(2);
    expect(messages[0]?.message.content[0]).toMatchObject({ text: 'The answer is a long' });
    expect(messages[0]?.message.stop_reason).toBe('max_tokens');
    expect(messages[1]?.apiError).toBe('max_output_tokens');
    expect(messages[1]?.message.model).toBe('<synthetic>');
    expect(JSON.stringify(messages[1]?.message.content)).toContain('1234');
  });
});

describe('callModel: retries', () => {
  it('obeys retry-after on 429 and reports the wait in api_retry', async () => {
    const { callModel, mock: server } = await setup(
      { kind: 'http_error', status: 429, headers: { 'retry-after': '1' } },
      { content: [{ type: 'text', text: 'after the wait' }] },
    );
    const { events } = await run(callModel(params()));

    const [retry] = retries(events);
    expect(retry?.data).toEqual({ attempt: 1, max_retries: 10, retry_delay_ms: 1000, error_status: 429, error: 'rate_limit' });
    const [first, second] = server.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(900);
    expect(assistants(events)[0]?.message.content[0]).toMatchObject({ text: 'after the wait' });
  });

  it('retries a 500 once and then succeeds', async () => {
    const { callModel, mock: server } = await setup(
      { kind: 'http_error', status: 500 },
      { content: [{ type: 'text', text: 'second time lucky' }] },
    );
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(retries(events).map((r) => r.data?.error)).toEqual(['server_error']);
    expect(assistants(events).map((m) => m.apiError)).toEqual([undefined]);
  });

  it('throws FallbackTriggeredError after three overloaded errors when a fallback is set', async () => {
    const overloaded = { kind: 'http_error', status: 529 } as const;
    const { callModel, mock: server } = await setup(overloaded, overloaded, overloaded, { content: [{ type: 'text', text: 'never' }] });
    const { events, error } = await run(callModel(params({ fallbackModel: 'claude-sonnet-5' })));

    expect(error).toBeInstanceOf(FallbackTriggeredError);
    expect(error).toMatchObject({ originalModel: 'claude-opus-4-8', fallbackModel: 'claude-sonnet-5' });
    expect(server.requests).toHaveLength(3);
    expect(retries(events).map((r) => r.data?.error)).toEqual(['overloaded', 'overloaded']);
  });

  it('ends with a synthetic server_error message when retries run out', async () => {
    restoreEnv = chain(restoreEnv, setEnv({ PULSE_MAX_RETRIES: '2' }));
    const { callModel, mock: server } = await setup();
    server.push({ kind: 'http_error', status: 500 }, { kind: 'http_error', status: 500 }, { kind: 'http_error', status: 500 });
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(3);
    expect(retries(events).map((r) => r.data?.attempt)).toEqual([1, 2]);
    const last = events.at(-1);
    expect(last?.type).toBe('assistant');
    expect(last).toMatchObject({ apiError: 'server_error', apiErrorStatus: 500 });
    const text = JSON.stringify(last?.type === 'assistant' ? last.message.content : '');
    expect(text).toContain('API Error: 500');
    expect(text).toContain(server.url.replace('http://', ''));
  });

  it('withdraws blocks of a stream cut mid-way and retries', async () => {
    const { callModel, mock: server } = await setup(
      { kind: 'cut', content: [{ type: 'text', text: 'First block' }, { type: 'text', text: 'Second block' }], afterEvents: 6 },
      { content: [{ type: 'text', text: 'Recovered' }] },
    );
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    const [partial, final] = assistants(events);
    expect(partial?.message.content[0]).toMatchObject({ text: 'First block' });
    expect(tombstones(events).map((t) => t.message)).toEqual([partial]);
    expect(tombstones(events)[0]?.message).toBe(partial);
    expect(retries(events).map((r) => r.data?.error)).toEqual(['connection']);
    expect(final?.message.content[0]).toMatchObject({ text: 'Recovered' });
    // Order: the tombstone comes before the retry notice.
    const order = events.filter((e) => e.type !== 'stream_event').map((e) => e.type);
    expect(order).toEqual(['assistant', 'tombstone', 'system', 'assistant']);
  });

  it('retries a stream that goes silent past the idle limit', async () => {
    restoreEnv = chain(restoreEnv, setEnv({ PULSE_STREAM_IDLE_TIMEOUT_MS: '300' }));
    const { callModel, mock: server } = await setup(
      { kind: 'hang', afterEvents: 2 },
      { content: [{ type: 'text', text: 'awake again' }] },
    );
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(retries(events).map((r) => r.data?.error)).toEqual(['timeout']);
    expect(assistants(events).at(-1)?.message.content[0]).toMatchObject({ text: 'awake again' });
  });

  it('retries an overloaded_error that arrives as an SSE error event', async () => {
    const { callModel, mock: server } = await setup(
      { kind: 'sse_error', errorType: 'overloaded_error', message: 'Overloaded', afterEvents: 1 },
      { content: [{ type: 'text', text: 'fine now' }] },
    );
    const { events } = await run(callModel(params()));

    expect(server.requests).toHaveLength(2);
    expect(retries(events)[0]?.data).toMatchObject({ error: 'overloaded', error_status: 529 });
    expect(assistants(events).at(-1)?.message.content[0]).toMatchObject({ text: 'fine now' });
  });
});

describe('callModel: errors that are not retried', () => {
  it('reports prompt-too-long after one request', async () => {
    const { callModel, mock: server } = await setup({
      kind: 'http_error',
      status: 400,
      message: 'prompt is too long: 250000 tokens > 200000 maximum',
    });
    const { events } = await run(callModel(params()));

    expect(server.requests).toHaveLength(1);
    expect(retries(events)).toHaveLength(0);
    const [message] = assistants(events);
    expect(message).toMatchObject({ apiError: 'prompt_too_long', apiErrorStatus: 400 });
    expect(JSON.stringify(message?.message.content)).toContain('250000 tokens');
  });

  it('treats 413 as prompt-too-long', async () => {
    const { callModel } = await setup({ kind: 'http_error', status: 413 });
    const [message] = assistants((await run(callModel(params()))).events);
    expect(message).toMatchObject({ apiError: 'prompt_too_long', apiErrorStatus: 413 });
  });

  it('reports 401 as authentication_failed at once', async () => {
    const { callModel, mock: server } = await setup({ kind: 'http_error', status: 401 });
    const [message] = assistants((await run(callModel(params()))).events);
    expect(server.requests).toHaveLength(1);
    expect(message).toMatchObject({ apiError: 'authentication_failed', apiErrorStatus: 401 });
  });

  it('reports other 4xx as invalid_request', async () => {
    const { callModel } = await setup({ kind: 'http_error', status: 422, message: 'bad field' });
    const [message] = assistants((await run(callModel(params()))).events);
    expect(message).toMatchObject({ apiError: 'invalid_request', apiErrorStatus: 422 });
  });

  it('withdraws finished blocks when a non-retryable error arrives mid-stream', async () => {
    const { callModel, mock: server } = await setup({
      kind: 'sse_error',
      errorType: 'invalid_request_error',
      message: 'something about the request',
      afterEvents: 5,
    });
    const { events, error } = await run(callModel(params()));

    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    const [partial, failure] = assistants(events);
    expect(tombstones(events)[0]?.message).toBe(partial);
    expect(failure).toMatchObject({ apiError: 'invalid_request', apiErrorStatus: 400 });
    expect(JSON.stringify(failure?.message.content)).toContain('something about the request');
  });

  it('surfaces the mock pairing check as an invalid request', async () => {
    const { callModel, mock: server } = await setup({ content: [{ type: 'text', text: 'unreachable' }] });
    const { events } = await run(
      callModel(
        params({
          messages: [
            { role: 'user', content: 'go' },
            { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_orphan', name: 'Read', input: {} }] },
            { role: 'user', content: 'no result here' },
          ],
        }),
      ),
    );
    expect(server.pairingErrors).toHaveLength(1);
    expect(server.pairingErrors[0]).toContain('toolu_orphan');
    expect(assistants(events)[0]).toMatchObject({ apiError: 'invalid_request', apiErrorStatus: 400 });
  });
});

describe('callModel: abort', () => {
  it('rejects with AbortError promptly when aborted mid-stream', async () => {
    const { callModel } = await setup({ kind: 'hang', afterEvents: 3 });
    const controller = new AbortController();
    let abortedAt = 0;
    let error: unknown;
    try {
      for await (const event of callModel(params({ signal: controller.signal }))) {
        if (event.type === 'stream_event' && abortedAt === 0) {
          abortedAt = Date.now();
          controller.abort();
        }
      }
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
  });

  it('rejects with AbortError during a backoff wait', async () => {
    restoreEnv = chain(restoreEnv, setEnv({ PULSE_RETRY_BASE_DELAY_MS: '60000' }));
    const { callModel } = await setup({ kind: 'http_error', status: 500 });
    const controller = new AbortController();
    let abortedAt = 0;
    let error: unknown;
    try {
      for await (const event of callModel(params({ signal: controller.signal }))) {
        if (event.type === 'system') {
          abortedAt = Date.now();
          controller.abort();
        }
      }
    } catch (err) {
      error = err;
    }
    expect(abortedAt).toBeGreaterThan(0);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
  });
});

function chain(first: () => void, second: () => void): () => void {
  return () => {
    second();
    first();
  };
}
