// Which cloud serves the model, chosen by the variables the reference reads. When more than one
// is set the reference's order decides: Bedrock, then Foundry, then Vertex.
import { isEnvTruthy } from '../../utils/envFlag.js';

export type ProviderName = 'firstParty' | 'bedrock' | 'vertex' | 'foundry';

type Env = Readonly<Record<string, string | undefined>>;

export function selectedProvider(env: Env = process.env): ProviderName {
  if (isEnvTruthy(env.CLAUDE_CODE_USE_BEDROCK)) return 'bedrock';
  if (isEnvTruthy(env.CLAUDE_CODE_USE_FOUNDRY)) return 'foundry';
  if (isEnvTruthy(env.CLAUDE_CODE_USE_VERTEX)) return 'vertex';
  return 'firstParty';
}

/** How the provider is named in messages and the README. */
export const PROVIDER_LABELS: Readonly<Record<ProviderName, string>> = {
  firstParty: 'the Anthropic API',
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI',
  foundry: 'Microsoft Foundry',
};

/** A trimmed value, or undefined for unset and blank. */
export function envValue(name: string, env: Env = process.env): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}
