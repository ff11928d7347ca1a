import { describe, expect, it } from 'vitest';
import { getModelInfo } from '../../src/api/models.js';
import { session } from '../../src/state/session.js';
import { lastAssistantText } from '../../src/utils/messages.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { fakeTool, runQuery, TEST_MODEL, toolResultsOf } from './harness.js';

describe('query: the plain paths', () => {
  it('completes a text-only answer in one request', async () => {
    const run = await runQuery({ turns: [{ blocks: [text('Hello there.')] }] });

    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([]);
    expect(run.events[0]).toEqual({ type: 'stream_request_start' });
    expect(lastAssistantText(run.history)).toBe('Hello there.');
    const [request] = run.requests;
    expect(request?.model).toBe(TEST_MODEL);
    expect(request?.system).toEqual([{ type: 'text', text: 'You are a test harness.' }]);
    expect(request?.maxOutputTokens).toBe(getModelInfo(TEST_MODEL).defaultMaxOutputTokens);
    expect(request?.messages).toEqual([{ role: 'user', content: 'Do the thing.' }]);
  });

  it('passes raw stream events through to the consumer', async () => {
    const run = await runQuery({ turns: [{ blocks: [text('Hi.')] }] });
    expect(run.events.filter((e) => e.type === 'stream_event').map((e) => e.type === 'stream_event' && e.event.type))
      .toEqual(['content_block_start', 'content_block_stop', 'message_stop']);
  });

  it('runs a tool, sends its result back and finishes on the next answer', async () => {
    const echo = fakeTool({
      name: 'Echo',
      run: async function* (input) {
        return { data: { echoed: input.value } };
      },
    });
    echo.toResultBlock = (output: { echoed: string }, id: string) => ({ type: 'tool_result', tool_use_id: id, content: `echo: ${output.echoed}` });
    const run = await runQuery({
      tools: [echo],
      turns: [
        { blocks: [text('Let me echo.'), toolUse('Echo', { value: 'hi' }, 'toolu_echo')] },
        { blocks: [text('It said hi.')] },
      ],
    });

    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({ id: 'toolu_echo', content: 'echo: hi', isError: false });
    expect(result?.message.toolUseResult).toEqual({ echoed: 'hi' });
    const asking = run.history.find((m) => m.type === 'assistant' && m.message.content[0]?.type === 'tool_use');
    expect(result?.message.sourceToolAssistantUUID).toBe(asking?.uuid);

    // The second request carries the whole first response merged into one turn, then the result.
    const second = run.requests[1]?.messages;
    expect(second?.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second?.[1]?.content).toHaveLength(2);
    expect(second?.[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_echo', content: 'echo: hi' }]);
    expect(run.requests[1]?.tools).toEqual([
      {
        name: 'Echo',
        description: 'Use Echo in tests.',
        input_schema: { type: 'object', properties: { value: { type: 'string' } } },
      },
    ]);
  });

  it('accounts the cost of every response in the session', async () => {
    const run = await runQuery({
      tools: [fakeTool({ name: 'Noop' })],
      turns: [
        { blocks: [toolUse('Noop', {})], usage: { input_tokens: 1000, output_tokens: 100 } },
        { blocks: [text('done')], usage: { input_tokens: 2000, output_tokens: 200 } },
      ],
    });
    expect(run.terminal.reason).toBe('completed');
    const usage = session.modelUsage[TEST_MODEL];
    expect(usage?.inputTokens).toBe(3000);
    expect(usage?.outputTokens).toBe(300);
    // Sonnet: $3 in / $15 out per million tokens.
    expect(session.totalCostUSD).toBeCloseTo((3000 * 3 + 300 * 15) / 1_000_000, 10);
    expect(usage?.costUSD).toBeCloseTo(session.totalCostUSD, 10);
    expect(session.hasUnknownModelCost).toBe(false);
  });
});
