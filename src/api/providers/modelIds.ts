// Model ids per provider. The model table (../models.ts) is keyed by the Anthropic API's ids;
// aliases and the default become the selected provider's id here: Bedrock's cross-region
// inference profiles (`us.anthropic.…`), Vertex's versioned ids (`…@20251001`), and Foundry's
// deployments, which are named after the model unless the user pins another name. An id the user
// typed is sent as typed; canonicalModelId() maps any of these back to the table's key.
import { envValue, selectedProvider, type ProviderName } from './selection.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Bedrock ids that carry a date and a version; newer models are `anthropic.<id>`. */
const BEDROCK_IDS: Readonly<Record<string, string>> = {
  'claude-opus-4-6': 'claude-opus-4-6-v1',
  'claude-opus-4-5': 'claude-opus-4-5-20251101-v1:0',
  'claude-opus-4-1': 'claude-opus-4-1-20250805-v1:0',
  'claude-opus-4': 'claude-opus-4-20250514-v1:0',
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929-v1:0',
  'claude-sonnet-4': 'claude-sonnet-4-20250514-v1:0',
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001-v1:0',
  'claude-3-7-sonnet': 'claude-3-7-sonnet-20250219-v1:0',
  'claude-3-5-haiku': 'claude-3-5-haiku-20241022-v1:0',
};

/** Vertex ids that carry a version date; newer models are published under the bare id. */
const VERTEX_IDS: Readonly<Record<string, string>> = {
  'claude-opus-4-5': 'claude-opus-4-5@20251101',
  'claude-opus-4-1': 'claude-opus-4-1@20250805',
  'claude-opus-4': 'claude-opus-4@20250514',
  'claude-sonnet-4-5': 'claude-sonnet-4-5@20250929',
  'claude-sonnet-4': 'claude-sonnet-4@20250514',
  'claude-haiku-4-5': 'claude-haiku-4-5@20251001',
  'claude-3-7-sonnet': 'claude-3-7-sonnet@20250219',
  'claude-3-5-haiku': 'claude-3-5-haiku@20241022',
};

export const DEFAULT_BEDROCK_REGION = 'us-east-1';
export const DEFAULT_VERTEX_REGION = 'us-east5';

export function bedrockRegion(env: Env = process.env): string {
  return envValue('AWS_REGION', env) ?? DEFAULT_BEDROCK_REGION;
}

/** The geography of Bedrock's cross-region inference profiles for a region. */
export function bedrockProfilePrefix(region: string): string {
  if (region.startsWith('us-gov-')) return 'us-gov';
  if (region.startsWith('us-')) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('ap-')) return 'apac';
  return 'global';
}

/** The provider's id for a model-table id (without Pulse's `[1m]` marker). */
export function providerModelId(id: string, provider: ProviderName = selectedProvider(), env: Env = process.env): string {
  switch (provider) {
    case 'bedrock':
      return `${bedrockProfilePrefix(bedrockRegion(env))}.anthropic.${BEDROCK_IDS[id] ?? id}`;
    case 'vertex':
      return VERTEX_IDS[id] ?? id;
    case 'foundry':
    case 'firstParty':
      return id;
  }
}

const BEDROCK_PROFILE = /^(?:us-gov|us|eu|apac|jp|au|ca|global)\./;

/**
 * The Anthropic API's id behind a provider id: an inference-profile ARN's last segment, without
 * the geography and `anthropic.` prefixes, Bedrock's `-v1:0` or Vertex's `@date` version.
 */
export function canonicalModelId(id: string): string {
  const lastSegment = id.startsWith('arn:') ? (id.split('/').pop() ?? id) : id;
  return lastSegment
    .replace(BEDROCK_PROFILE, '')
    .replace(/^anthropic\./, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/@[\w.-]+$/, '');
}

const VERSION_FIRST = /^claude-(\d+(?:-\d+)?)-([a-z]+)/;
const FAMILY_FIRST = /^claude-([a-z]+)-(\d+(?:-\d+)?)/;
/** Families whose variables name the family first, as in VERTEX_REGION_CLAUDE_HAIKU_4_5. */
const FAMILY_FIRST_VARIABLES = new Set(['haiku', 'fable']);

/**
 * The reference's per-model Vertex region variable: VERTEX_REGION_CLAUDE_4_6_SONNET,
 * VERTEX_REGION_CLAUDE_HAIKU_4_5, VERTEX_REGION_CLAUDE_3_5_HAIKU; the 4.0 models say 4_0.
 */
export function vertexRegionVariable(model: string): string | undefined {
  const id = canonicalModelId(model).toLowerCase();
  const upper = (text: string): string => text.replaceAll('-', '_').toUpperCase();
  const versionFirst = VERSION_FIRST.exec(id);
  if (versionFirst) return `VERTEX_REGION_CLAUDE_${upper(versionFirst[1] ?? '')}_${upper(versionFirst[2] ?? '')}`;
  const familyFirst = FAMILY_FIRST.exec(id);
  if (!familyFirst) return undefined;
  const [, family = '', version = ''] = familyFirst;
  if (FAMILY_FIRST_VARIABLES.has(family)) return `VERTEX_REGION_CLAUDE_${upper(family)}_${upper(version)}`;
  const spelled = version === '4' ? '4_0' : upper(version);
  return `VERTEX_REGION_CLAUDE_${spelled}_${upper(family)}`;
}

/** Where Vertex serves a model: its own region variable, else CLOUD_ML_REGION, else us-east5. */
export function vertexRegion(model: string, env: Env = process.env): string {
  const variable = vertexRegionVariable(model);
  return (variable && envValue(variable, env)) ?? envValue('CLOUD_ML_REGION', env) ?? DEFAULT_VERTEX_REGION;
}
