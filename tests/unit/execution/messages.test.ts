import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ContentBlock, Message } from '../../../src/types/messages.js';
import {
  createInterruptionMessage,
  createSyntheticAssistantError,
  createSystemMessage,
  createToolResultMessage,
  createUserMessage,
  lastAssistantText,
  messagesAfterCompactBoundary,
  normalizeMessagesForAPI,
  syntheticToolResultsFor,
} from '../../../src/utils/messages.js';

function assistant(id: string, block: ContentBlock, uuid = `${id}-${Math.random()}`): AssistantMessage {
  return {
    type: 'assistant',
    uuid,
    timestamp: '2026-01-01T00:00:00.000Z',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-6',
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: createSyntheticAssistantError({ text: '', apiError: 'unknown' }).message.usage,
    },
  };
}

const textBlock = (text: string): ContentBlock => ({ type: 'text', text, citations: null });
const toolUseBlock = (id: string): ContentBlock => ({ type: 'tool_use', id, name: 'Read', input: {}, caller: { type: 'direct' } });

describe('normalizeMessagesForAPI', () => {
  it('merges one-block messages of a response and keeps responses apart', () => {
    const params = normalizeMessagesForAPI([
      createUserMessage({ content: 'hi' }),
      assistant('m1', textBlock('a')),
      assistant('m1', toolUseBlock('t1')),
      createToolResultMessage({ block: { type: 'tool_result', tool_use_id: 't1', content: 'r' } }),
      assistant('m2', textBlock('b')),
    ]);
    expect(params).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: [textBlock('a'), toolUseBlock('t1')] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] },
      { role: 'assistant', content: [textBlock('b')] },
    ]);
  });

  it('merges a paused response and its continuation into one assistant turn, as the API does', () => {
    const params = normalizeMessagesForAPI([
      createUserMessage({ content: 'search' }),
      assistant('m1', textBlock('Searching.')),
      assistant('m2', textBlock('Found it.')),
    ]);
    expect(params).toEqual([
      { role: 'user', content: 'search' },
      { role: 'assistant', content: [textBlock('Searching.'), textBlock('Found it.')] },
    ]);
  });

  it('drops system messages and synthetic API errors, then merges the user messages around them', () => {
    const params = normalizeMessagesForAPI([
      createUserMessage({ content: 'first' }),
      createSystemMessage('api_retry', 'retrying'),
      createSyntheticAssistantError({ text: 'API Error: 500', apiError: 'server_error' }),
      createUserMessage({ content: [{ type: 'text', text: 'second' }] }),
    ]);
    expect(params).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] },
    ]);
  });

  it('puts tool results first when merging user messages', () => {
    const params = normalizeMessagesForAPI([
      assistant('m1', toolUseBlock('t1')),
      createInterruptionMessage(true),
      createToolResultMessage({ block: { type: 'tool_result', tool_use_id: 't1', content: 'late', is_error: true } }),
    ]);
    expect(params[1]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: 'late', is_error: true },
        { type: 'text', text: '[Request interrupted by user for tool use]' },
      ],
    });
  });

  it('leaves Pulse-only fields and the source messages untouched', () => {
    const user = createUserMessage({ content: [{ type: 'text', text: 'x' }], isMeta: true, toolUseResult: { big: true } });
    const params = normalizeMessagesForAPI([user, createUserMessage({ content: 'y' })]);
    expect(Object.keys(params[0] ?? {})).toEqual(['role', 'content']);
    expect(user.message.content).toEqual([{ type: 'text', text: 'x' }]);
  });
});

