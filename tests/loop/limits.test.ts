import { describe, expect, it } from 'vitest';
import { session } from '../../src/state/session.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { fakeTool, runQuery, toolResultsOf } from './harness.js';

describe('query: limits', () => {
  it('stops with max_turns once the next turn would pass the limit', async () => {
    const run = await runQuery({
      maxTurns: 2,
      tools: [fakeTool({ name: 'Again' })],
      turns: [
        { blocks: [toolUse('Again', {}, 'a1')] },
        { blocks: [toolUse('Again', {}, 'a2')] },
        { blocks: [text('never asked for')] },
      ],
    });
    expect(run.terminal).toEqual({ reason: 'max_turns', turnCount: 2 });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    expect(run.requests).toHaveLength(2);
    // The last turn's tools still ran, so their tool_use is answered.
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['a1', 'a2']);
  });

  it('stops with max_budget after the response that reached it, answering its tool calls', async () => {
    let ran = false;
    const tool = fakeTool({
      name: 'Costly',
      run: async function* () {
        ran = true;
        return { data: 'spent' };
      },
    });
    const run = await runQuery({
      streamingTools: false,
      maxBudgetUsd: 0.01,
      tools: [tool],
      // 10,000 input tokens at $3 per million = $0.03.
      turns: [{ blocks: [toolUse('Costly', {}, 'c1')], usage: { input_tokens: 10_000 } }],
    });
    expect(run.terminal).toEqual({ reason: 'max_budget' });
    expect(run.transitions).toEqual([]);
    expect(session.totalCostUSD).toBeGreaterThanOrEqual(0.01);
    expect(ran).toBe(false);
    expect(toolResultsOf(run.events)).toEqual([expect.objectContaining({ id: 'c1', isError: true })]);
  });

  it('streaming: stops the call already started by the response that reached the budget', async () => {
    let sawAbort = false;
    const tool = fakeTool({
      name: 'Costly',
      safe: true,
      run: async function* (_input, ctx) {
        await new Promise<void>((resolve) => ctx.abortSignal.addEventListener('abort', () => resolve(), { once: true }));
        sawAbort = true;
        // As real tools do: a stopped call fails (a success that still arrived would be kept).
        throw new Error('stopped');
      },
    });
    const run = await runQuery({
      streamingTools: true,
      maxBudgetUsd: 0.01,
      tools: [tool],
      turns: [{ blocks: [toolUse('Costly', {}, 'c1')], usage: { input_tokens: 10_000 } }],
    });
    expect(run.terminal).toEqual({ reason: 'max_budget' });
    expect(sawAbort).toBe(true);
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({ id: 'c1', isError: true });
    expect(String(result?.content)).toContain('spending limit');
    expect(run.requests).toHaveLength(1);
  });

  it('checks the budget after every response, not just the first', async () => {
    const run = await runQuery({
      maxBudgetUsd: 0.02,
      tools: [fakeTool({ name: 'Cheap', safe: true })],
      // $0.003 for the first response, then $0.03 for the second.
      turns: [
        { blocks: [toolUse('Cheap', {}, 'e1')], usage: { input_tokens: 1_000 } },
        { blocks: [text('expensive')], usage: { input_tokens: 10_000 } },
        { blocks: [text('never asked for')] },
      ],
    });
    expect(run.terminal).toEqual({ reason: 'max_budget' });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    expect(run.requests).toHaveLength(2);
  });

  it('keeps going while under budget', async () => {
    const run = await runQuery({
      maxBudgetUsd: 1,
      tools: [fakeTool({ name: 'Cheap' })],
      turns: [{ blocks: [toolUse('Cheap', {})] }, { blocks: [text('done')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
  });
});
