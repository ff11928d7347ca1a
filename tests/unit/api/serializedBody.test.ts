import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { describe, expect, it, vi } from 'vitest';
import { serializeRequestBody } from '../../../src/api/serializedBody.js';

const bytesOf = (body: unknown) => serializeRequestBody(body as MessageCreateParamsStreaming).joined();
const expected = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('serializeRequestBody', () => {
  const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: '/tmp/ä "quoted"\\path', limit: 5 } };
  const toolResult = {
    type: 'tool_result',
    tool_use_id: 'toolu_1',
    content: [
      { type: 'text', text: 'line 1\tTab\nline 2 \u2028 \u0000 end' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ],
  };
  const body = {
    model: 'claude-sonnet-4-6',
    max_tokens: 32_000,
    messages: [
      { role: 'user', content: 'plain string prompt — with “typographic” quotes and 😀' },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'reading' }, toolUse] },
      { role: 'user', content: [toolResult, { type: 'text', text: 'lone surrogates \ud800 and \udfff', cache_control: { type: 'ephemeral' } }] },
    ],
    stream: true,
    system: [{ type: 'text', text: 'system', cache_control: { type: 'ephemeral' } }],
    tools: [{ name: 'Read', description: 'Reads', input_schema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
    thinking: { type: 'enabled', budget_tokens: 1024 },
    skipped: undefined,
  };

  it('is byte for byte what JSON.stringify makes of the body, cached pieces or not', () => {
    expect(bytesOf(body).equals(expected(body))).toBe(true);
    // The second time the blocks come from the cache.
    expect(bytesOf(body).equals(expected(body))).toBe(true);
  });

  it('leaves out members without JSON and writes array holes as null, as JSON.stringify does', () => {
    const odd = {
      model: 'm',
      messages: [{ role: 'user', content: [toolUse, undefined, null, 'text', 3], extra: undefined, fn: () => 1 }, null, 'x'],
      tools: [],
      metadata: { user_id: undefined },
    };
    expect(bytesOf(odd).toString()).toBe(JSON.stringify(odd));
  });

  it('reuses a block shared by two requests and follows the growing history', () => {
    const history: unknown[] = [];
    for (let round = 0; round < 50; round++) {
      history.push({ role: 'assistant', content: [{ ...toolUse, id: `toolu_${round}` }] });
      history.push({ role: 'user', content: [{ ...toolResult, tool_use_id: `toolu_${round}` }] });
      const request = { ...body, messages: [...history] };
      expect(bytesOf(request).equals(expected(request))).toBe(true);
    }
  });

  it('follows a conversation that drops or changes earlier messages, and keeps bodies already made intact', () => {
    const turn = (n: number) => [
      { role: 'assistant', content: [{ type: 'text', text: `answer ${n} “” 😀` }, { ...toolUse, id: `toolu_${n}` }] },
      { role: 'user', content: [{ ...toolResult, tool_use_id: `toolu_${n}` }] },
    ];
    const opening = { role: 'user', content: 'go' };
    const history = [opening, ...Array.from({ length: 20 }, (_, n) => turn(n)).flat()];
    const request = (messages: unknown[]) => ({ model: 'm', max_tokens: 10, messages, stream: true });
    const long = serializeRequestBody(request(history) as unknown as MessageCreateParamsStreaming);
    const longJson = JSON.stringify(request(history));
    // A rewind: the same start, a different message at 11, then more.
    const rewound = [...history.slice(0, 11), { role: 'user', content: 'instead, do this' }, ...turn(99)];
    expect(bytesOf(request(rewound)).equals(expected(request(rewound)))).toBe(true);
    // The body made before the rewind is unchanged: its bytes may still be on their way out.
    expect(long.joined().toString()).toBe(longJson);
    // Back to the long history, then grown again; a message whose members differ in order or number.
    expect(bytesOf(request(history)).equals(expected(request(history)))).toBe(true);
    const reordered = [...history.slice(0, 5), { content: history[5]?.content, role: 'user' }, ...history.slice(6)];
    expect(bytesOf(request(reordered)).toString()).toBe(JSON.stringify(request(reordered)));
    const extra = [...history.slice(0, 7), { ...history[7], name: 'x' }, ...history.slice(8), ...turn(100)];
    expect(bytesOf(request(extra)).toString()).toBe(JSON.stringify(request(extra)));
    expect(bytesOf(request(history)).equals(expected(request(history)))).toBe(true);
  });

  it('serves a message rebuilt each request from the same parts from the cache', () => {
    // normalizeMessagesForAPI merges a tool result with a hook's string context into one user
    // message, making a new text block for the string every time.
    const context = 'PostToolUse says: remember the style guide';
    const rounds: Array<{ use: object; result: object }> = [];
    const messages = () => [
      { role: 'user', content: 'go' },
      ...rounds.flatMap(({ use, result }) => [
        { role: 'assistant', content: [use] },
        { role: 'user', content: [result, { type: 'text', text: context }] },
      ]),
    ];
    // Each request serialises the same few things however long the history: the messages new
    // since the last one, the newest, the other members.
    const stringify = vi.spyOn(JSON, 'stringify');
    const calls: number[] = [];
    for (let round = 0; round < 20; round++) {
      rounds.push({ use: { ...toolUse, id: `toolu_${round}` }, result: { ...toolResult, tool_use_id: `toolu_${round}` } });
      const request = { model: 'm', messages: messages(), stream: true };
      stringify.mockClear();
      const serialized = serializeRequestBody(request as unknown as MessageCreateParamsStreaming);
      calls.push(stringify.mock.calls.length);
      expect(serialized.joined().equals(expected(request))).toBe(true);
    }
    stringify.mockRestore();
    expect(new Set(calls.slice(2))).toEqual(new Set([calls[2]]));
  });

  it('keeps a history of many megabytes in chunks, across rewinds inside them and messages larger than one', () => {
    const turn = (n: number, size: number) => [
      { role: 'assistant', content: [{ type: 'text', text: `answer ${n}` }, { ...toolUse, id: `toolu_${n}` }] },
      { role: 'user', content: [{ ...toolResult, tool_use_id: `toolu_${n}`, content: `ü${'x'.repeat(size)}` }] },
    ];
    const sizes = [250_000, 600_000, 1_200_000, 90_000, 1_100_000, 40_000];
    const history = [{ role: 'user', content: 'go' }, ...sizes.flatMap((size, n) => turn(n, size))];
    const request = (messages: unknown[]) => ({ model: 'm', max_tokens: 10, messages, stream: true });
    const grown = [];
    for (let end = 3; end <= history.length; end += 2) {
      const body = serializeRequestBody(request(history.slice(0, end)) as unknown as MessageCreateParamsStreaming);
      grown.push({ body, json: JSON.stringify(request(history.slice(0, end))) });
    }
    for (const cut of [4, 7, 9]) {
      const rewound = [...history.slice(0, cut), { role: 'user', content: `instead ${cut}` }, ...turn(50 + cut, 500_000)];
      expect(bytesOf(request(rewound)).equals(expected(request(rewound)))).toBe(true);
    }
    // Every body made along the way still holds its own bytes.
    for (const { body, json } of grown) expect(body.joined().toString()).toBe(json);
    expect(bytesOf(request(history)).equals(expected(request(history)))).toBe(true);
  });

  it('trusts a message object it wrote before only while it is frozen', () => {
    const turn = (n: number) => [
      { role: 'assistant', content: [{ ...toolUse, id: `toolu_${n}` }] },
      { role: 'user', content: [{ ...toolResult, tool_use_id: `toolu_${n}` }] },
    ];
    const history: Array<{ role: string; content: unknown[] }> = [{ role: 'user', content: [{ type: 'text', text: 'go' }] }];
    for (let n = 0; n < 10; n++) history.push(...turn(n));
    const request = () => ({ model: 'm', messages: [...history, ...turn(99)], stream: true });
    expect(bytesOf(request()).equals(expected(request()))).toBe(true);
    // The same object with a block swapped in place: encoded anew.
    const open = history[4] as { content: unknown[] };
    open.content[0] = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'swapped in place' };
    expect(bytesOf(request()).equals(expected(request()))).toBe(true);
    for (const message of history) Object.freeze(Object.freeze(message).content);
    expect(bytesOf(request()).equals(expected(request()))).toBe(true);
    expect(bytesOf(request()).equals(expected(request()))).toBe(true);
  });

  it('counts its size in bytes, multi-byte characters included', () => {
    const serialized = serializeRequestBody(body as unknown as MessageCreateParamsStreaming);
    expect(serialized.size).toBe(expected(body).length);
    expect(serialized.byteLength).toBe(0);
    expect(ArrayBuffer.isView(serialized)).toBe(true);
  });
});
