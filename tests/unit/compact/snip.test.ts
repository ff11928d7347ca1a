import { describe, expect, it } from 'vitest';
import { snipIfNeeded } from '../../../src/compact/snip.js';
import { estimateMessagesTokens } from '../../../src/compact/tokens.js';
import type { Message } from '../../../src/types/messages.js';
import { createSystemMessage, createUserMessage, normalizeMessagesForAPI } from '../../../src/utils/messages.js';
import { checkToolPairing } from '../../support/toolPairing.js';
import { assistant, prompt, round, textBlock, toolResult, toolUseBlock } from './fixtures.js';

const big = (tag: string) => `${tag} ${'x'.repeat(4_000)}`;

/** Two requests: the first finished (two tool rounds, one with parallel calls), the second under way. */
function twoRequests() {
  const first = prompt('Add a --verbose flag', 'p1');
  const roundA = round('Read', { file_path: '/cli.ts' }, big('cli'));
  const parallel = assistant([toolUseBlock('Grep', { pattern: 'a' }, 'toolu_g1'), toolUseBlock('Grep', { pattern: 'b' }, 'toolu_g2')]);
  const roundB: Message[] = [parallel, toolResult('toolu_g1', big('g1')), toolResult('toolu_g2', big('g2'))];
  const answer = assistant([textBlock('Added the flag.')]);
  const second = prompt('Now document it', 'p2');
  const roundC = round('Edit', { file_path: '/README.md' }, 'edited');
  const messages: Message[] = [first, ...roundA, ...roundB, answer, second, ...roundC];
  return { messages, first, roundA, roundB, answer, second, roundC };
}

describe('snipIfNeeded', () => {
  it('does nothing under the threshold', () => {
    const { messages } = twoRequests();
    const result = snipIfNeeded(messages, { threshold: 1_000_000 });
    expect(result).toEqual({ messages, tokensFreed: 0 });
    expect(result.messages).toBe(messages);
  });

  it('drops the tool rounds of an answered request and keeps prompts, answers and current work', () => {
    const { messages, first, roundA, roundB, answer, second, roundC } = twoRequests();
    const result = snipIfNeeded(messages, { threshold: 0, uuid: () => 'snip-1' });
    expect(result.messages).toEqual([first, answer, second, ...roundC]);
    const removed = [...roundA, ...roundB];
    expect(result.tokensFreed).toBe(estimateMessagesTokens(removed));
    expect(result.boundary).toMatchObject({
      type: 'system',
      subtype: 'snip_boundary',
      uuid: 'snip-1',
      data: { removed_uuids: removed.map((m) => m.uuid), tokens_freed: result.tokensFreed },
    });
    expect(checkToolPairing(normalizeMessagesForAPI(result.messages))).toEqual([]);
  });

  it('drops oldest first and stops once under the threshold', () => {
    const { messages, roundA } = twoRequests();
    const total = estimateMessagesTokens(messages);
    const threshold = total - estimateMessagesTokens(roundA);
    const result = snipIfNeeded(messages, { threshold });
    expect(result.boundary?.data?.removed_uuids).toEqual(roundA.map((m) => m.uuid));
  });

  it('keeps a round whose results share a message with other content', () => {
    const use = assistant([toolUseBlock('Bash', { command: 'ls' }, 'toolu_mixed')]);
    const mixed = createUserMessage({
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_mixed', content: big('ls') },
        { type: 'text', text: 'also note this' },
      ],
      isMeta: true,
    });
    const messages: Message[] = [prompt('one'), use, mixed, assistant([textBlock('done')]), prompt('two')];
    const result = snipIfNeeded(messages, { threshold: 0 });
    expect(result.messages).toBe(messages);
    expect(result.boundary).toBeUndefined();
  });

  it('never cuts the current request, even far over the threshold', () => {
    const rounds = Array.from({ length: 4 }, (_, n) => round('Read', { file_path: `/f${n}` }, big(`f${n}`))).flat();
    const messages: Message[] = [prompt('the only task'), ...rounds];
    expect(snipIfNeeded(messages, { threshold: 0 }).messages).toBe(messages);
  });

  it('drops history before the compact boundary without counting it as freed', () => {
    const old = [prompt('ancient task'), ...round('Read', { file_path: '/old' }, big('old'))];
    const boundary = createSystemMessage('compact_boundary', 'Conversation compacted', { trigger: 'auto', pre_tokens: 1 });
    const summary = createUserMessage({ content: 'summary', isMeta: true });
    const current = [prompt('new task'), ...round('Read', { file_path: '/new' }, big('new'))];
    const messages: Message[] = [...old, boundary, summary, ...current];
    const result = snipIfNeeded(messages, { threshold: 0 });
    expect(result.messages).toEqual([boundary, summary, ...current]);
    expect(result.tokensFreed).toBe(0);
    expect(result.boundary?.data?.removed_uuids).toEqual(old.map((m) => m.uuid));
  });
});
