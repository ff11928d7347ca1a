import { describe, expect, it } from 'vitest';
import { contextStatus, getContextThresholds } from '../../../src/compact/thresholds.js';

const NO_ENV = {};

describe('getContextThresholds', () => {
  it.each([
    ['claude-opus-4-6', '64k output'],
    ['claude-sonnet-4-5', '32k output'],
  ])('gives the reference figures for a 200k window (%s, %s)', (model) => {
    expect(getContextThresholds(model, NO_ENV)).toEqual({
      contextWindow: 200_000,
      effectiveWindow: 180_000,
      autoCompactEnabled: true,
      autoCompactThreshold: 167_000,
      warningThreshold: 147_000,
      blockingLimit: 177_000,
    });
  });

  it('reserves only the model output limit when it is below 20k', () => {
    const t = getContextThresholds('claude-3-5-haiku', NO_ENV);
    expect(t.effectiveWindow).toBe(200_000 - 8_192);
    expect(t.autoCompactThreshold).toBe(200_000 - 8_192 - 13_000);
  });

  it('uses the 1M window for [1m] models', () => {
    const t = getContextThresholds('claude-opus-4-6[1m]', NO_ENV);
    expect(t.effectiveWindow).toBe(980_000);
    expect(t.autoCompactThreshold).toBe(967_000);
  });

  it('replaces the window with PULSE_CONTEXT_WINDOW', () => {
    const t = getContextThresholds('claude-opus-4-6', { PULSE_CONTEXT_WINDOW: '100000' });
    expect(t).toMatchObject({ contextWindow: 100_000, effectiveWindow: 80_000, autoCompactThreshold: 67_000, blockingLimit: 77_000 });
  });

  it('lets PULSE_AUTOCOMPACT_PCT bring compaction earlier but never later', () => {
    expect(getContextThresholds('claude-opus-4-6', { PULSE_AUTOCOMPACT_PCT: '50' }).autoCompactThreshold).toBe(90_000);
    expect(getContextThresholds('claude-opus-4-6', { PULSE_AUTOCOMPACT_PCT: '99' }).autoCompactThreshold).toBe(167_000);
  });

  it('ignores malformed overrides', () => {
    const t = getContextThresholds('claude-opus-4-6', { PULSE_CONTEXT_WINDOW: 'lots', PULSE_AUTOCOMPACT_PCT: '250' });
    expect(t.contextWindow).toBe(200_000);
    expect(t.autoCompactThreshold).toBe(167_000);
  });

  it('warns from the effective window when auto-compaction is off', () => {
    const t = getContextThresholds('claude-opus-4-6', { PULSE_DISABLE_AUTO_COMPACT: '1' });
    expect(t.autoCompactEnabled).toBe(false);
    expect(t.warningThreshold).toBe(160_000);
  });
});

describe('contextStatus', () => {
  it('reports how much is left before auto-compaction and which lines are crossed', () => {
    expect(contextStatus(100_000, 'claude-opus-4-6', NO_ENV)).toEqual({
      percentLeft: 40,
      isAboveWarning: false,
      isAboveAutoCompact: false,
      isAtBlockingLimit: false,
    });
    expect(contextStatus(147_000, 'claude-opus-4-6', NO_ENV)).toMatchObject({ isAboveWarning: true, isAboveAutoCompact: false });
    expect(contextStatus(167_000, 'claude-opus-4-6', NO_ENV)).toMatchObject({ percentLeft: 0, isAboveAutoCompact: true, isAtBlockingLimit: false });
    expect(contextStatus(177_000, 'claude-opus-4-6', NO_ENV)).toMatchObject({ percentLeft: 0, isAtBlockingLimit: true });
  });

  it('never reports auto-compaction when it is disabled', () => {
    const status = contextStatus(170_000, 'claude-opus-4-6', { PULSE_DISABLE_AUTO_COMPACT: 'true' });
    expect(status.isAboveAutoCompact).toBe(false);
    expect(status.percentLeft).toBe(6);
  });
});
