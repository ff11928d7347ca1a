import { describe, expect, it } from 'vitest';
import {
  COLLAPSE_SUMMARY_PREFIX,
  collapseFinishedStretches,
  drainCollapse,
} from '../../../src/compact/collapse.js';
import { createModelSummariser } from '../../../src/compact/collapseSummariser.js';
import type { Message } from '../../../src/types/messages.js';
import { normalizeMessagesForAPI } from '../../../src/utils/messages.js';
import { checkToolPairing } from '../../support/toolPairing.js';
import { assistant, fakeModel, prompt, round, textBlock } from './fixtures.js';

function stretch(task: string, file: string): Message[] {
  return [prompt(task), ...round('Read', { file_path: file }, `contents of ${file}`), assistant([textBlock(`Finished: ${task}`)])];
}

function recordingSummariser(reply = (s: Message[]) => `summary of ${s.length} messages`) {
  const calls: Message[][] = [];
  return {
    calls,
    summarise: async (s: Message[]) => {
      calls.push(s);
      return reply(s);
    },
  };
}

describe('collapseFinishedStretches', () => {
  it('summarises older finished stretches and keeps the most recent one verbatim', async () => {
    const s1 = stretch('rename the config loader', '/config.ts');
    const s2 = stretch('add tests for it', '/config.test.ts');
    const current = [prompt('now update the docs'), ...round('Read', { file_path: '/README.md' }, 'docs')];
    const messages = [...s1, ...s2, ...current];
    const { calls, summarise } = recordingSummariser();

    const result = await collapseFinishedStretches(messages, { summarise });

    expect(result.collapsed).toBe(1);
    expect(calls).toEqual([s1]);
    const [summary, ...rest] = result.messages;
    expect(summary).toMatchObject({ type: 'user', isMeta: true });
    expect(summary?.type === 'user' && summary.message.content).toBe(`${COLLAPSE_SUMMARY_PREFIX}\nsummary of 4 messages`);
    expect(rest).toEqual([...s2, ...current]);
    expect(checkToolPairing(normalizeMessagesForAPI(result.messages))).toEqual([]);

    // A second pass finds nothing new to fold.
    const again = await collapseFinishedStretches(result.messages, { summarise });
    expect(again.collapsed).toBe(0);
    expect(again.messages).toBe(result.messages);
  });

  it('leaves a stretch that ended without a text answer', async () => {
    const unfinished = [prompt('start a refactor'), ...round('Read', { file_path: '/a.ts' }, 'a')];
    const messages = [...unfinished, ...stretch('something else', '/b.ts'), prompt('and then?')];
    const { calls, summarise } = recordingSummariser();
    const result = await collapseFinishedStretches(messages, { summarise, keepRecentStretches: 0 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe(messages[unfinished.length]);
    expect(result.messages.slice(0, unfinished.length)).toEqual(unfinished);
  });

  it('keeps history unchanged when the summariser fails', async () => {
    const messages = [...stretch('one', '/1'), ...stretch('two', '/2'), prompt('three')];
    const result = await collapseFinishedStretches(messages, {
      summarise: async () => {
        throw new Error('model unavailable');
      },
    });
    expect(result).toEqual({ messages, collapsed: 0 });
  });

  it('drains every finished stretch, short ones and the newest included', async () => {
    const quick = [prompt('what is 2+2?'), assistant([textBlock('4')])];
    const messages = [...quick, ...stretch('real work', '/w.ts'), prompt('next')];
    const { calls, summarise } = recordingSummariser();
    expect((await collapseFinishedStretches(messages, { summarise })).collapsed).toBe(0);
    const drained = await drainCollapse(messages, { summarise });
    expect(drained.collapsed).toBe(2);
    expect(calls).toHaveLength(2);
    expect(drained.messages).toHaveLength(3);
    expect(drained.messages.at(-1)).toBe(messages.at(-1));
  });
});

describe('createModelSummariser', () => {
  it('asks the model without tools and returns its text', async () => {
    const { callModel, requests } = fakeModel(['They renamed the loader.']);
    const summarise = createModelSummariser({ callModel, model: 'claude-haiku-4-5', signal: new AbortController().signal });
    const s = stretch('rename the loader', '/loader.ts');
    expect(await summarise(s)).toBe('They renamed the loader.');
    expect(requests[0]).toMatchObject({ tools: [], querySource: 'compact', model: 'claude-haiku-4-5' });
    expect(checkToolPairing(requests[0]?.messages)).toEqual([]);
    expect(requests[0]?.messages.at(-1)?.role).toBe('user');
  });

  it('throws on an API error so collapse leaves the stretch alone', async () => {
    const { callModel } = fakeModel([{ apiError: 'server_error', text: 'overloaded' }]);
    const summarise = createModelSummariser({ callModel, model: 'm', signal: new AbortController().signal });
    await expect(summarise(stretch('x', '/x'))).rejects.toThrow('overloaded');
  });
});
