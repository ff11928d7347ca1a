import { describe, expect, it } from 'vitest';
import {
  apiModelName,
  DEFAULT_MODEL,
  getModelInfo,
  KNOWN_MODELS,
  pickModel,
  resolveModel,
} from '../../../src/api/models.js';

describe('resolveModel', () => {
  it('maps the aliases to current ids', () => {
    expect(resolveModel('opus')).toBe('claude-opus-4-8');
    expect(resolveModel('sonnet')).toBe('claude-sonnet-4-6');
    expect(resolveModel('haiku')).toBe('claude-haiku-4-5');
    expect(resolveModel(' Sonnet ')).toBe('claude-sonnet-4-6');
  });

  it('keeps the [1m] marker on aliases and passes ids through', () => {
    expect(resolveModel('opus[1m]')).toBe('claude-opus-4-8[1m]');
    expect(resolveModel('claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(resolveModel('some-private-model')).toBe('some-private-model');
  });
});

describe('apiModelName', () => {
  it('strips the [1m] marker only', () => {
    expect(apiModelName('claude-opus-4-8[1m]')).toBe('claude-opus-4-8');
    expect(apiModelName('claude-opus-4-8')).toBe('claude-opus-4-8');
  });
});

describe('getModelInfo', () => {
  it('knows every listed model', () => {
    for (const id of [
      'claude-opus-4-8', 'claude-opus-4-6', 'claude-opus-4-5', 'claude-opus-4-1', 'claude-sonnet-5',
      'claude-sonnet-4-6', 'claude-sonnet-4-5', 'claude-sonnet-4', 'claude-haiku-4-5', 'claude-3-5-haiku',
    ]) {
      expect(KNOWN_MODELS).toContain(id);
      expect(getModelInfo(id).pricing, id).toBeDefined();
    }
  });

  it('gives the reference limits and prices', () => {
    expect(getModelInfo('claude-opus-4-8')).toEqual({
      contextWindow: 200_000,
      defaultMaxOutputTokens: 64_000,
      maxOutputTokens: 128_000,
      pricing: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
    });
    expect(getModelInfo('claude-opus-4-1').pricing).toEqual({ input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 });
    expect(getModelInfo('claude-sonnet-4-6')).toMatchObject({ defaultMaxOutputTokens: 32_000, maxOutputTokens: 128_000 });
    expect(getModelInfo('claude-haiku-4-5').pricing?.input).toBe(1);
    expect(getModelInfo('claude-3-5-haiku').maxOutputTokens).toBe(8_192);
  });

  it('widens the window to 1M for [1m] models and resolves aliases', () => {
    expect(getModelInfo('claude-opus-4-8[1m]').contextWindow).toBe(1_000_000);
    expect(getModelInfo('sonnet').pricing?.output).toBe(15);
  });

  it('matches dated ids by the longest known prefix', () => {
    expect(getModelInfo('claude-sonnet-4-5-20250929').maxOutputTokens).toBe(64_000);
    expect(getModelInfo('claude-sonnet-4-20250514').pricing?.input).toBe(3);
    expect(getModelInfo('claude-opus-4-1-20250805').maxOutputTokens).toBe(32_000);
  });

  it('falls back to 200k / 32k / 64k with no price for unknown models', () => {
    expect(getModelInfo('mystery-model')).toEqual({
      contextWindow: 200_000,
      defaultMaxOutputTokens: 32_000,
      maxOutputTokens: 64_000,
    });
  });

  it('hands out copies, so callers cannot corrupt the table', () => {
    getModelInfo('claude-opus-4-8').contextWindow = 1;
    expect(getModelInfo('claude-opus-4-8').contextWindow).toBe(200_000);
  });
});

describe('pickModel', () => {
  it('prefers flag, then env, then settings, then the default', () => {
    expect(pickModel({ flag: 'haiku', env: 'sonnet', settings: { model: 'opus' } })).toBe('claude-haiku-4-5');
    expect(pickModel({ env: 'sonnet', settings: { model: 'opus' } })).toBe('claude-sonnet-4-6');
    expect(pickModel({ env: undefined, settings: { model: 'claude-opus-4-5' } })).toBe('claude-opus-4-5');
    expect(pickModel({ env: undefined })).toBe(DEFAULT_MODEL);
    expect(pickModel({ flag: '  ', env: undefined })).toBe(DEFAULT_MODEL);
  });

  it('reads ANTHROPIC_MODEL when env is not given', () => {
    const saved = process.env.ANTHROPIC_MODEL;
    process.env.ANTHROPIC_MODEL = 'haiku';
    try {
      expect(pickModel()).toBe('claude-haiku-4-5');
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_MODEL;
      else process.env.ANTHROPIC_MODEL = saved;
    }
  });
});
