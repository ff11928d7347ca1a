import { describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../src/api/errors.js';
import { getModelInfo } from '../../src/api/models.js';
import { RESUME_AFTER_OUTPUT_LIMIT_PROMPT } from '../../src/query/recovery.js';
import type { AssistantMessage, LoopEvent } from '../../src/types/messages.js';
import { lastAssistantText } from '../../src/utils/messages.js';
import { text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { fakeTool, runQuery, TEST_MODEL } from './harness.js';

const cutOff = (partial: string): ResponseTurn => ({
  blocks: [text(partial)],
  stopReason: 'max_tokens',
  apiError: { kind: 'max_output_tokens', text: 'Output limit reached.' },
});

function yieldedErrors(events: readonly LoopEvent[]): AssistantMessage[] {
  return events.filter((e): e is AssistantMessage => e.type === 'assistant' && e.apiError !== undefined);
}

describe('query: max_output_tokens ladder', () => {
  it('escalates once, resumes three times, then surfaces the error', async () => {
    const run = await runQuery({
      turns: [cutOff('p0'), cutOff('p1'), cutOff('p2'), cutOff('p3'), cutOff('p4')],
    });
    const info = getModelInfo(TEST_MODEL);
    expect(info.defaultMaxOutputTokens).toBeLessThan(info.maxOutputTokens);

    expect(run.transitions).toEqual([
      { reason: 'max_output_tokens_escalate' },
      { reason: 'max_output_tokens_recovery', attempt: 1 },
      { reason: 'max_output_tokens_recovery', attempt: 2 },
      { reason: 'max_output_tokens_recovery', attempt: 3 },
    ]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests.map((r) => r.maxOutputTokens)).toEqual([
      info.defaultMaxOutputTokens,
      info.maxOutputTokens,
      info.maxOutputTokens,
      info.maxOutputTokens,
      info.maxOutputTokens,
    ]);
    // The escalated request is the same request; the partial it replaced was withdrawn.
    expect(run.requests[1]?.messages).toEqual(run.requests[0]?.messages);
    expect(run.events.filter((e) => e.type === 'tombstone')).toHaveLength(1);
    // Each resume carries the partial reply and a hidden nudge to continue.
    const last = run.requests[4]?.messages ?? [];
    expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(last.at(-1)?.content).toEqual([{ type: 'text', text: RESUME_AFTER_OUTPUT_LIMIT_PROMPT }]);
    const nudges = run.history.filter((m) => m.type === 'user' && m.isMeta);
    expect(nudges).toHaveLength(3);
    // Withheld until the ladder ran out: the consumer sees the error exactly once, at the end.
    expect(yieldedErrors(run.events)).toHaveLength(1);
    expect(run.events.at(-1)).toMatchObject({ type: 'assistant', apiError: 'max_output_tokens' });
  });

  it('does not escalate past a limit the caller chose, and stops once the model finishes', async () => {
    const run = await runQuery({
      maxOutputTokens: 1000,
      turns: [cutOff('The answer is'), { blocks: [text(' forty-two.')] }],
    });
    expect(run.transitions).toEqual([{ reason: 'max_output_tokens_recovery', attempt: 1 }]);
    expect(run.requests.map((r) => r.maxOutputTokens)).toEqual([1000, 1000]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(yieldedErrors(run.events)).toEqual([]);
    expect(lastAssistantText(run.history)).toBe(' forty-two.');
  });

  it('asks for CLAUDE_CODE_MAX_OUTPUT_TOKENS (capped at the model\'s limit) and does not escalate past it', async () => {
    const saved = process.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS;
    process.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = '2000';
    try {
      const run = await runQuery({ turns: [cutOff('The answer is'), { blocks: [text(' forty-two.')] }] });
      expect(run.requests.map((r) => r.maxOutputTokens)).toEqual([2000, 2000]);
      expect(run.transitions).toEqual([{ reason: 'max_output_tokens_recovery', attempt: 1 }]);
      process.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = '999999';
      const capped = await runQuery({ turns: [{ blocks: [text('ok')] }] });
      expect(capped.requests[0]?.maxOutputTokens).toBe(getModelInfo(TEST_MODEL).maxOutputTokens);
    } finally {
      if (saved === undefined) delete process.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS;
      else process.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = saved;
    }
  });

  it('answers a tool_use cut off by the limit before resuming', async () => {
    let ran = false;
    const tool = fakeTool({
      name: 'Write',
      run: async function* () {
        ran = true;
        return { data: 'written' };
      },
    });
    const run = await runQuery({
      streamingTools: false,
      maxOutputTokens: 1000,
      tools: [tool],
      turns: [
        { blocks: [toolUse('Write', { value: 'half' }, 'cut')], stopReason: 'max_tokens', apiError: { kind: 'max_output_tokens' } },
        { blocks: [text('Done differently.')] },
      ],
    });
    expect(ran).toBe(false);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });
});

describe('query: errors from the model', () => {
  it('surfaces prompt_too_long and ends with that reason', async () => {
    const run = await runQuery({
      turns: [{ blocks: [], apiError: { kind: 'prompt_too_long', text: 'Prompt is too long', status: 400 } }],
    });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(yieldedErrors(run.events)).toEqual([expect.objectContaining({ apiError: 'prompt_too_long', apiErrorStatus: 400 })]);
    expect(run.transitions).toEqual([]);
  });

  it('yields any other API error and completes', async () => {
    const run = await runQuery({
      turns: [{ blocks: [], apiError: { kind: 'rate_limit', text: 'API Error: 429 Rate limited.', status: 429 } }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(yieldedErrors(run.events).map((m) => m.apiError)).toEqual(['rate_limit']);
    expect(lastAssistantText(run.history)).toBe('API Error: 429 Rate limited.');
  });

  it('switches to the fallback model, withdrawing the abandoned attempt', async () => {
    const run = await runQuery({
      fallbackModel: 'claude-haiku-4-5',
      tools: [fakeTool({ name: 'Noop' })],
      turns: [
        { blocks: [text('Starting'), toolUse('Noop', {}, 'lost')], throws: new FallbackTriggeredError(TEST_MODEL, 'claude-haiku-4-5') },
        { blocks: [text('Answer from the fallback.')] },
      ],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([{ reason: 'model_fallback' }]);
    expect(run.requests.map((r) => [r.model, r.fallbackModel])).toEqual([
      [TEST_MODEL, 'claude-haiku-4-5'],
      ['claude-haiku-4-5', undefined],
    ]);
    expect(run.events.filter((e) => e.type === 'tombstone')).toHaveLength(2);
    const notice = run.events.find((e) => e.type === 'system' && e.subtype === 'model_fallback');
    expect(notice).toMatchObject({
      data: { trigger: 'overloaded', original_model: TEST_MODEL, fallback_model: 'claude-haiku-4-5' },
    });
    expect(run.history.filter((m) => m.type === 'assistant').map((m) => m.message.model)).toEqual(['claude-haiku-4-5']);
    expect(run.requests[1]?.messages).toEqual(run.requests[0]?.messages);
  });

  it('ends with model_error on an unexpected throw, answering dangling tool calls first', async () => {
    const failure = new Error('socket hang up');
    const run = await runQuery({
      tools: [fakeTool({ name: 'Noop' })],
      turns: [{ blocks: [toolUse('Noop', {}, 'dangling')], throws: failure }],
    });
    expect(run.terminal).toEqual({ reason: 'model_error', error: failure });
    const last = run.events.at(-1);
    expect(last).toMatchObject({ type: 'assistant', apiError: 'unknown' });
    expect(lastAssistantText(run.history)).toContain('socket hang up');
  });

  it('falls back only once', async () => {
    const overloaded = () => new FallbackTriggeredError(TEST_MODEL, 'claude-haiku-4-5');
    const run = await runQuery({
      fallbackModel: 'claude-haiku-4-5',
      turns: [{ blocks: [], throws: overloaded() }, { blocks: [], throws: overloaded() }],
    });
    expect(run.transitions).toEqual([{ reason: 'model_fallback' }]);
    expect(run.terminal.reason).toBe('model_error');
  });

  it('treats a fallback signal without a fallback model as a model error', async () => {
    const failure = new FallbackTriggeredError(TEST_MODEL, 'other');
    const run = await runQuery({ turns: [{ blocks: [], throws: failure }] });
    expect(run.terminal).toEqual({ reason: 'model_error', error: failure });
  });
});
