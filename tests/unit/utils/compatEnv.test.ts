// Each Pulse setting read from the environment also answers to Claude Code's name for it, and
// Pulse's own name wins where both are set.
import { describe, expect, it } from 'vitest';
import { customHeadersFromEnv } from '../../../src/api/providers/common.js';
import { readRetryPolicy } from '../../../src/api/retry.js';
import { getContextThresholds, isAutoCompactEnabled } from '../../../src/compact/thresholds.js';
import { readBashLimits } from '../../../src/tools/bash/limits.js';
import { maxToolConcurrency } from '../../../src/tools/execution/runTools.js';
import { envSetting, REFERENCE_NAMES } from '../../../src/utils/compatEnv.js';

describe('envSetting', () => {
  it('reads Pulse\'s name, else Claude Code\'s, and treats blank as unset', () => {
    expect(envSetting('PULSE_MAX_RETRIES', { CLAUDE_CODE_MAX_RETRIES: '3' })).toBe('3');
    expect(envSetting('PULSE_MAX_RETRIES', { CLAUDE_CODE_MAX_RETRIES: '3', PULSE_MAX_RETRIES: '1' })).toBe('1');
    expect(envSetting('PULSE_MAX_RETRIES', { CLAUDE_CODE_MAX_RETRIES: '3', PULSE_MAX_RETRIES: ' ' })).toBe('3');
    expect(envSetting('PULSE_MAX_RETRIES', { CLAUDE_CODE_MAX_RETRIES: '' })).toBeUndefined();
  });
});

describe("Claude Code's names reach every reader", () => {
  it.each([
    ['CLAUDE_CODE_MAX_RETRIES', '3', () => readRetryPolicy({ CLAUDE_CODE_MAX_RETRIES: '3' }).maxRetries, 3],
    ['BASH_DEFAULT_TIMEOUT_MS', '300000', () => readBashLimits({ BASH_DEFAULT_TIMEOUT_MS: '300000' }).defaultTimeoutMs, 300_000],
    ['BASH_MAX_TIMEOUT_MS', '900000', () => readBashLimits({ BASH_MAX_TIMEOUT_MS: '900000' }).maxTimeoutMs, 900_000],
    ['BASH_MAX_OUTPUT_LENGTH', '5000', () => readBashLimits({ BASH_MAX_OUTPUT_LENGTH: '5000' }).maxOutputLength, 5_000],
    ['CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY', '3', () => maxToolConcurrency({ CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY: '3' }), 3],
    ['CLAUDE_CODE_AUTO_COMPACT_WINDOW', '100000', () => getContextThresholds('claude-opus-4-6', { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '100000' }).contextWindow, 100_000],
    ['CLAUDE_AUTOCOMPACT_PCT_OVERRIDE', '50', () => getContextThresholds('claude-opus-4-6', { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '50' }).autoCompactThreshold, 90_000],
    ['DISABLE_AUTO_COMPACT', '1', () => isAutoCompactEnabled({ DISABLE_AUTO_COMPACT: '1' }), false],
  ] as const)('%s=%s', (_name, _value, read, expected) => {
    expect(read()).toBe(expected);
  });

  it('names a Claude Code variable for every Pulse one, none twice', () => {
    const names = Object.values(REFERENCE_NAMES);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('customHeadersFromEnv', () => {
  it('reads Name: Value lines and skips what is not a header', () => {
    expect(customHeadersFromEnv({ ANTHROPIC_CUSTOM_HEADERS: 'X-A: 1\r\nX-B:two: parts\n: no name\nbad name: x\n\n' })).toEqual({
      'X-A': '1',
      'X-B': 'two: parts',
    });
    expect(customHeadersFromEnv({})).toEqual({});
  });
});