describe('normalizeMessagesForAPI over a long session', () => {
  /** A round: a response in two blocks, its tool result, and every third round a hook's note merged in. */
  const roundOf = (n: number) => [
    assistant(`msg_${n}`, textBlock(`reading ${n}`)),
    assistant(`msg_${n}`, toolUseBlock(`t${n}`)),
    createToolResultMessage({ block: { type: 'tool_result', tool_use_id: `t${n}`, content: `result ${n}` } }),
    ...(n % 3 === 0 ? [createUserMessage({ content: `note after ${n}`, isMeta: true })] : []),
    ...(n % 5 === 0 ? [createSystemMessage('warning', `notice ${n}`)] : []),
  ];

  it('turns each round\'s history into what it would make of it whole, and never changes what it handed out', () => {
    const history: Message[] = [createUserMessage({ content: 'go' })];
    const handedOut: Array<{ params: unknown[]; json: string }> = [];
    for (let n = 0; n < 30; n++) {
      history.push(...roundOf(n));
      const params = normalizeMessagesForAPI(history);
      // Copies of every message: a history it has never seen.
      expect(params).toEqual(normalizeMessagesForAPI(structuredClone(history)));
      handedOut.push({ params, json: JSON.stringify(params) });
    }
    for (const { params, json } of handedOut) expect(JSON.stringify(params)).toBe(json);
    expect(handedOut.at(-1)?.params.at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't29', content: 'result 29' }] });
  });

  it('hands out settled messages frozen and the newest one open to the caller', () => {
    const history: Message[] = [createUserMessage({ content: 'go' })];
    for (let n = 0; n < 10; n++) history.push(...roundOf(n));
    const params = normalizeMessagesForAPI(history);
    expect(params.slice(0, -1).every((param) => Object.isFrozen(param) && Object.isFrozen(param.content))).toBe(true);
    const last = params.at(-1);
    expect(Object.isFrozen(last)).toBe(false);
    // The caller's copy of the newest: the next round's merge does not reach it.
    const before = JSON.stringify(last);
    history.push(createUserMessage({ content: 'more context', isMeta: true }));
    normalizeMessagesForAPI(history);
    expect(JSON.stringify(last)).toBe(before);
  });

  it('follows a history that changed in the middle', () => {
    const history: Message[] = [createUserMessage({ content: 'go' })];
    for (let n = 0; n < 12; n++) history.push(...roundOf(n));
    normalizeMessagesForAPI(history);
    const changed = history.map((message, index) => (index === 7 ? createUserMessage({ content: 'replaced' }) : message));
    expect(normalizeMessagesForAPI(changed)).toEqual(normalizeMessagesForAPI(structuredClone(changed)));
    expect(normalizeMessagesForAPI(history)).toEqual(normalizeMessagesForAPI(structuredClone(history)));
  });
});

describe('message helpers', () => {
  it('answers every dangling tool_use exactly once, skipping answered ones', () => {
    const asking = [assistant('m1', toolUseBlock('t1'), 'a1'), assistant('m1', toolUseBlock('t2'), 'a2')];
    const results = syntheticToolResultsFor(asking, 'Not run.', new Set(['t1']));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      isSynthetic: true,
      sourceToolAssistantUUID: 'a2',
      toolUseResult: 'Not run.',
      message: { content: [{ type: 'tool_result', tool_use_id: 't2', content: 'Not run.', is_error: true }] },
    });
  });

  it('reads the text of the last response only', () => {
    const history = [
      assistant('m1', textBlock('old')),
      createUserMessage({ content: 'next' }),
      assistant('m2', textBlock('Part one.')),
      assistant('m2', toolUseBlock('t9')),
      assistant('m2', textBlock('Part two.')),
    ];
    expect(lastAssistantText(history)).toBe('Part one.\nPart two.');
    expect(lastAssistantText([createUserMessage({ content: 'only me' })])).toBe('');
  });

  it('keeps history from the last compact boundary on', () => {
    const boundary = createSystemMessage('compact_boundary', 'compacted');
    const after = createUserMessage({ content: 'after' });
    expect(messagesAfterCompactBoundary([createUserMessage({ content: 'before' }), boundary, after])).toEqual([boundary, after]);
  });

  it('omits optional fields that were not given', () => {
    const message = createUserMessage({ content: 'plain' }, 'u1');
    expect(Object.keys(message).sort()).toEqual(['message', 'timestamp', 'type', 'uuid']);
    expect(createInterruptionMessage(false).message.content).toEqual([{ type: 'text', text: '[Request interrupted by user]' }]);
  });
});
