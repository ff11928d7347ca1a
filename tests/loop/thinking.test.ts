// Thinking blocks: assembled from the stream exactly as sent, kept across the assistant
// trajectory, never left as the last block of a message, stripped for a different model and
// when thinking is turned off.
import { describe, expect, it } from 'vitest';
import { MessageAssembler } from '../../src/api/streamAssembler.js';
import { buildRequestBody } from '../../src/api/requestBody.js';
import { sendableMessages } from '../../src/query/request.js';
import { EMPTY_TURN_TEXT, stripThinkingBlocks } from '../../src/query/thinking.js';
import type { AssistantMessage, ContentBlock, RawMessageStreamEvent } from '../../src/types/messages.js';
import { createSyntheticAssistantError, createUserMessage } from '../../src/utils/messages.js';
import { raw, text } from '../support/scriptedModel.js';
import { runQuery } from './harness.js';

function assistantWith(block: ContentBlock, uuid: string): AssistantMessage {
  const message = createSyntheticAssistantError({ text: '', apiError: 'unknown' }, uuid);
  delete message.apiError;
  message.message.content = [block];
  message.message.model = 'claude-opus-4-8';
  return message;
}

describe('thinking blocks from the stream', () => {
  it('assembles thinking with its signature and redacted_thinking, byte for byte', () => {
    const assembler = new MessageAssembler('req_1');
    const events = [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'First, \u00e9 ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'then \u{1F600}.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQB+/==' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'opaque+/data==' } },
      { type: 'content_block_stop', index: 1 },
    ] as unknown as RawMessageStreamEvent[];
    const closed = events.map((event) => assembler.accept(event)).filter((m) => m !== undefined);
    expect(closed.map((m) => m.message.content[0])).toEqual([
      { type: 'thinking', thinking: 'First, \u00e9 then \u{1F600}.', signature: 'EqQB+/==' },
      { type: 'redacted_thinking', data: 'opaque+/data==' },
    ]);
  });

  it('sends the thinking config and never puts cache_control on a thinking block', () => {
    const body = buildRequestBody({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: 's' }] },
      ],
      system: [],
      tools: [],
      model: 'claude-opus-4-8',
      maxOutputTokens: 4_000,
      thinking: { type: 'enabled', budgetTokens: 1_024 },
      signal: new AbortController().signal,
      querySource: 'print',
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1_024 });
    expect(body.messages[1]?.content).toEqual([{ type: 'thinking', thinking: 't', signature: 's' }]);
  });
});

describe('thinking rules on requests', () => {
  it('drops trailing thinking from an assistant message and keeps it elsewhere', () => {
    const thinking = { type: 'thinking' as const, thinking: 't', signature: 's' };
    const redacted = { type: 'redacted_thinking' as const, data: 'd' };
    const out = sendableMessages([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: [thinking, { type: 'text', text: 'a' }] },
      { role: 'user', content: 'again' },
      { role: 'assistant', content: [thinking, { type: 'text', text: 'b' }, redacted] },
      { role: 'user', content: 'more' },
      { role: 'assistant', content: [thinking] },
    ]);
    expect(out[1]?.content).toEqual([thinking, { type: 'text', text: 'a' }]);
    expect(out[3]?.content).toEqual([thinking, { type: 'text', text: 'b' }]);
    expect(out[5]?.content).toEqual([{ type: 'text', text: EMPTY_TURN_TEXT }]);
  });

  it('strips every thinking block for another model, dropping messages left empty', () => {
    const history = [
      createUserMessage({ content: 'q' }, 'u1'),
      assistantWith({ type: 'thinking', thinking: 't', signature: 's' }, 'a1'),
      assistantWith({ type: 'redacted_thinking', data: 'd' }, 'a2'),
      assistantWith({ type: 'text', text: 'answer', citations: null }, 'a3'),
    ];
    expect(stripThinkingBlocks(history).map((m) => m.uuid)).toEqual(['u1', 'a3']);
  });
});

describe('thinking turned off', () => {
  it('with thinking disabled, earlier thinking stays in the history but is never sent', async () => {
    const thinking = { type: 'thinking', thinking: 'Pondering.', signature: 'sig-1' };
    const first = await runQuery({ thinking: { type: 'enabled', budgetTokens: 2_048 }, turns: [{ blocks: [raw(thinking), text('first')] }] });
    const off = await runQuery({
      thinking: { type: 'disabled' },
      messages: [...first.history, createUserMessage({ content: 'again, without thinking' })],
      turns: [{ blocks: [text('second')] }],
    });
    const sent = JSON.stringify(off.requests[0]?.messages);
    expect(sent).toContain('first');
    expect(sent).not.toContain('Pondering.');
    expect(off.history.some((m) => m.type === 'assistant' && m.message.content[0]?.type === 'thinking')).toBe(true);
  });
});
