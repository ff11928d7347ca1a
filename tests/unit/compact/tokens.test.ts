import { describe, expect, it } from 'vitest';
import {
  contextTokenCount,
  estimateMessageTokens,
  estimateMessagesTokens,
  estimateTextTokens,
  MEDIA_BLOCK_TOKENS,
  rememberSentHistory,
  tokenCountWithEstimation,
} from '../../../src/compact/tokens.js';
import { createSyntheticAssistantError, createSystemMessage, createUserMessage } from '../../../src/utils/messages.js';
import type { Message } from '../../../src/types/messages.js';
import { assistant, prompt, textBlock, toolResult, toolUseBlock } from './fixtures.js';

describe('estimateTextTokens', () => {
  it('counts four characters a token for prose', () => {
    expect(estimateTextTokens('a'.repeat(400))).toBe(100);
    expect(estimateTextTokens('abcde')).toBe(2);
  });

  it('counts two characters a token for JSON-looking text', () => {
    const json = JSON.stringify({ key: 'value', list: [1, 2, 3], nested: { a: true } });
    expect(estimateTextTokens(json)).toBe(Math.ceil(json.length / 2));
    const padded = `  [${'1,'.repeat(50)}1]  `;
    expect(estimateTextTokens(padded)).toBe(Math.ceil(padded.length / 2));
  });
});

describe('estimateMessageTokens', () => {
  const padded = (raw: number) => Math.ceil((raw * 4) / 3);

  it('counts text, tool_use input as JSON and tool_result content', () => {
    expect(estimateMessageTokens(prompt('x'.repeat(400)))).toBe(padded(100));
    const input = { file_path: '/tmp/some/file.ts', limit: 40 };
    const use = assistant([textBlock('y'.repeat(40)), toolUseBlock('Read', input, 'toolu_a')]);
    expect(estimateMessageTokens(use)).toBe(padded(10 + 1 + Math.ceil(JSON.stringify(input).length / 2)));
    expect(estimateMessageTokens(toolResult('toolu_a', 'z'.repeat(800)))).toBe(padded(200));
  });

  it('counts an image at a fixed size whatever its data', () => {
    const image = createUserMessage({
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(500_000) } }],
    });
    expect(estimateMessageTokens(image)).toBe(padded(MEDIA_BLOCK_TOKENS));
  });

  it('counts nothing for messages that are never sent', () => {
    expect(estimateMessageTokens(createSystemMessage('informational', 'x'.repeat(1000)))).toBe(0);
    expect(estimateMessageTokens(createSyntheticAssistantError({ text: 'x'.repeat(1000), apiError: 'unknown' }))).toBe(0);
  });
});

describe('tokenCountWithEstimation', () => {
  it('estimates everything when no response carries usage', () => {
    const messages = [prompt('a'.repeat(4000)), prompt('b'.repeat(400))];
    expect(tokenCountWithEstimation(messages)).toBe(estimateMessagesTokens(messages));
  });

  it('takes the last usage and estimates from the first block of that response on', () => {
    const early = assistant([textBlock('old')], { usage: { input_tokens: 999_999 } });
    const first = assistant([textBlock('Looking.')], { id: 'msg_last', usage: { output_tokens: 1 } });
    const second = assistant([toolUseBlock('Read', { file_path: 'a' }, 'toolu_r')], {
      id: 'msg_last',
      usage: { input_tokens: 1_000, cache_creation_input_tokens: 200, cache_read_input_tokens: 30_000, output_tokens: 80 },
    });
    const result = toolResult('toolu_r', 'c'.repeat(4_000));
    const messages = [prompt('go'), early, prompt('again'), first, second, result];
    const expected = 1_000 + 200 + 30_000 + 80 + estimateMessagesTokens([second, result]);
    expect(tokenCountWithEstimation(messages)).toBe(expected);
  });

  it('skips synthetic error messages when looking for usage', () => {
    const real = assistant([textBlock('ok')], { usage: { input_tokens: 5_000, output_tokens: 10 } });
    const error = createSyntheticAssistantError({ text: 'failed', apiError: 'server_error' });
    error.message.usage.input_tokens = 1_000_000;
    const after = prompt('p'.repeat(400));
    expect(tokenCountWithEstimation([prompt('hi'), real, error, after])).toBe(5_010 + estimateMessagesTokens([error, after]));
  });
});

describe('contextTokenCount', () => {
  const answered = (inputTokens: number) => assistant([textBlock('Done reading.')], { usage: { input_tokens: inputTokens, output_tokens: 10 } });

  it('takes out what the layers removed since the last request and adds what they put in', () => {
    const old = toolResult('toolu_old', 'o'.repeat(40_000));
    const sent = [prompt('go'), old, prompt('more')];
    const response = answered(20_000);
    const history = [...sent, response, prompt('next')];
    rememberSentHistory(sent, sent);
    const cleared = toolResult('toolu_old', '[Old tool result content cleared]');
    const current = [sent[0]!, cleared, sent[2]!, response, history[4]!];
    const expected =
      20_010 - estimateMessagesTokens(sent) - estimateMessagesTokens([response]) + estimateMessagesTokens(current);
    expect(contextTokenCount(current, history)).toEqual({ tokens: expected, includesRequestOverhead: true });
    // Nothing removed: the usage plus what came after it.
    expect(contextTokenCount(history, history).tokens).toBe(20_010 + estimateMessagesTokens([history[4]!]));
  });

  it('falls back to the usage-based count when the request behind the usage is unknown (a resumed session)', () => {
    const history = [prompt('go'), answered(5_000), prompt('p'.repeat(400))];
    expect(contextTokenCount(history, history)).toEqual({ tokens: tokenCountWithEstimation(history), includesRequestOverhead: true });
  });

  it('estimates the new history alone straight after a compaction', () => {
    const history = [prompt('go'), answered(150_000), prompt('next')];
    const boundary = createSystemMessage('compact_boundary', 'Conversation compacted');
    const compacted = [boundary, prompt('summary '.repeat(100))];
    expect(contextTokenCount(compacted, history)).toEqual({ tokens: estimateMessagesTokens(compacted), includesRequestOverhead: false });
  });
});

describe('contextTokenCount over a long session', () => {
  it('counts each round as it would the whole history anew, however the history changed since', () => {
    const history: Message[] = [prompt('go')];
    const counted = (messages: Message[]) => contextTokenCount(messages, messages).tokens;
    for (let n = 0; n < 30; n++) {
      history.push(assistant([toolUseBlock('Read', { file_path: `/repo/${n}.ts` })]), toolResult(`t${n}`, 'x'.repeat(40 * n)));
      expect(counted(history)).toBe(estimateMessagesTokens(structuredClone(history)));
    }
    // An earlier result cleared, the history cut short, then grown again.
    const cleared = history.map((m, i) => (i === 9 ? toolResult('t4', '[cleared]') : m));
    expect(counted(cleared)).toBe(estimateMessagesTokens(structuredClone(cleared)));
    expect(counted(history.slice(0, 20))).toBe(estimateMessagesTokens(structuredClone(history.slice(0, 20))));
    expect(counted(history)).toBe(estimateMessagesTokens(structuredClone(history)));
  });
});
