// A conversation that is only the person's prompt has nothing to compact: a summary would only
// retell the prompt, and the answer would come from that retelling. Over the limit, it fails at
// once and says how large the prompt is and what the limit is; a prompt too large for the window
// (a 10 MB pipe) is refused before anything is sent. The summariser sees the session's CLAUDE.md.
import { afterEach, describe, expect, it } from 'vitest';
import { getModelInfo } from '../../src/api/models.js';
import type { AssistantMessage, LoopEvent } from '../../src/types/messages.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { startMockAnthropic, type MockAnthropic } from '../support/mockAnthropic.js';
import { routedModel, text, toolUse } from '../support/scriptedModel.js';
import { assistant, prompt, round, textBlock } from '../unit/compact/fixtures.js';
import { fakeTool, runQuery, TEST_MODEL } from './harness.js';
import { runAgainstMock } from './mockHarness.js';

let mock: MockAnthropic | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const promptTooLong = {
  kind: 'http_error' as const,
  status: 400,
  body: { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 250000 tokens > 200000 maximum' } },
};

function shownError(events: readonly LoopEvent[]): string {
  const errors = events.filter((e): e is AssistantMessage => e.type === 'assistant' && e.apiError !== undefined);
  expect(errors).toHaveLength(1);
  return errors[0]?.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('') ?? '';
}

describe('nothing to compact', () => {
  it('fails at once on a one-message conversation the API calls too long, never summarising the prompt', async () => {
    mock = await startMockAnthropic({ turns: [promptTooLong] });
    const run = await runAgainstMock(mock, { messages: [createUserMessage({ content: 'word '.repeat(150_000) })] });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    // One request: no summary request ever went out.
    expect(mock.requests).toHaveLength(1);
    const text = shownError(run.events);
    expect(text).toContain('250,000 tokens');
    expect(text).toContain('at most 200,000 tokens');
    expect(text).toMatch(/The prompt alone is about 187,500 tokens \(0\.7 MB of text\)/);
  });

  it('refuses a 10 MB piped prompt before sending anything, saying how large it is and the limit', async () => {
    const tenMegabytes = 'x'.repeat(10 * 1024 * 1024);
    const run = await runQuery({ messages: [createUserMessage({ content: tenMegabytes })], turns: [] });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(run.requests).toHaveLength(0);
    const text = shownError(run.events);
    expect(text).toContain('10.0 MB');
    expect(text).toContain('2,621,440 tokens');
    expect(text).toContain(`at most ${getModelInfo(TEST_MODEL).contextWindow.toLocaleString('en-US')} tokens`);
  });

  it('refuses a prompt too large for the window even with earlier history: the prompt is never summarised', async () => {
    const history = [prompt('earlier'), assistant([textBlock('earlier answer')]), createUserMessage({ content: 'y'.repeat(5 * 1024 * 1024) })];
    const run = await runQuery({ compaction: 'real', messages: history, turns: [] });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(run.requests).toHaveLength(0);
  });
});

describe('the summariser', () => {
  it("sees the session's system prompt, CLAUDE.md included, and keeps the person's prompt word for word", async () => {
    const saved = process.env.PULSE_CONTEXT_WINDOW;
    process.env.PULSE_CONTEXT_WINDOW = '60000';
    try {
      const claudeMd = 'Memory file /repo/CLAUDE.md (project):\n\nAlways keep the migration ids in any summary.';
      const big = fakeTool({
        name: 'Big',
        run: async function* () {
          return { data: 'word '.repeat(24_000) };
        },
      });
      const model = routedModel(
        [{ blocks: [toolUse('Big', {})] }, { blocks: [text('Done.')] }],
        { blocks: [text('<summary>1. Goal and intent: migrate; ids 0042 and 0043.</summary>')] },
      );
      const run = await runQuery({
        compaction: 'real',
        model,
        turns: [],
        tools: [big],
        systemPrompt: ['You are a test harness.', claudeMd],
        messages: [prompt('Run the migrations 0042 and 0043.'), ...round('Read', { file_path: 'm.sql' }, 'select 1')],
      });
      expect(run.terminal).toEqual({ reason: 'completed' });
      const summaryRequest = model.requests.find((r) => r.querySource === 'compact');
      expect(JSON.stringify(summaryRequest?.system)).toContain('Always keep the migration ids in any summary.');
      const after = JSON.stringify(model.requests.at(-1)?.messages);
      expect(after).toContain('Run the migrations 0042 and 0043.');
      expect(after).not.toContain('word word');
    } finally {
      if (saved === undefined) delete process.env.PULSE_CONTEXT_WINDOW;
      else process.env.PULSE_CONTEXT_WINDOW = saved;
    }
  });
});
