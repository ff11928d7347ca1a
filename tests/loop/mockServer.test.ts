// The loop against the mock Messages API with the real model layer: model fallback after
// overloads, aborts at precise points, and extended thinking. Every follow-up request must
// pass the mock's tool_use/tool_result pairing check.
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, LoopEvent, SystemMessage } from '../../src/types/messages.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn } from '../support/mockAnthropic.js';
import { withStreamingTools, fakeTool, makeContext, toolResultsOf, untilAborted } from './harness.js';
import { continueWith, runAgainstMock, useFastRetries } from './mockHarness.js';

const MAIN = 'claude-opus-4-8';
const FALLBACK = 'claude-sonnet-4-6';
const overloaded: MockTurn = { kind: 'http_error', status: 529 };
/** A model that thinks on a token budget (no adaptive thinking). */
const BUDGET_MODEL = 'claude-sonnet-4-5';

let mock: MockAnthropic | undefined;
useFastRetries();

afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function fallbackNotices(events: readonly LoopEvent[]): SystemMessage[] {
  return events.filter((e): e is SystemMessage => e.type === 'system' && e.subtype === 'model_fallback');
}

function assistantErrors(events: readonly LoopEvent[]): AssistantMessage[] {
  return events.filter((e): e is AssistantMessage => e.type === 'assistant' && e.apiError !== undefined);
}

