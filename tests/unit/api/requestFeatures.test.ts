// Thinking, effort and their betas per model, against what Claude Code 2.1.332 sent to the mock
// for each model (`--model <id>` with `--effort`, `--thinking disabled`, `MAX_THINKING_TOKENS`,
// `CLAUDE_CODE_EFFORT_LEVEL`, `--settings '{"effortLevel":…}'`).
import { describe, expect, it } from 'vitest';
import { calculateCostUSD } from '../../../src/api/cost.js';
import { buildRequestBody } from '../../../src/api/requestBody.js';
import { betasForRequest, chooseEffort, effortFor, thinkingFor } from '../../../src/api/requestFeatures.js';
import type { CallModelParams } from '../../../src/api/types.js';

describe('thinkingFor', () => {
  it.each([
    // model, asked, max_tokens, env, sent
    ['claude-opus-5-5', undefined, 128_000, {}, { type: 'adaptive' }],
    ['claude-opus-4-8', undefined, 64_000, {}, { type: 'adaptive' }],
    ['claude-sonnet-4-6', undefined, 32_000, {}, { type: 'adaptive' }],
    ['claude-sonnet-4-5', undefined, 32_000, {}, { type: 'enabled', budgetTokens: 31_999 }],
    ['claude-opus-4-5', undefined, 32_000, {}, { type: 'enabled', budgetTokens: 31_999 }],
    ['claude-haiku-4-5', undefined, 32_000, {}, { type: 'enabled', budgetTokens: 31_999 }],
    ['claude-3-5-haiku', undefined, 8_192, {}, { type: 'disabled' }],
    // A budget on an adaptive model is ignored; on a budget model it is the budget.
    ['claude-opus-4-8', { type: 'enabled', budgetTokens: 3_000 }, 64_000, {}, { type: 'adaptive' }],
    ['claude-sonnet-4-5', { type: 'enabled', budgetTokens: 2_000 }, 32_000, {}, { type: 'enabled', budgetTokens: 2_000 }],
    ['claude-sonnet-4-5', undefined, 32_000, { MAX_THINKING_TOKENS: '5000' }, { type: 'enabled', budgetTokens: 5_000 }],
    ['claude-opus-5-5', undefined, 128_000, { MAX_THINKING_TOKENS: '5000' }, { type: 'adaptive' }],
    // Off where the model allows it; the models that always think keep thinking.
    ['claude-opus-4-8', { type: 'disabled' }, 64_000, {}, { type: 'disabled' }],
    ['claude-sonnet-4-5', undefined, 32_000, { MAX_THINKING_TOKENS: '0' }, { type: 'disabled' }],
    ['claude-opus-4-8', undefined, 64_000, { MAX_THINKING_TOKENS: '0' }, { type: 'disabled' }],
    ['claude-opus-5-5', { type: 'disabled' }, 128_000, {}, { type: 'adaptive' }],
    ['claude-fable-5', { type: 'disabled' }, 64_000, {}, { type: 'adaptive' }],
    // The budget stays under max_tokens, and a budget under the API's minimum means no thinking
    // (the reference sent budget 1024 with max_tokens 1000, which the API refuses).
    ['claude-sonnet-4-5', { type: 'enabled', budgetTokens: 50_000 }, 4_000, {}, { type: 'enabled', budgetTokens: 3_999 }],
    ['claude-sonnet-4-5', undefined, 1_000, {}, { type: 'disabled' }],
  ] as const)('%s asked %j (max_tokens %i, env %j) → %j', (model, asked, maxTokens, env, sent) => {
    expect(thinkingFor(model, asked, maxTokens, env)).toEqual(sent);
  });
});

