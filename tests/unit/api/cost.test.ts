import { describe, expect, it } from 'vitest';
import { calculateCostUSD } from '../../../src/api/cost.js';

describe('calculateCostUSD', () => {
  it('prices input and output per million tokens (the observed opus-4-8 figure)', () => {
    const { costUSD, known } = calculateCostUSD('claude-opus-4-8[1m]', { input_tokens: 19_057, output_tokens: 2 });
    expect(known).toBe(true);
    expect(costUSD).toBeCloseTo(0.095335, 9);
  });

  it('adds cache writes, cache reads and web searches', () => {
    const { costUSD } = calculateCostUSD('claude-sonnet-4-6', {
      input_tokens: 1_000_000,
      output_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
      cache_read_input_tokens: 1_000_000,
      server_tool_use: { web_search_requests: 3 },
    });
    expect(costUSD).toBeCloseTo(3 + 15 + 3.75 + 0.3 + 0.03, 9);
  });

  it('treats null counts as zero', () => {
    const { costUSD } = calculateCostUSD('claude-haiku-4-5', {
      input_tokens: 1000,
      output_tokens: 0,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      server_tool_use: null,
    });
    expect(costUSD).toBeCloseTo(0.001, 9);
  });

  it('charges unknown models at the 5/25 tier and says so', () => {
    const { costUSD, known } = calculateCostUSD('house-model-x', { input_tokens: 1_000_000, output_tokens: 1_000_000 });
    expect(known).toBe(false);
    expect(costUSD).toBeCloseTo(30, 9);
  });
});
