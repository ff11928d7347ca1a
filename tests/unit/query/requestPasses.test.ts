import { describe, expect, it } from 'vitest';
import type { MessageParam } from '../../../src/api/types.js';
import { sendableMessages } from '../../../src/query/request.js';
import { EMPTY_TURN_TEXT, stripThinkingBlocks } from '../../../src/query/thinking.js';
import type { Message } from '../../../src/types/messages.js';
import { createUserMessage } from '../../../src/utils/messages.js';

const user = (n: number): MessageParam => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: `r${n}` }] });
const answer = (n: number): MessageParam => ({ role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Read', input: {} }] });
/** A paused turn: a web search the API has not answered yet. */
const paused = (): MessageParam => ({
  role: 'assistant',
  content: [{ type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'x' } }] as never,
});
const thinkingOnly = (): MessageParam => ({ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }] });

describe('the request passes over a growing history', () => {
  it('keep a paused turn whole only while it is the last message, round after round', () => {
    const history: MessageParam[] = [{ role: 'user', content: 'go' }];
    for (let n = 0; n < 12; n++) history.push(answer(n), user(n));
    const pausedTurn = paused();
    history.push(pausedTurn);
    expect(sendableMessages(history).at(-1)).toBe(pausedTurn);
    // The turn went on without its result: the next request may not carry the open call.
    history.push(user(99), answer(100));
    const sent = sendableMessages(history);
    expect(sent[history.indexOf(pausedTurn)]).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
    expect(sent.slice(0, 25)).toEqual(history.slice(0, 25));
  });

  it('drop a trailing thinking block from any turn, the earlier ones kept as they were', () => {
    const history: MessageParam[] = [{ role: 'user', content: 'go' }];
    for (let n = 0; n < 12; n++) history.push(answer(n), user(n));
    const first = sendableMessages(history);
    expect(first).toEqual(history);
    history.push(thinkingOnly(), user(50));
    const next = sendableMessages(history);
    expect(next.at(-2)).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
    expect(next.slice(0, 25)).toEqual(first);
    // A history that changed early is judged again from there.
    const changed = [history[0] as MessageParam, thinkingOnly(), ...history.slice(2)];
    expect(sendableMessages(changed)[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: EMPTY_TURN_TEXT }] });
  });
});

describe('stripping thinking over a growing history', () => {
  const thinkingAnswer = (n: number): Message => ({
    type: 'assistant',
    uuid: `a${n}`,
    timestamp: '2026-12-03T00:00:00.000Z',
    message: {
      id: `msg_${n}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [
        { type: 'thinking', thinking: `t${n}`, signature: 's' },
        ...(n % 3 === 0 ? [] : [{ type: 'text' as const, text: `answer ${n}`, citations: null }]),
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: null, cache_read_input_tokens: null, cache_creation: null, server_tool_use: null, service_tier: null, inference_geo: null, output_tokens_details: null, speed: null },
    } as never,
  });
  const fresh = (history: readonly Message[]): string => JSON.stringify(history.map((m) => [m.uuid, m.type === 'assistant' ? m.message.content : null]));

  it('sends what a fresh strip sends, round after round and after an early change, keeping each copy the same object', () => {
    const history: Message[] = [createUserMessage({ content: 'go' }, 'u0')];
    for (let n = 1; n <= 12; n++) history.push(thinkingAnswer(n), createUserMessage({ content: `more ${n}` }, `u${n}`));
    const first = stripThinkingBlocks(history);
    // Answers of thinking alone are dropped; the others lose their thinking block.
    expect(first.map((m) => m.uuid)).toEqual(history.filter((m, i) => i === 0 || m.type === 'user' || Number(m.uuid.slice(1)) % 3 !== 0).map((m) => m.uuid));
    expect(first.some((m) => m.type === 'assistant' && m.message.content.some((b) => b.type === 'thinking'))).toBe(false);
    const grown = [...history, thinkingAnswer(13), createUserMessage({ content: 'more 13' }, 'u13')];
    const next = stripThinkingBlocks(grown);
    expect(next.slice(0, first.length)).toEqual(first);
    next.slice(0, first.length).forEach((message, i) => expect(message).toBe(first[i]));
    expect(next.at(-2)?.uuid).toBe('a13');
    // A history that differs early (a message dropped) is judged again from there.
    const changed = [grown[0] as Message, ...grown.slice(3)];
    const again = stripThinkingBlocks(changed);
    expect(fresh(again)).toBe(fresh(changed.flatMap((m) => stripThinkingBlocks([m]))));
    expect(again).not.toContain(first[1]);
  });
});