describe('effort', () => {
  it.each([
    ['claude-opus-5-5', undefined, 'medium'],
    ['claude-fable-5-2', undefined, 'medium'],
    ['claude-opus-4-8', undefined, 'high'],
    ['claude-opus-4-7', undefined, 'xhigh'],
    ['claude-opus-4-5', undefined, 'high'],
    ['claude-sonnet-4-5', undefined, undefined],
    ['claude-opus-5-5', 'max', 'max'],
    ['claude-opus-5-5', 'low', 'low'],
    // A level the model does not take becomes the highest it takes below it.
    ['claude-opus-4-6', 'xhigh', 'high'],
    ['claude-opus-4-6', 'max', 'max'],
    ['claude-opus-4-5', 'max', 'high'],
    ['claude-haiku-4-5', 'low', undefined],
    ['claude-opus-5-5', 'auto', undefined],
  ] as const)('%s with %s sends %s', (model, chosen, sent) => {
    expect(effortFor(model, chosen)).toBe(sent);
  });

  it('takes CLAUDE_CODE_EFFORT_LEVEL over --effort over the effortLevel setting, and ignores unknown levels', () => {
    expect(chooseEffort({ flag: 'high', setting: 'max' }, { CLAUDE_CODE_EFFORT_LEVEL: 'low' })).toBe('low');
    expect(chooseEffort({ flag: 'high', setting: 'max' }, {})).toBe('high');
    expect(chooseEffort({ setting: 'max' }, {})).toBe('max');
    expect(chooseEffort({ setting: 'huge' }, {})).toBeUndefined();
    expect(chooseEffort({ flag: 'high' }, { CLAUDE_CODE_EFFORT_LEVEL: 'auto' })).toBe('auto');
    expect(chooseEffort({ flag: 'high' }, { CLAUDE_CODE_EFFORT_LEVEL: 'bogus' })).toBe('high');
  });
});

function body(params: Partial<CallModelParams>) {
  return buildRequestBody({
    messages: [{ role: 'user', content: 'q' }],
    system: [],
    tools: [],
    model: 'claude-opus-5-5',
    maxOutputTokens: 128_000,
    signal: new AbortController().signal,
    querySource: 'print',
    ...params,
  });
}

describe('request fields and betas', () => {
  it('sends adaptive thinking, the effort and the context edit, with their betas', () => {
    const sent = body({ thinking: { type: 'adaptive' }, effort: 'medium' });
    expect(sent).toMatchObject({
      thinking: { type: 'adaptive' },
      output_config: { effort: 'medium' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
    });
    expect(betasForRequest('claude-opus-5-5', sent, {})).toEqual([
      'interleaved-thinking-2025-05-14',
      'context-management-2025-06-27',
      'effort-2025-11-24',
    ]);
  });

  it('with thinking off sends no context edit, as the reference does', () => {
    const sent = body({ model: 'claude-opus-4-8', thinking: { type: 'disabled' }, effort: 'high' });
    expect(sent.thinking).toEqual({ type: 'disabled' });
    expect(sent).not.toHaveProperty('context_management');
    expect(betasForRequest('claude-opus-4-8', sent, {})).toEqual(['effort-2025-11-24']);
  });

  it('a side request without thinking or effort carries neither, and [1m] adds its beta', () => {
    const sent = body({ model: 'claude-opus-4-6[1m]' });
    expect(sent).not.toHaveProperty('thinking');
    expect(sent).not.toHaveProperty('output_config');
    expect(betasForRequest('claude-opus-4-6[1m]', sent, {})).toEqual(['context-1m-2025-08-07']);
  });

  it('DISABLE_INTERLEAVED_THINKING drops the interleaved-thinking beta', () => {
    const sent = body({ thinking: { type: 'adaptive' } });
    expect(betasForRequest('claude-opus-5-5', sent, { DISABLE_INTERLEAVED_THINKING: '1' })).toEqual(['context-management-2025-06-27']);
  });
});

describe('long-prompt prices', () => {
  // The reference charged claude-haiku-5-5 $0.10/$0.50 per Mtok, and $0.50/$2.50 once the prompt
  // (input plus cache reads) is over 100k tokens: 100k input + 1M output cost $0.51, 60k input +
  // 60k cache reads + 1M output $2.533.
  it('charges the dearer tier only above the threshold', () => {
    expect(calculateCostUSD('claude-haiku-5-5', { input_tokens: 100_000, output_tokens: 1_000_000 }).costUSD).toBeCloseTo(0.51, 6);
    expect(
      calculateCostUSD('claude-haiku-5-5', { input_tokens: 60_000, cache_read_input_tokens: 60_000, output_tokens: 1_000_000 }).costUSD,
    ).toBeCloseTo(2.533, 6);
  });
});
