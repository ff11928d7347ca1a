import { describe, expect, it } from 'vitest';
import { AUTOCOMPACT_FAILURE_LIMIT } from '../../src/query/compaction.js';
import type { Message } from '../../src/types/messages.js';
import { createSystemMessage, createUserMessage } from '../../src/utils/messages.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { fakeTool, runQuery } from './harness.js';

describe('query: context layers', () => {
  it('yields the compact boundary and sends only what follows it', async () => {
    const boundary = createSystemMessage('compact_boundary', 'Conversation compacted', undefined, 'boundary');
    const summary = createUserMessage({ content: 'Summary of earlier work.', isMeta: true }, 'summary');
    let calls = 0;
    const run = await runQuery({
      messages: [createUserMessage({ content: 'old prompt' }, 'old')],
      tools: [fakeTool({ name: 'Noop' })],
      compaction: {
        autocompact: async () => {
          calls += 1;
          return calls === 1 ? { compacted: true, messages: [summary], boundary } : { compacted: false };
        },
      },
      turns: [{ blocks: [toolUse('Noop', {})] }, { blocks: [text('done')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.events.slice(1, 3)).toEqual([boundary, summary]);
    expect(run.requests[0]?.messages).toEqual([{ role: 'user', content: 'Summary of earlier work.' }]);
    // The next turn still starts from the boundary, not from the old history.
    expect(JSON.stringify(run.requests[1]?.messages)).not.toContain('old prompt');
    expect(run.requests[1]?.messages[0]).toEqual({ role: 'user', content: 'Summary of earlier work.' });
  });

  it('stops trying auto-compaction after repeated failures', async () => {
    let attempts = 0;
    const turns = Array.from({ length: 5 }, () => ({ blocks: [toolUse('Noop', {})] }));
    const run = await runQuery({
      tools: [fakeTool({ name: 'Noop' })],
      compaction: {
        autocompact: async () => {
          attempts += 1;
          throw new Error('summariser down');
        },
      },
      turns: [...turns, { blocks: [text('done')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests).toHaveLength(6);
    expect(attempts).toBe(AUTOCOMPACT_FAILURE_LIMIT);
    const warnings = run.events.filter((e) => e.type === 'system' && e.subtype === 'warning');
    expect(warnings).toHaveLength(AUTOCOMPACT_FAILURE_LIMIT);
  });

  it('sends what microcompaction returns', async () => {
    const run = await runQuery({
      compaction: {
        microcompact: (messages: Message[]) => ({
          messages: messages.map((m) => (m.type === 'user' ? createUserMessage({ content: 'trimmed' }, m.uuid) : m)),
        }),
      },
      turns: [{ blocks: [text('ok')] }],
    });
    expect(run.requests[0]?.messages).toEqual([{ role: 'user', content: 'trimmed' }]);
  });
});
