import { describe, expect, it } from 'vitest';
import { CLEARED_TOOL_RESULT, microcompact } from '../../../src/compact/microcompact.js';
import type { QueryDeps } from '../../../src/query/deps.js';
import type { Message } from '../../../src/types/messages.js';
import { makeToolContext } from '../../support/toolContext.js';
import { assistant, prompt, round, textBlock, thinkingBlock, toolResult, toolResultContents, toolUseBlock } from './fixtures.js';

const context = makeToolContext('/tmp', {
  options: { model: 'claude-opus-4-6', isNonInteractive: true, verbose: false, env: {} },
});

function idsOf(messages: readonly Message[]): string[] {
  return [...toolResultContents(messages).keys()];
}

function history(): { messages: Message[]; thinkingTurn: Message } {
  const reads = [1, 2, 3, 4].flatMap((n) => round('Read', { file_path: `/f${n}` }, `contents of f${n}`));
  const [agentUse, agentResult] = round('Agent', { prompt: 'dig' }, 'sub-agent report');
  const thinkingTurn = assistant([thinkingBlock('I should run the tests.'), toolUseBlock('Bash', { command: 'npm test' }, 'toolu_unanswered')]);
  return {
    messages: [prompt('fix it'), agentUse, agentResult, ...reads, thinkingTurn, toolResult('toolu_unanswered', 'tests pass')],
    thinkingTurn,
  };
}

describe('microcompact', () => {
  it('clears old compactable results and keeps the most recent N', () => {
    const { messages } = history();
    const before = JSON.stringify(messages);
    const { messages: next } = microcompact(messages, context, { env: { PULSE_MICROCOMPACT_KEEP: '2' } });
    const contents = toolResultContents(next);
    const ids = idsOf(messages);
    // Agent result, Read f1..f4, Bash (unanswered).
    expect(ids.map((id) => contents.get(id))).toEqual([
      'sub-agent report',
      CLEARED_TOOL_RESULT,
      CLEARED_TOOL_RESULT,
      CLEARED_TOOL_RESULT,
      'contents of f4',
      'tests pass',
    ]);
    expect(JSON.stringify(messages)).toBe(before);
    expect(next).toHaveLength(messages.length);
  });

  it('keeps results the model has not seen yet even when keeping none', () => {
    const { messages, thinkingTurn } = history();
    const { messages: next } = microcompact(messages, context, { env: { PULSE_MICROCOMPACT_KEEP: '0' } });
    expect(toolResultContents(next).get('toolu_unanswered')).toBe('tests pass');
    // Assistant messages, thinking included, are passed through untouched.
    expect(next.find((m) => m.uuid === thinkingTurn.uuid)).toBe(thinkingTurn);
    expect(next.filter((m) => m.type === 'assistant').every((m) => messages.includes(m))).toBe(true);
  });

  it('fits QueryDeps.microcompact', () => {
    const dep: QueryDeps['microcompact'] = microcompact;
    const messages = [prompt('hi')];
    expect(dep(messages, context).messages).toBe(messages);
  });

  it('returns the same array when nothing changes', () => {
    const { messages } = history();
    const once = microcompact(messages, context, { keepRecent: 2 }).messages;
    expect(microcompact(once, context, { keepRecent: 2 }).messages).toBe(once);
    // Small history, no override: not triggered.
    expect(microcompact(messages, context, { env: {} }).messages).toBe(messages);
  });

  it('triggers on its own at 60% of the auto-compaction threshold and keeps five', () => {
    const reads = Array.from({ length: 7 }, (_, n) => round('Grep', { pattern: `p${n}` }, `matches ${n}`)).flat();
    // 167k threshold * 0.6 = 100.2k: the last response reports 101k.
    const last = assistant([textBlock('Summing up.')], { usage: { input_tokens: 101_000 } });
    const messages: Message[] = [prompt('search'), ...reads, last];
    const contents = toolResultContents(microcompact(messages, context, { env: {} }).messages);
    const values = idsOf(messages).map((id) => contents.get(id));
    expect(values.filter((v) => v === CLEARED_TOOL_RESULT)).toHaveLength(2);
    expect(values.slice(2)).toEqual(['matches 2', 'matches 3', 'matches 4', 'matches 5', 'matches 6']);

    const below = [...messages.slice(0, -1), assistant([textBlock('ok')], { usage: { input_tokens: 90_000 } })];
    expect(microcompact(below, context, { env: {} }).messages).toBe(below);
  });
});
