import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiModelName,
  configuredMaxOutputTokens,
  DEFAULT_MODEL,
  getModelInfo,
  isKnownModel,
  pickModel,
  resolveModel,
} from '../../../src/api/models.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Opus 4 and 4.1 are sent to the latest Opus unless this is set (tests/unit/api/legacyModels.test.ts). */
const keepLegacyModels = () => vi.stubEnv('CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP', '1');

describe('resolveModel', () => {
  it('maps the aliases to the ids Claude Code 2.1.332 sends', () => {
    expect(resolveModel('opus')).toBe('claude-opus-5-5');
    expect(resolveModel('sonnet')).toBe('claude-sonnet-5-5');
    expect(resolveModel('haiku')).toBe('claude-haiku-5-5');
    expect(resolveModel('fable')).toBe('claude-fable-5-2');
    expect(resolveModel('default')).toBe('claude-opus-5-5');
    expect(resolveModel(' Sonnet ')).toBe('claude-sonnet-5-5');
  });

  it('keeps the [1m] marker on aliases and passes ids through', () => {
    expect(resolveModel('opus[1m]')).toBe('claude-opus-5-5[1m]');
    expect(resolveModel('claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(resolveModel('some-private-model')).toBe('some-private-model');
  });

  it('resolves an alias to its ANTHROPIC_DEFAULT_*_MODEL pin, as typed, and the default to the Opus pin', () => {
    const pins = {
      ANTHROPIC_DEFAULT_OPUS_MODEL: 'gateway/opus-latest',
      ANTHROPIC_DEFAULT_SONNET_MODEL: 'claude-sonnet-4-5-20250929',
      ANTHROPIC_DEFAULT_HAIKU_MODEL: 'my-haiku',
      ANTHROPIC_DEFAULT_FABLE_MODEL: 'my-fable',
    };
    withEnv(pins, () => {
      expect(resolveModel('opus')).toBe('gateway/opus-latest');
      expect(resolveModel('opus[1m]')).toBe('gateway/opus-latest[1m]');
      expect(resolveModel('sonnet')).toBe('claude-sonnet-4-5-20250929');
      expect(resolveModel('haiku')).toBe('my-haiku');
      expect(resolveModel('fable')).toBe('my-fable');
      expect(pickModel({ env: undefined })).toBe('gateway/opus-latest');
      // A full id is what the user asked for, pins or not.
      expect(resolveModel('claude-opus-4-8')).toBe('claude-opus-4-8');
    });
  });
});

function withEnv(values: Record<string, string>, body: () => void): void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    body();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('apiModelName', () => {
  it('strips the [1m] marker only', () => {
    expect(apiModelName('claude-opus-4-8[1m]')).toBe('claude-opus-4-8');
    expect(apiModelName('claude-opus-4-8')).toBe('claude-opus-4-8');
  });
});

describe('getModelInfo', () => {
  it('knows every model the reference knows, each with a price', () => {
    for (const id of [
      'claude-opus-5-5', 'claude-opus-5', 'claude-opus-4-8', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-opus-4-5',
      'claude-opus-4-1', 'claude-opus-4-0', 'claude-sonnet-5-5', 'claude-sonnet-5', 'claude-sonnet-4-6', 'claude-sonnet-4-5',
      'claude-sonnet-4-0', 'claude-haiku-5-5', 'claude-haiku-4-5', 'claude-fable-5', 'claude-fable-5-1', 'claude-fable-5-2',
      'claude-3-5-haiku',
    ]) {
      expect(isKnownModel(id), id).toBe(true);
      expect(getModelInfo(id).pricing, id).toBeDefined();
    }
  });

  // Windows, output limits and prices as Claude Code 2.1.332 reports them in modelUsage
  // (contextWindow, maxOutputTokens, costUSD for 1M tokens of each kind).
  it.each([
    ['claude-opus-5-5', 1_000_000, 128_000, 128_000, [4, 20, 5, 0.2]],
    ['claude-sonnet-5-5', 1_000_000, 128_000, 128_000, [2, 10, 2.5, 0.1]],
    ['claude-haiku-5-5', 1_000_000, 128_000, 128_000, [0.1, 0.5, 0.125, 0.01]],
    ['claude-fable-5-2', 1_000_000, 128_000, 128_000, [8, 40, 10, 0.2]],
    ['claude-fable-5-1', 1_000_000, 64_000, 128_000, [10, 50, 12.5, 0.25]],
    ['claude-fable-5', 1_000_000, 64_000, 128_000, [10, 50, 12.5, 1]],
    ['claude-opus-5', 1_000_000, 64_000, 128_000, [5, 25, 6.25, 0.5]],
    ['claude-opus-4-8', 1_000_000, 64_000, 128_000, [5, 25, 6.25, 0.5]],
    ['claude-opus-4-7', 1_000_000, 64_000, 128_000, [5, 25, 6.25, 0.5]],
    ['claude-opus-4-6', 200_000, 64_000, 128_000, [5, 25, 6.25, 0.5]],
    ['claude-opus-4-5', 200_000, 32_000, 64_000, [5, 25, 6.25, 0.5]],
    ['claude-opus-4-1', 200_000, 32_000, 32_000, [15, 75, 18.75, 1.5]],
    ['claude-opus-4-0', 200_000, 32_000, 32_000, [15, 75, 18.75, 1.5]],
    ['claude-sonnet-5', 1_000_000, 64_000, 128_000, [2, 10, 2.5, 0.2]],
    ['claude-sonnet-4-6', 200_000, 32_000, 128_000, [3, 15, 3.75, 0.3]],
    ['claude-sonnet-4-5', 200_000, 32_000, 64_000, [3, 15, 3.75, 0.3]],
    ['claude-sonnet-4-0', 200_000, 32_000, 64_000, [3, 15, 3.75, 0.3]],
    ['claude-haiku-4-5', 200_000, 32_000, 64_000, [1, 5, 1.25, 0.1]],
    ['claude-3-5-haiku', 200_000, 8_192, 8_192, [0.8, 4, 1, 0.08]],
  ] as const)('%s: window %i, output %i (at most %i), prices %j', (id, window, out, maxOut, [input, output, cacheWrite, cacheRead]) => {
    keepLegacyModels();
    expect(getModelInfo(id)).toMatchObject({
      contextWindow: window,
      defaultMaxOutputTokens: out,
      maxOutputTokens: maxOut,
      pricing: { input, output, cacheWrite, cacheRead },
    });
  });

  it('says how each model thinks and which efforts it takes, as the reference sends them', () => {
    expect(getModelInfo('claude-opus-5-5')).toMatchObject({ thinking: 'adaptive', thinkingCanBeOff: false, defaultEffort: 'medium' });
    expect(getModelInfo('claude-opus-4-7')).toMatchObject({ thinking: 'adaptive', thinkingCanBeOff: true, defaultEffort: 'xhigh' });
    expect(getModelInfo('claude-opus-4-6').effortLevels).toEqual(['low', 'medium', 'high', 'max']);
    expect(getModelInfo('claude-opus-4-5')).toMatchObject({ thinking: 'budget', effortLevels: ['low', 'medium', 'high'], defaultEffort: 'high' });
    expect(getModelInfo('claude-sonnet-4-5')).toMatchObject({ thinking: 'budget', effortLevels: [] });
    expect(getModelInfo('claude-3-5-haiku').thinking).toBe('none');
  });

  it('widens the window to 1M for [1m] models and resolves aliases', () => {
    expect(getModelInfo('claude-opus-4-6[1m]').contextWindow).toBe(1_000_000);
    expect(getModelInfo('sonnet').pricing?.output).toBe(10);
  });

  it('matches dated ids by the longest known prefix', () => {
    keepLegacyModels();
    expect(getModelInfo('claude-sonnet-4-5-20250929').maxOutputTokens).toBe(64_000);
    expect(getModelInfo('claude-sonnet-4-20250514').pricing?.input).toBe(3);
    expect(getModelInfo('claude-opus-4-1-20250805').maxOutputTokens).toBe(32_000);
  });

  it('takes an unknown model for a current one with a 200k window and no price', () => {
    const info = getModelInfo('mystery-model');
    expect(info).toMatchObject({ contextWindow: 200_000, defaultMaxOutputTokens: 32_000, maxOutputTokens: 64_000, thinking: 'adaptive', defaultEffort: 'high' });
    expect(info.pricing).toBeUndefined();
  });

  it('hands out copies, so callers cannot corrupt the table', () => {
    getModelInfo('claude-opus-4-8').contextWindow = 1;
    expect(getModelInfo('claude-opus-4-8').contextWindow).toBe(1_000_000);
  });
});

describe('configuredMaxOutputTokens', () => {
  it('reads CLAUDE_CODE_MAX_OUTPUT_TOKENS, capped at what the model accepts', () => {
    expect(configuredMaxOutputTokens('claude-opus-5-5', { CLAUDE_CODE_MAX_OUTPUT_TOKENS: '1000' })).toBe(1_000);
    expect(configuredMaxOutputTokens('claude-opus-5-5', { CLAUDE_CODE_MAX_OUTPUT_TOKENS: '999999' })).toBe(128_000);
    expect(configuredMaxOutputTokens('claude-sonnet-4-5', { CLAUDE_CODE_MAX_OUTPUT_TOKENS: '999999' })).toBe(64_000);
    expect(configuredMaxOutputTokens('claude-opus-5-5', { CLAUDE_CODE_MAX_OUTPUT_TOKENS: 'lots' })).toBeUndefined();
    expect(configuredMaxOutputTokens('claude-opus-5-5', {})).toBeUndefined();
  });
});

describe('pickModel', () => {
  it('prefers flag, then env, then settings, then the default', () => {
    expect(pickModel({ flag: 'haiku', env: 'sonnet', settings: { model: 'opus' } })).toBe('claude-haiku-5-5');
    expect(pickModel({ env: 'sonnet', settings: { model: 'opus' } })).toBe('claude-sonnet-5-5');
    expect(pickModel({ env: undefined, settings: { model: 'claude-opus-4-5' } })).toBe('claude-opus-4-5');
    expect(pickModel({ env: undefined })).toBe(DEFAULT_MODEL);
    expect(pickModel({ flag: '  ', env: undefined })).toBe(DEFAULT_MODEL);
  });

  it('reads ANTHROPIC_MODEL when env is not given', () => {
    const saved = process.env.ANTHROPIC_MODEL;
    process.env.ANTHROPIC_MODEL = 'haiku';
    try {
      expect(pickModel()).toBe('claude-haiku-5-5');
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_MODEL;
      else process.env.ANTHROPIC_MODEL = saved;
    }
  });
});
