import { describe, expect, it } from 'vitest';
import { buildResult, resultText, type ResultInputs } from '../../../src/cli/print/result.js';
import { RunTally } from '../../../src/cli/print/runTally.js';
import type { Terminal } from '../../../src/query/state.js';
import { assistant, text, toolResult, toolUse } from './fixtures.js';

function inputs(tally: RunTally, terminal: Terminal, extra: Partial<ResultInputs> = {}): ResultInputs {
  return {
    tally,
    terminal,
    sessionId: 's-1',
    uuid: 'r-1',
    durationMs: 12,
    durationApiMs: 5,
    totalCostUsd: 0.25,
    modelUsage: {},
    ...extra,
  };
}

describe('buildResult', () => {
  it('reports success with the last response text', () => {
    const tally = new RunTally();
    tally.observe(assistant('msg_1', [text('done.')]));
    const result = buildResult(inputs(tally, { reason: 'completed' }));
    expect(result).toMatchObject({
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'done.',
      num_turns: 1,
      stop_reason: 'end_turn',
      session_id: 's-1',
      total_cost_usd: 0.25,
      permission_denials: [],
      terminal_reason: 'completed',
      api_error_status: null,
      uuid: 'r-1',
    });
    expect(result.errors).toBeUndefined();
    expect(resultText(result)).toBe('done.');
  });

  it('maps max turns to error_max_turns without a result field', () => {
    const tally = new RunTally();
    tally.observe(assistant('msg_1', [toolUse('toolu_1', 'Read', { file_path: 'a' })]));
    tally.observe(toolResult('toolu_1', 'x'));
    const result = buildResult(inputs(tally, { reason: 'max_turns', turnCount: 1 }, { maxTurns: 1 }));
    expect(result).toMatchObject({ subtype: 'error_max_turns', is_error: true, errors: ['Reached maximum number of turns (1)'] });
    expect('result' in result).toBe(false);
    expect(resultText(result)).toBe('Error: Reached maximum number of turns (1)');
  });

  it('maps the budget stop to error_max_budget_usd', () => {
    const result = buildResult(inputs(new RunTally(), { reason: 'max_budget' }, { maxBudgetUsd: 0.1 }));
    expect(result).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true, errors: ['Reached maximum budget ($0.1)'] });
  });

  it('treats an API error message at the end as success with is_error, like the reference', () => {
    const tally = new RunTally();
    tally.observe(assistant('msg_e', [text('API Error: 500 Internal server error.')], { apiError: 'server_error', apiErrorStatus: 500 }));
    const result = buildResult(inputs(tally, { reason: 'model_error', error: new Error('boom') }));
    expect(result).toMatchObject({ subtype: 'success', is_error: true, result: 'API Error: 500 Internal server error.', api_error_status: 500 });
  });

  it('reports a thrown model error as error_during_execution', () => {
    const result = buildResult(inputs(new RunTally(), { reason: 'model_error', error: new Error('socket closed') }));
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true, errors: ['socket closed'] });
    expect(resultText(result)).toBe('Error: socket closed');
  });

  it('reports an interruption as error_during_execution', () => {
    const result = buildResult(inputs(new RunTally(), { reason: 'aborted_streaming' }));
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true, terminal_reason: 'aborted_streaming' });
  });
});
