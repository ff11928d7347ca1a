// Model ids per provider, against the ids the reference (2.1.332) resolves its aliases to on each
// provider (observed through its SDK initialize reply with a mock endpoint).
import { afterEach, describe, expect, it } from 'vitest';
import { getModelInfo, pickModel, resolveModel } from '../../../../src/api/models.js';
import { bedrockProfilePrefix, canonicalModelId, providerModelId, vertexRegion, vertexRegionVariable } from '../../../../src/api/providers/modelIds.js';
import { providerOffersBeta, providerOffersServerTool } from '../../../../src/api/providers/features.js';
import { selectedProvider } from '../../../../src/api/providers/selection.js';
import { WebSearchTool } from '../../../../src/tools/webSearch/WebSearchTool.js';
import { setEnv } from '../callModelHarness.js';

let restore: () => void = () => undefined;
afterEach(() => restore());

function useEnv(values: Record<string, string | undefined>): void {
  restore = setEnv({
    CLAUDE_CODE_USE_BEDROCK: undefined,
    CLAUDE_CODE_USE_VERTEX: undefined,
    CLAUDE_CODE_USE_FOUNDRY: undefined,
    AWS_REGION: undefined,
    ANTHROPIC_MODEL: undefined,
    ...values,
  });
}

describe('choosing the provider', () => {
  it('follows the reference: Bedrock, then Foundry, then Vertex; 0 and unset mean the Anthropic API', () => {
    expect(selectedProvider({})).toBe('firstParty');
    expect(selectedProvider({ CLAUDE_CODE_USE_BEDROCK: '0' })).toBe('firstParty');
    expect(selectedProvider({ CLAUDE_CODE_USE_VERTEX: 'true', CLAUDE_CODE_USE_FOUNDRY: '1' })).toBe('foundry');
    expect(selectedProvider({ CLAUDE_CODE_USE_BEDROCK: 'yes', CLAUDE_CODE_USE_VERTEX: '1' })).toBe('bedrock');
    expect(selectedProvider({ CLAUDE_CODE_USE_VERTEX: 'ON' })).toBe('vertex');
  });
});