describe('model fallback against the mock API', () => {
  it('switches after three 529s: the fourth request names the fallback model and the turn completes', async () => {
    mock = await startMockAnthropic({
      turns: [
        overloaded,
        overloaded,
        overloaded,
        { content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_f1', name: 'Probe', input: {} }] },
        { content: [{ type: 'text', text: 'Done on the fallback.' }] },
      ],
    });
    const run = await runAgainstMock(mock, {
      context: makeContext({ model: MAIN }),
      fallbackModel: FALLBACK,
      tools: [fakeTool({ name: 'Probe', safe: true })],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(mock.requests.map((r) => r.body.model)).toEqual([MAIN, MAIN, MAIN, FALLBACK, FALLBACK]);
    expect(run.transitions).toEqual([{ reason: 'model_fallback' }, { reason: 'next_turn' }]);
    const notices = fallbackNotices(run.events);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.content).toContain(FALLBACK);
    expect(notices[0]?.data).toMatchObject({ original_model: MAIN, fallback_model: FALLBACK });
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['toolu_f1']);
    expect(mock.pairingErrors).toEqual([]);
  });

  it('withdraws a tool call from a dead attempt, stops it, and leaves nothing orphaned', async () => {
    let probeSawAbort = false;
    const probe = fakeTool({
      name: 'Probe',
      safe: true,
      run: async function* (_input, ctx) {
        await untilAborted(ctx);
        probeSawAbort = true;
        return { data: 'never sent' };
      },
    });
    mock = await startMockAnthropic({
      turns: [
        // message_start, block start, one JSON delta, block stop: the tool_use closes, then the socket dies.
        { kind: 'cut', content: [{ type: 'tool_use', id: 'toolu_dead', name: 'Probe', input: {} }, { type: 'text', text: 'lost' }], afterEvents: 4 },
        overloaded,
        overloaded,
        overloaded,
        { content: [{ type: 'text', text: 'Fine now.' }] },
      ],
    });
    const run = await runAgainstMock(mock, {
      context: makeContext({ model: MAIN }),
      fallbackModel: FALLBACK,
      tools: [probe],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(mock.requests.at(-1)?.body.model).toBe(FALLBACK);
    expect(probeSawAbort).toBe(true);
    expect(toolResultsOf(run.events)).toEqual([]);
    expect(run.events.some((e) => e.type === 'tombstone' && e.message.message.content[0]?.type === 'tool_use')).toBe(true);
    expect(fallbackNotices(run.events)).toHaveLength(1);
    // The conversation goes on cleanly.
    mock.push({ content: [{ type: 'text', text: 'ok' }] });
    const next = await runAgainstMock(mock, { messages: continueWith(run.history, 'Next.'), context: makeContext({ model: FALLBACK }) });
    expect(next.terminal).toEqual({ reason: 'completed' });
    expect(mock.pairingErrors).toEqual([]);
  });

  it('without a fallback model, an overload that outlasts the retries ends model_error with a clear message', async () => {
    const saved = process.env.PULSE_MAX_RETRIES;
    process.env.PULSE_MAX_RETRIES = '2';
    try {
      mock = await startMockAnthropic({ turns: [], fallback: overloaded });
      const run = await runAgainstMock(mock, { context: makeContext({ model: MAIN }) });
      expect(mock.requests).toHaveLength(3);
      expect(run.terminal.reason).toBe('model_error');
      const error = run.terminal.reason === 'model_error' ? run.terminal.error : undefined;
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(`${MAIN} stayed overloaded`);
      expect((error as Error).message).toContain('--fallback-model');
      // The person also sees the API's own failure line, once.
      const shown = assistantErrors(run.events);
      expect(shown).toHaveLength(1);
      expect(shown[0]?.apiErrorStatus).toBe(529);
    } finally {
      if (saved === undefined) delete process.env.PULSE_MAX_RETRIES;
      else process.env.PULSE_MAX_RETRIES = saved;
    }
  });
});

describe('aborts against the mock API leave a conversation the API accepts', () => {
  const longText = 'This reply streams slowly so the abort lands in the middle of it. '.repeat(4);

  async function abortThenContinue(
    trigger: (event: LoopEvent, abort: () => void) => void,
    options: { tools?: ReturnType<typeof fakeTool>[]; streaming?: boolean } = {},
  ) {
    mock = await startMockAnthropic({
      turns: [
        {
          content: [
            { type: 'text', text: longText },
            { type: 'tool_use', id: 'toolu_a1', name: 'Probe', input: { value: 'a fairly long value to stream in pieces' } },
            { type: 'text', text: longText },
          ],
          chunkDelayMs: 2,
          chunkSize: 8,
        },
      ],
    });
    const controller = new AbortController();
    const run = await withStreamingTools(options.streaming ?? true, () =>
      runAgainstMock(mock as MockAnthropic, {
        context: makeContext({ signal: controller.signal }),
        tools: options.tools ?? [fakeTool({ name: 'Probe', safe: true })],
        onEvent: (event) => trigger(event, () => controller.abort()),
      }),
    );
    mock.push({ content: [{ type: 'text', text: 'Picking up again.' }] });
    const next = await runAgainstMock(mock, { messages: continueWith(run.history, 'Carry on.') });
    expect(next.terminal).toEqual({ reason: 'completed' });
    expect(assistantErrors(next.events)).toEqual([]);
    expect(mock.pairingErrors).toEqual([]);
    return run;
  }

  const isDelta = (event: LoopEvent, type: string): boolean =>
    event.type === 'stream_event' && event.event.type === 'content_block_delta' && event.event.delta.type === type;

  it('mid-text', async () => {
    const run = await abortThenContinue((event, abort) => {
      if (isDelta(event, 'text_delta')) abort();
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    expect(toolResultsOf(run.events)).toEqual([]);
  });

  it('mid-tool_use input', async () => {
    const run = await abortThenContinue((event, abort) => {
      if (isDelta(event, 'input_json_delta')) abort();
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    // The half-streamed tool_use never closed, so it was never part of the history.
    expect(run.history.some((m) => m.type === 'assistant' && m.message.content.some((b) => b.type === 'tool_use'))).toBe(false);
  });

  it('mid-tool while the model is still streaming (streaming executor)', async () => {
    // The consumer hands over its abort; the tool pulls it the moment it is running, while the
    // trailing text is still streaming.
    let abortRun: (() => void) | undefined;
    const probe = fakeTool({
      name: 'Probe',
      safe: true,
      run: async function* (_input, ctx) {
        abortRun?.();
        await untilAborted(ctx);
        return { data: 'stopped' };
      },
    });
    const run = await abortThenContinue(
      (_event, abort) => {
        abortRun = abort;
      },
      { tools: [probe] },
    );
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    expect(toolResultsOf(run.events).map((r) => [r.id, r.isError])).toEqual([['toolu_a1', true]]);
  });

  it('mid-tool after the stream (batch path): aborted_tools with a result for every tool_use', async () => {
    const probe = fakeTool({
      name: 'Probe',
      safe: true,
      run: async function* (_input, ctx) {
        yield { data: 'running' };
        await untilAborted(ctx);
        return { data: 'stopped' };
      },
    });
    const run = await abortThenContinue(
      (event, abort) => {
        if (event.type === 'progress') abort();
      },
      { tools: [probe], streaming: false },
    );
    expect(run.terminal).toEqual({ reason: 'aborted_tools' });
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['toolu_a1']);
  });
});

describe('extended thinking against the mock API', () => {
  it('sends the thinking config and returns thinking blocks byte for byte across a tool round trip', async () => {
    const signature = 'EqQBCkgIARABGAIiQL+/sig==\u00e9\u2603';
    const thinking = 'Let me think.\nStep one: "quote" \\ backslash \u{1F600}';
    mock = await startMockAnthropic({
      turns: [
        { content: [{ type: 'thinking', thinking, signature }, { type: 'tool_use', id: 'toolu_t1', name: 'Probe', input: {} }] },
        { content: [{ type: 'text', text: 'Answer.' }] },
      ],
    });
    const run = await runAgainstMock(mock, {
      context: makeContext({ model: BUDGET_MODEL }),
      thinking: { type: 'enabled', budgetTokens: 2_048 },
      maxOutputTokens: 8_000,
      tools: [fakeTool({ name: 'Probe', safe: true })],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(mock.requests[0]?.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2_048 });
    const assistantTurn = mock.requests[1]?.body.messages?.[1];
    expect(assistantTurn?.role).toBe('assistant');
    expect(Array.isArray(assistantTurn?.content) ? assistantTurn.content[0] : undefined).toEqual({ type: 'thinking', thinking, signature });
    expect(mock.pairingErrors).toEqual([]);
  });

  it('keeps the thinking budget below max_tokens', async () => {
    mock = await startMockAnthropic({ turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
    await runAgainstMock(mock, {
      context: makeContext({ model: BUDGET_MODEL }),
      thinking: { type: 'enabled', budgetTokens: 50_000 },
      maxOutputTokens: 4_000,
    });
    expect(mock.requests[0]?.body).toMatchObject({ max_tokens: 4_000, thinking: { type: 'enabled', budget_tokens: 3_999 } });
  });

  it('a current model thinks adaptively at its default effort, keeps earlier thinking, and gets its signature back next turn', async () => {
    const signature = 'sig-adaptive-\u00e9';
    mock = await startMockAnthropic({
      turns: [
        { content: [{ type: 'thinking', thinking: 'Plan.', signature }, { type: 'tool_use', id: 'toolu_t3', name: 'Probe', input: {} }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const run = await runAgainstMock(mock, {
      context: makeContext({ model: 'claude-opus-5-5' }),
      tools: [fakeTool({ name: 'Probe', safe: true })],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    // As Claude Code 2.1.332 sends it to claude-opus-5-5.
    expect(mock.requests[0]?.body).toMatchObject({
      model: 'claude-opus-5-5',
      max_tokens: 128_000,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'medium' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
    });
    expect(mock.requests[0]?.headers['anthropic-beta']?.split(',')).toEqual([
      'interleaved-thinking-2025-05-14',
      'context-management-2025-06-27',
      'effort-2025-11-24',
    ]);
    const assistantTurn = mock.requests[1]?.body.messages?.[1];
    expect(Array.isArray(assistantTurn?.content) ? assistantTurn.content[0] : undefined).toEqual({ type: 'thinking', thinking: 'Plan.', signature });
    expect(mock.requests[1]?.body.thinking).toEqual({ type: 'adaptive' });
  });

  it('a budget model gets all the output room but one token as its budget, and no effort', async () => {
    mock = await startMockAnthropic({ turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
    await runAgainstMock(mock, { context: makeContext({ model: BUDGET_MODEL }) });
    expect(mock.requests[0]?.body).toMatchObject({ max_tokens: 32_000, thinking: { type: 'enabled', budget_tokens: 31_999 } });
    expect(mock.requests[0]?.body).not.toHaveProperty('output_config');
    expect(mock.requests[0]?.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,context-management-2025-06-27');
  });

  it('never sends the main model’s thinking signatures to the fallback model', async () => {
    mock = await startMockAnthropic({
      turns: [
        { content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig-main' }, { type: 'tool_use', id: 'toolu_t2', name: 'Probe', input: {} }] },
        overloaded,
        overloaded,
        overloaded,
        { content: [{ type: 'text', text: 'Fallback answer.' }] },
      ],
    });
    const run = await runAgainstMock(mock, {
      context: makeContext({ model: MAIN }),
      fallbackModel: FALLBACK,
      thinking: { type: 'enabled', budgetTokens: 1_024 },
      tools: [fakeTool({ name: 'Probe', safe: true })],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    const toFallback = mock.requests.at(-1);
    expect(toFallback?.body.model).toBe(FALLBACK);
    expect(JSON.stringify(toFallback?.body.messages)).not.toContain('sig-main');
    // The main model's own follow-up request did carry it.
    expect(JSON.stringify(mock.requests[1]?.body.messages)).toContain('sig-main');
    expect(mock.pairingErrors).toEqual([]);
  });
});
