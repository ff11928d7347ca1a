// The model table: what each known model can hold, how much it may write, and what it costs.
// Figures follow the reference's model table (REFERENCE §1.8, §7); claude-sonnet-5 and
// claude-opus-4-8 are newer than that table, so their limits are taken from their siblings.
// Ids are the Anthropic API's; providers/modelIds.ts maps aliases and the default to the
// selected provider's ids and provider ids back to these keys.
import { canonicalModelId, providerModelId } from './providers/modelIds.js';

/** USD per million tokens. */
export type ModelPricing = {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
};

export type ModelInfo = {
  contextWindow: number;
  /** What Pulse asks for when nothing overrides it. */
  defaultMaxOutputTokens: number;
  /** The most the model accepts; escalation never goes past this. */
  maxOutputTokens: number;
  /** Absent for models we have no price for; cost then falls back to an estimate. */
  pricing?: ModelPricing;
};

export const DEFAULT_MODEL = 'claude-opus-4-8';

const ONE_MILLION_SUFFIX = '[1m]';
const DEFAULT_CONTEXT_WINDOW = 200_000;
const EXTENDED_CONTEXT_WINDOW = 1_000_000;

const OPUS_CURRENT: ModelPricing = { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 };
const OPUS_LEGACY: ModelPricing = { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 };
const SONNET: ModelPricing = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };
const HAIKU_4_5: ModelPricing = { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 };
const HAIKU_3_5: ModelPricing = { input: 0.8, output: 4, cacheWrite: 1, cacheRead: 0.08 };

function entry(defaultOut: number, maxOut: number, pricing: ModelPricing): ModelInfo {
  return {
    contextWindow: DEFAULT_CONTEXT_WINDOW,
    defaultMaxOutputTokens: defaultOut,
    maxOutputTokens: maxOut,
    pricing,
  };
}

const MODEL_TABLE: Readonly<Record<string, ModelInfo>> = {
  'claude-opus-4-8': entry(64_000, 128_000, OPUS_CURRENT),
  'claude-opus-4-6': entry(64_000, 128_000, OPUS_CURRENT),
  'claude-opus-4-5': entry(32_000, 64_000, OPUS_CURRENT),
  'claude-opus-4-1': entry(32_000, 32_000, OPUS_LEGACY),
  'claude-sonnet-5': entry(64_000, 128_000, SONNET),
  'claude-sonnet-4-6': entry(32_000, 128_000, SONNET),
  'claude-sonnet-4-5': entry(32_000, 64_000, SONNET),
  'claude-sonnet-4': entry(32_000, 64_000, SONNET),
  'claude-haiku-4-5': entry(32_000, 64_000, HAIKU_4_5),
  'claude-3-5-haiku': entry(8_192, 8_192, HAIKU_3_5),
};

const UNKNOWN_MODEL: ModelInfo = {
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  defaultMaxOutputTokens: 32_000,
  maxOutputTokens: 64_000,
};

const ALIASES: Readonly<Record<string, string>> = {
  opus: 'claude-opus-4-8',
  sonnet: 'claude-sonnet-4-6',
  haiku: 'claude-haiku-4-5',
  default: DEFAULT_MODEL,
};

export const KNOWN_MODELS: readonly string[] = Object.keys(MODEL_TABLE);

/** The short names people may type instead of an id (`/model sonnet`), with the id each means. */
export const MODEL_ALIASES: Readonly<Record<string, string>> = ALIASES;

function hasExtendedContext(model: string): boolean {
  return model.toLowerCase().endsWith(ONE_MILLION_SUFFIX);
}

/** The id the API expects: the `[1m]` marker is Pulse's, not the API's. */
export function apiModelName(model: string): string {
  return hasExtendedContext(model) ? model.slice(0, -ONE_MILLION_SUFFIX.length) : model;
}

/**
 * Aliases (`opus`, `sonnet[1m]`, ...) become the selected provider's ids; ids and unknown names
 * pass through as typed.
 */
export function resolveModel(nameOrAlias: string): string {
  const trimmed = nameOrAlias.trim();
  const suffix = hasExtendedContext(trimmed) ? ONE_MILLION_SUFFIX : '';
  const base = apiModelName(trimmed);
  const aliased = ALIASES[base.toLowerCase()];
  return aliased ? providerModelId(aliased) + suffix : trimmed;
}

/** The default model, as the selected provider names it. */
export function defaultModel(): string {
  return providerModelId(DEFAULT_MODEL);
}

/**
 * Finds the table row for an id, also for dated ids such as `claude-sonnet-4-5-20250929`:
 * the longest table key that the id starts with wins, so `claude-sonnet-4-5` beats
 * `claude-sonnet-4`.
 */
function lookup(model: string): ModelInfo | undefined {
  const id = canonicalModelId(apiModelName(model)).toLowerCase();
  const exact = MODEL_TABLE[id];
  if (exact) return exact;
  const prefix = KNOWN_MODELS.filter((key) => id.startsWith(`${key}-`)).sort(
    (a, b) => b.length - a.length,
  )[0];
  return prefix ? MODEL_TABLE[prefix] : undefined;
}

export function getModelInfo(model: string): ModelInfo {
  const info = lookup(resolveModel(model)) ?? UNKNOWN_MODEL;
  if (!hasExtendedContext(model)) return { ...info };
  return { ...info, contextWindow: EXTENDED_CONTEXT_WINDOW };
}

export function isKnownModel(model: string): boolean {
  return lookup(resolveModel(model)) !== undefined;
}

/** The beta header that unlocks the 1M context window for `[1m]` models. */
export function betasForModel(model: string): string[] {
  return hasExtendedContext(model) ? ['context-1m-2025-08-07'] : [];
}

export type ModelChoiceSources = {
  /** `--model` on the command line. */
  flag?: string;
  /** `ANTHROPIC_MODEL`. */
  env?: string;
  settings?: { model?: string };
};

/** Flag beats environment beats settings beats the default; aliases are resolved. */
export function pickModel(sources: ModelChoiceSources = {}): string {
  const env = 'env' in sources ? sources.env : process.env.ANTHROPIC_MODEL;
  const chosen = [sources.flag, env, sources.settings?.model].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return chosen === undefined ? defaultModel() : resolveModel(chosen);
}