describe('provider model ids', () => {
  it('prefixes Bedrock inference profiles with the geography of AWS_REGION', () => {
    const cases: Array<[string, string]> = [
      ['us-east-1', 'us'],
      ['us-gov-west-1', 'us-gov'],
      ['eu-central-1', 'eu'],
      ['ap-northeast-1', 'apac'],
      ['ap-southeast-2', 'apac'],
      ['ca-central-1', 'global'],
      ['sa-east-1', 'global'],
      ['il-central-1', 'global'],
    ];
    for (const [region, prefix] of cases) expect(bedrockProfilePrefix(region), region).toBe(prefix);
  });

  it('maps aliases and the default on Bedrock, and leaves an id the user typed alone', () => {
    useEnv({ CLAUDE_CODE_USE_BEDROCK: '1', AWS_REGION: 'us-west-2' });
    expect(resolveModel('haiku')).toBe('us.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(resolveModel('opus[1m]')).toMatch(/^us\.anthropic\.claude-opus-.*\[1m\]$/);
    expect(pickModel({ env: undefined })).toMatch(/^us\.anthropic\.claude-opus-/);
    expect(resolveModel('claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(resolveModel('arn:aws:bedrock:us-west-2:123456789012:application-inference-profile/abc')).toBe(
      'arn:aws:bedrock:us-west-2:123456789012:application-inference-profile/abc',
    );
    expect(providerModelId('claude-opus-4-6')).toBe('us.anthropic.claude-opus-4-6-v1');
    expect(providerModelId('claude-opus-4-8')).toBe('us.anthropic.claude-opus-4-8');
  });

  it('uses Vertex versioned ids where Vertex versions them', () => {
    useEnv({ CLAUDE_CODE_USE_VERTEX: '1' });
    expect(resolveModel('haiku')).toBe('claude-haiku-4-5@20251001');
    expect(providerModelId('claude-opus-4-1')).toBe('claude-opus-4-1@20250805');
    expect(providerModelId('claude-sonnet-4-5')).toBe('claude-sonnet-4-5@20250929');
    expect(providerModelId('claude-opus-4-8')).toBe('claude-opus-4-8');
  });

  it('names Foundry deployments after the model', () => {
    useEnv({ CLAUDE_CODE_USE_FOUNDRY: '1' });
    expect(resolveModel('haiku')).toBe('claude-haiku-4-5');
    expect(resolveModel('my-team-opus')).toBe('my-team-opus');
  });

  it('reads the model table through any provider id', () => {
    const firstParty = getModelInfo('claude-haiku-4-5');
    for (const id of [
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
      'global.anthropic.claude-haiku-4-5-20251001-v1:0',
      'claude-haiku-4-5@20251001',
      'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-haiku-4-5-20251001-v1:0',
    ]) {
      expect(canonicalModelId(id), id).toMatch(/^claude-haiku-4-5/);
      expect(getModelInfo(id), id).toEqual(firstParty);
    }
    expect(getModelInfo('eu.anthropic.claude-opus-4-6-v1[1m]').contextWindow).toBe(1_000_000);
  });
});

describe('Vertex regions per model', () => {
  it('names the reference variables, 4.0 models spelled 4_0', () => {
    expect(vertexRegionVariable('claude-haiku-4-5@20251001')).toBe('VERTEX_REGION_CLAUDE_HAIKU_4_5');
    expect(vertexRegionVariable('claude-sonnet-4-6')).toBe('VERTEX_REGION_CLAUDE_4_6_SONNET');
    expect(vertexRegionVariable('claude-sonnet-4@20250514')).toBe('VERTEX_REGION_CLAUDE_4_0_SONNET');
    expect(vertexRegionVariable('claude-opus-4-1@20250805')).toBe('VERTEX_REGION_CLAUDE_4_1_OPUS');
    expect(vertexRegionVariable('claude-opus-5')).toBe('VERTEX_REGION_CLAUDE_5_OPUS');
    expect(vertexRegionVariable('claude-3-5-haiku@20241022')).toBe('VERTEX_REGION_CLAUDE_3_5_HAIKU');
    expect(vertexRegionVariable('claude-fable-5')).toBe('VERTEX_REGION_CLAUDE_FABLE_5');
  });

  it('prefers the model variable, then CLOUD_ML_REGION, then us-east5', () => {
    expect(vertexRegion('claude-haiku-4-5', { VERTEX_REGION_CLAUDE_HAIKU_4_5: 'europe-west1', CLOUD_ML_REGION: 'global' })).toBe('europe-west1');
    expect(vertexRegion('claude-opus-4-8', { VERTEX_REGION_CLAUDE_HAIKU_4_5: 'europe-west1', CLOUD_ML_REGION: 'global' })).toBe('global');
    expect(vertexRegion('claude-opus-4-8', {})).toBe('us-east5');
  });
});

describe('features a provider lacks', () => {
  it('leaves web search out on Bedrock, which does not run it', () => {
    useEnv({ CLAUDE_CODE_USE_BEDROCK: '1' });
    expect(WebSearchTool.isEnabled()).toBe(false);
    expect(providerOffersServerTool('web_search')).toBe(false);
    expect(providerOffersBeta('context-1m-2025-08-07')).toBe(true);
    expect(providerOffersBeta('context-management-2025-06-27')).toBe(false);
    restore();
    useEnv({ CLAUDE_CODE_USE_VERTEX: '1' });
    expect(WebSearchTool.isEnabled()).toBe(true);
    expect(providerOffersBeta('web-search-2025-03-05')).toBe(true);
    expect(providerOffersBeta('files-api-2025-04-14')).toBe(false);
  });
});
