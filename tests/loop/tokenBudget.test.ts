import { describe, expect, it } from 'vitest';
import {
  checkTokenBudget,
  newTokenBudgetTracker,
  parseTokenBudget,
} from '../../src/query/tokenBudget.js';
import { text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { fakeTool, runQuery } from './harness.js';

const reply = (outputTokens: number): ResponseTurn => ({ blocks: [text(`${outputTokens} tokens of work`)], usage: { output_tokens: outputTokens } });

function nudges(run: Awaited<ReturnType<typeof runQuery>>): string[] {
  return run.history.flatMap((m) => (m.type === 'user' && m.isMeta && typeof m.message.content === 'string' ? [m.message.content] : []));
}

describe('parseTokenBudget', () => {
  it.each([
    ['+500k refactor the parser', 500_000],
    ['  +1.5M go', 1_500_000],
    ['refactor the parser +500k', 500_000],
    ['refactor the parser +2m.', 2_000_000],
    ['please use 2M tokens on this', 2_000_000],
    ['Spend 300k tokens and be thorough', 300_000],
    ['use 1b token', 1_000_000_000],
  ])('reads %j as %d tokens', (prompt, tokens) => {
    expect(parseTokenBudget(prompt)).toBe(tokens);
  });

  it.each([
    ['fix the bug'],
    ['the cost went up by +500k dollars yesterday'],
    ['a+500k'],
    ['use 2M of memory'],
    ['+500 lines'],
  ])('finds no budget in %j', (prompt) => {
    expect(parseTokenBudget(prompt)).toBeUndefined();
  });
});

describe('checkTokenBudget', () => {
  it('never continues a sub-agent or a query without a budget', () => {
    const tracker = newTokenBudgetTracker();
    expect(checkTokenBudget(tracker, { budget: 10_000, spent: 10, isSubagent: true })).toEqual({ action: 'stop', reason: 'no_budget' });
    expect(checkTokenBudget(tracker, { budget: undefined, spent: 10, isSubagent: false })).toEqual({ action: 'stop', reason: 'no_budget' });
  });

  it('continues below 90% and stops at it', () => {
    const tracker = newTokenBudgetTracker();
    const below = checkTokenBudget(tracker, { budget: 10_000, spent: 8_999, isSubagent: false });
    expect(below).toMatchObject({ action: 'continue', tracker: { continuations: 1, lastDelta: 8_999, lastTotal: 8_999 } });
    if (below.action === 'continue') expect(below.nudge).toContain('90%');
    expect(checkTokenBudget(tracker, { budget: 10_000, spent: 9_000, isSubagent: false })).toEqual({ action: 'stop', reason: 'reached' });
  });
});

describe('query: token budget', () => {
  it('keeps the model working with a hidden nudge until 90% of the budget is spent', async () => {
    const run = await runQuery({
      tokenBudget: 10_000,
      turns: [reply(4_000), reply(4_000), reply(1_500), reply(1)],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([{ reason: 'token_budget_continuation' }, { reason: 'token_budget_continuation' }]);
    expect(run.requests).toHaveLength(3);
    const sent = nudges(run);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('40%');
    expect(sent[1]).toContain('80%');
    // The nudge goes to the model as the last user turn of the next request.
    expect(run.requests[1]?.messages.at(-1)).toMatchObject({ role: 'user', content: sent[0] });
  });

  it('counts the output of tool-using turns too', async () => {
    const run = await runQuery({
      tokenBudget: 1_000,
      tools: [fakeTool({ name: 'Work', safe: true })],
      turns: [
        { blocks: [toolUse('Work', {})], usage: { output_tokens: 600 } },
        { blocks: [text('done')], usage: { output_tokens: 400 } },
      ],
    });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });

  it('stops early on diminishing returns: after three continuations, two small deltas in a row', async () => {
    const run = await runQuery({
      tokenBudget: 1_000_000,
      turns: [reply(5_000), reply(5_000), reply(5_000), reply(100), reply(100), reply(1)],
    });
    // 3 continuations with big deltas, a 4th (first small delta), then two small deltas -> stop.
    expect(run.transitions.filter((t) => t.reason === 'token_budget_continuation')).toHaveLength(4);
    expect(run.requests).toHaveLength(5);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });

  it('never continues a sub-agent on a token budget', async () => {
    const run = await runQuery({ tokenBudget: 10_000, source: 'agent:explore', turns: [reply(10)] });
    expect(run.transitions).toEqual([]);
    expect(run.requests).toHaveLength(1);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });
});
