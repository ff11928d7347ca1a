// Models that are retired, or about to be, on each provider, and the two old Opus ids the
// first-party API no longer serves, which are sent to the latest Opus instead (as Claude Code
// 2.1.332 does; CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP keeps them). The dates are the providers'
// published retirement dates, as the reference's model table lists them.
import { canonicalModelId } from './providers/modelIds.js';
import { selectedProvider, type ProviderName } from './providers/selection.js';

type Retirement = {
  name: string;
  /** ISO dates per provider; a provider without one has announced none. */
  retires: Partial<Record<ProviderName, string>>;
  /** The first-party API answers these with the latest Opus. */
  remapped?: true;
};

const RETIREMENTS: Readonly<Record<string, Retirement>> = {
  'claude-opus-4-5': { name: 'Claude Opus 4.5', retires: { firstParty: '2027-01-22', vertex: '2027-01-22', foundry: '2027-01-22' } },
  'claude-opus-4-1': { name: 'Claude Opus 4.1', retires: { foundry: '2026-08-05' }, remapped: true },
  'claude-opus-4-0': {
    name: 'Claude Opus 4',
    retires: { firstParty: '2026-06-15', bedrock: '2026-05-31', vertex: '2026-09-14', foundry: '2026-06-15' },
    remapped: true,
  },
  'claude-sonnet-4-5': { name: 'Claude Sonnet 4.5', retires: { firstParty: '2026-11-30', vertex: '2026-11-30', foundry: '2026-11-30' } },
  'claude-sonnet-4-0': {
    name: 'Claude Sonnet 4',
    retires: { firstParty: '2026-06-15', bedrock: '2026-10-14', vertex: '2026-09-14', foundry: '2026-06-15' },
  },
  'claude-3-opus': { name: 'Claude 3 Opus', retires: { firstParty: '2026-01-05', bedrock: '2026-01-15', vertex: '2026-01-05', foundry: '2026-01-05' } },
  'claude-3-7-sonnet': {
    name: 'Claude 3.7 Sonnet',
    retires: { firstParty: '2026-02-19', bedrock: '2026-04-28', vertex: '2026-05-11', foundry: '2026-02-19' },
  },
  'claude-3-5-sonnet': { name: 'Claude 3.5 Sonnet', retires: { firstParty: '2025-10-28' } },
  'claude-3-5-haiku': { name: 'Claude 3.5 Haiku', retires: { firstParty: '2026-02-19' } },
};

/** `claude-opus-4-20250514`, `us.anthropic.claude-opus-4-20250514-v1:0` and `claude-opus-4` are all `claude-opus-4-0`. */
function retirementKey(model: string): string {
  const id = canonicalModelId(model.trim()).toLowerCase().replace(/-\d{8}$/, '');
  return /^claude-[a-z]+-\d$/.test(id) ? `${id}-0` : id;
}

function remapDisabled(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP);
}

/** Whether the first-party API would be asked for an old Opus it no longer serves. */
export function isRemappedLegacyModel(model: string, provider: ProviderName = selectedProvider(), env: NodeJS.ProcessEnv = process.env): boolean {
  return provider === 'firstParty' && RETIREMENTS[retirementKey(model)]?.remapped === true && !remapDisabled(env);
}

const DAY_FORMAT = { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const;

/**
 * The one-line warning for a model someone chose by name (`--model`, settings, `/model`): that it
 * is sent to `remappedTo` instead, or that it was or will be retired on this provider.
 */
export function legacyModelNotice(
  chosen: string,
  remappedTo: string,
  options: { now?: number; provider?: ProviderName; env?: NodeJS.ProcessEnv } = {},
): string | undefined {
  const provider = options.provider ?? selectedProvider();
  const env = options.env ?? process.env;
  const name = chosen.trim();
  const retirement = RETIREMENTS[retirementKey(name)];
  if (!retirement) return undefined;
  if (isRemappedLegacyModel(name, provider, env)) {
    return `${name} is no longer served, so Pulse asks the latest Opus (${remappedTo}) instead; set CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP=1 to send ${name} anyway`;
  }
  const date = retirement.retires[provider];
  if (date === undefined) return undefined;
  const day = new Date(`${date}T00:00:00Z`);
  const when = day.toLocaleDateString('en-US', DAY_FORMAT);
  return day.getTime() <= (options.now ?? Date.now())
    ? `${retirement.name} (${name}) was retired on ${when}; requests to it may fail, so choose a newer model with --model or /model`
    : `${retirement.name} (${name}) will be retired on ${when}; consider moving to a newer model`;
}
