// Retired and remapped models, as Claude Code 2.1.332 treated them against the mock on 2026-12-01
// (first-party and Bedrock): Opus 4 and 4.1, dated ids included, go to the latest Opus on the
// first-party API unless CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP is set; retired models are sent as
// chosen with a warning that names the provider's retirement date.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRemappedLegacyModel, legacyModelNotice } from '../../../src/api/legacyModels.js';
import { pickModel, resolveModel } from '../../../src/api/models.js';

const now = Date.parse('2026-12-01T12:00:00Z');
const firstParty = { now, provider: 'firstParty' as const, env: {} };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('legacy model ids', () => {
  it.each(['claude-opus-4-0', 'claude-opus-4-1', 'claude-opus-4-20250514', 'claude-opus-4-1-20250805', 'CLAUDE-OPUS-4-1'])(
    '%s is sent to the latest Opus on the first-party API',
    (id) => {
      vi.stubEnv('CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP', '');
      expect(resolveModel(id)).toBe('claude-opus-5-5');
      expect(pickModel({ flag: id, env: undefined })).toBe('claude-opus-5-5');
      expect(legacyModelNotice(id, 'claude-opus-5-5', firstParty)).toMatch(/no longer served.*latest Opus \(claude-opus-5-5\).*CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP=1/);
    },
  );

  it('keeps the chosen id when CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP is set, warning that it is retired', () => {
    vi.stubEnv('CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP', '1');
    expect(resolveModel('claude-opus-4-0')).toBe('claude-opus-4-0');
    expect(legacyModelNotice('claude-opus-4-0', 'claude-opus-4-0', { ...firstParty, env: { CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP: '1' } })).toBe(
      'Claude Opus 4 (claude-opus-4-0) was retired on June 15, 2026; requests to it may fail, so choose a newer model with --model or /model',
    );
  });

  it('follows a pinned Opus: the latest Opus is what ANTHROPIC_DEFAULT_OPUS_MODEL names', () => {
    vi.stubEnv('CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP', '');
    vi.stubEnv('ANTHROPIC_DEFAULT_OPUS_MODEL', 'my-gateway-opus');
    expect(resolveModel('claude-opus-4-1')).toBe('my-gateway-opus');
  });

  it.each([
    ['claude-sonnet-4-0', 'Claude Sonnet 4 (claude-sonnet-4-0) was retired on June 15, 2026'],
    ['claude-sonnet-4-20250514', 'Claude Sonnet 4 (claude-sonnet-4-20250514) was retired on June 15, 2026'],
    ['claude-sonnet-4-5', 'Claude Sonnet 4.5 (claude-sonnet-4-5) was retired on November 30, 2026'],
    ['claude-3-7-sonnet', 'Claude 3.7 Sonnet (claude-3-7-sonnet) was retired on February 19, 2026'],
    ['claude-3-5-sonnet-20241022', 'Claude 3.5 Sonnet (claude-3-5-sonnet-20241022) was retired on October 28, 2025'],
    ['claude-3-5-haiku', 'Claude 3.5 Haiku (claude-3-5-haiku) was retired on February 19, 2026'],
    ['claude-3-opus', 'Claude 3 Opus (claude-3-opus) was retired on January 5, 2026'],
    ['claude-opus-4-5', 'Claude Opus 4.5 (claude-opus-4-5) will be retired on January 22, 2027'],
  ])('%s is sent as chosen, with a warning', (id, warning) => {
    expect(resolveModel(id)).toBe(id);
    expect(legacyModelNotice(id, id, firstParty)).toContain(warning);
  });

  it.each(['claude-opus-4-6', 'claude-opus-5-5', 'claude-sonnet-4-6', 'claude-haiku-4-5', 'my-gateway-model'])('%s needs no warning', (id) => {
    expect(legacyModelNotice(id, id, firstParty)).toBeUndefined();
  });

  it("uses the provider's own dates and remaps only on the first-party API", () => {
    const bedrock = { now, provider: 'bedrock' as const, env: {} };
    expect(isRemappedLegacyModel('claude-opus-4-0', 'bedrock', {})).toBe(false);
    expect(legacyModelNotice('claude-opus-4-0', 'claude-opus-4-0', bedrock)).toContain('was retired on May 31, 2026');
    expect(legacyModelNotice('us.anthropic.claude-opus-4-20250514-v1:0', 'x', bedrock)).toContain('Claude Opus 4 (us.anthropic.claude-opus-4-20250514-v1:0) was retired on May 31, 2026');
    // Bedrock has announced no date for Opus 4.1, and it is not remapped there.
    expect(legacyModelNotice('claude-opus-4-1', 'claude-opus-4-1', bedrock)).toBeUndefined();
    expect(legacyModelNotice('claude-sonnet-4-5', 'claude-sonnet-4-5', bedrock)).toBeUndefined();
    expect(legacyModelNotice('claude-opus-4-0', 'claude-opus-4-0', { now, provider: 'vertex', env: {} })).toContain('September 14, 2026');
  });
});
