// The model table: what each known model can hold, how much it may write, how it thinks, which
// effort levels it takes, and what it costs. Figures are Claude Code 2.1.332's, read from its
// requests and its cost report against a mock (--model <id> with --effort, --thinking disabled,
// CLAUDE_CODE_MAX_OUTPUT_TOKENS=999999, and usage of 1M tokens per field).
// Ids are the Anthropic API's; providers/modelIds.ts maps aliases and the default to the
// selected provider's ids and provider ids back to these keys.
import { isRemappedLegacyModel } from './legacyModels.js';
import { canonicalModelId, providerModelId } from './providers/modelIds.js';
import { selectedProvider, type ProviderName } from './providers/selection.js';

/** USD per million tokens. */
export type ModelPricing = {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
};

export const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type EffortLevel = (typeof EFFORT_LEVELS)[number];

/**
 * How a model thinks: `adaptive` decides for itself how much (`thinking: {type: "adaptive"}`),
 * `budget` needs a token budget (`budget_tokens`), `none` has no extended thinking.
 */
export type ThinkingStyle = 'adaptive' | 'budget' | 'none';

export type ModelInfo = {
  contextWindow: number;
  /** What Pulse asks for when nothing overrides it. */
  defaultMaxOutputTokens: number;
  /** The most the model accepts; escalation never goes past this. */
  maxOutputTokens: number;
  /** Absent for models we have no price for; cost then falls back to an estimate. */
  pricing?: ModelPricing;
  /** Dearer prices for a request whose prompt (input and cache reads) is over `aboveTokens`. */
  longPromptPricing?: { aboveTokens: number; pricing: ModelPricing };
  thinking: ThinkingStyle;
  /** False for models that always think: a request to turn thinking off gets adaptive thinking. */
  thinkingCanBeOff: boolean;
  /** The `output_config.effort` levels the model takes, lowest first; empty when it takes none. */
  effortLevels: readonly EffortLevel[];
  /** The effort asked for when nobody chose one. */
  defaultEffort?: EffortLevel;
};

export const DEFAULT_MODEL = 'claude-opus-5-5';

const ONE_MILLION_SUFFIX = '[1m]';
const DEFAULT_CONTEXT_WINDOW = 200_000;
const EXTENDED_CONTEXT_WINDOW = 1_000_000;

/** Cache writes cost 1.25x input; cache reads a fraction that differs by generation. */
function price(input: number, output: number, cacheRead: number): ModelPricing {
  return { input, output, cacheWrite: input * 1.25, cacheRead };
}

const ALL_EFFORTS = EFFORT_LEVELS;
const EFFORTS_UP_TO_MAX: readonly EffortLevel[] = ['low', 'medium', 'high', 'max'];
const EFFORTS_UP_TO_HIGH: readonly EffortLevel[] = ['low', 'medium', 'high'];
const NO_EFFORT: readonly EffortLevel[] = [];

type Row = {
  window: number;
  out: readonly [defaultOut: number, maxOut: number];
  pricing: ModelPricing;
  thinking: ThinkingStyle;
  alwaysThinks?: boolean;
  efforts: readonly EffortLevel[];
  effort?: EffortLevel;
  longPrompt?: ModelInfo['longPromptPricing'];
};

function entry(row: Row): ModelInfo {
  const info: ModelInfo = {
    contextWindow: row.window,
    defaultMaxOutputTokens: row.out[0],
    maxOutputTokens: row.out[1],
    pricing: row.pricing,
    thinking: row.thinking,
    thinkingCanBeOff: !row.alwaysThinks,
    effortLevels: row.efforts,
  };
  if (row.effort) info.defaultEffort = row.effort;
  if (row.longPrompt) info.longPromptPricing = row.longPrompt;
  return info;
}

const M = EXTENDED_CONTEXT_WINDOW;
const K200 = DEFAULT_CONTEXT_WINDOW;
const OPUS_4 = price(5, 25, 0.5);
const OPUS_LEGACY = price(15, 75, 1.5);
const SONNET_4 = price(3, 15, 0.3);
const FIVE_FIVE = { window: M, out: [128_000, 128_000], thinking: 'adaptive', alwaysThinks: true, efforts: ALL_EFFORTS, effort: 'medium' } as const;
const FABLE = { window: M, thinking: 'adaptive', alwaysThinks: true, efforts: ALL_EFFORTS } as const;
const CURRENT = { window: M, out: [64_000, 128_000], thinking: 'adaptive', efforts: ALL_EFFORTS, effort: 'high' } as const;
const BUDGET_THINKING = { window: K200, thinking: 'budget', efforts: NO_EFFORT } as const;

// A row is made when a model is first looked up: a run asks about one or two models, and
// building every row's object at start-up was work before the first request.
const MODEL_ROWS: Readonly<Record<string, () => Row>> = {
  'claude-opus-5-5': () => ({ ...FIVE_FIVE, pricing: price(4, 20, 0.2) }),
  'claude-sonnet-5-5': () => ({ ...FIVE_FIVE, pricing: price(2, 10, 0.1) }),
  'claude-haiku-5-5': () => ({
    ...FIVE_FIVE,
    pricing: price(0.1, 0.5, 0.01),
    longPrompt: { aboveTokens: 100_000, pricing: price(0.5, 2.5, 0.05) },
  }),
  'claude-fable-5-2': () => ({ ...FABLE, out: [128_000, 128_000], effort: 'medium', pricing: price(8, 40, 0.2) }),
  'claude-fable-5-1': () => ({ ...FABLE, out: [64_000, 128_000], effort: 'high', pricing: price(10, 50, 0.25) }),
  'claude-fable-5': () => ({ ...FABLE, out: [64_000, 128_000], effort: 'high', pricing: price(10, 50, 1) }),
  'claude-opus-5': () => ({ ...CURRENT, pricing: OPUS_4 }),
  'claude-opus-4-8': () => ({ ...CURRENT, pricing: OPUS_4 }),
  'claude-opus-4-7': () => ({ ...CURRENT, effort: 'xhigh', pricing: OPUS_4 }),
  'claude-opus-4-6': () => ({ ...CURRENT, window: K200, efforts: EFFORTS_UP_TO_MAX, pricing: OPUS_4 }),
  'claude-opus-4-5': () => ({ ...BUDGET_THINKING, out: [32_000, 64_000], efforts: EFFORTS_UP_TO_HIGH, effort: 'high', pricing: OPUS_4 }),
  'claude-opus-4-1': () => ({ ...BUDGET_THINKING, out: [32_000, 32_000], pricing: OPUS_LEGACY }),
  'claude-opus-4': () => ({ ...BUDGET_THINKING, out: [32_000, 32_000], pricing: OPUS_LEGACY }),
  'claude-sonnet-5': () => ({ ...CURRENT, pricing: price(2, 10, 0.2) }),
  'claude-sonnet-4-6': () => ({ ...CURRENT, window: K200, out: [32_000, 128_000], efforts: EFFORTS_UP_TO_MAX, pricing: SONNET_4 }),
  'claude-sonnet-4-5': () => ({ ...BUDGET_THINKING, out: [32_000, 64_000], pricing: SONNET_4 }),
  'claude-sonnet-4': () => ({ ...BUDGET_THINKING, out: [32_000, 64_000], pricing: SONNET_4 }),
  'claude-haiku-4-5': () => ({ ...BUDGET_THINKING, out: [32_000, 64_000], pricing: price(1, 5, 0.1) }),
  'claude-3-5-haiku': () => ({ window: K200, out: [8_192, 8_192], thinking: 'none', efforts: NO_EFFORT, pricing: price(0.8, 4, 0.08) }),
};

/**
 * A model the table does not know (a gateway's or a newer one) is taken for a current model, as
 * the reference does; its window stays at 200k, which compacts early rather than overflow.
 */
const UNKNOWN_MODEL: ModelInfo = {
  contextWindow: DEFAULT_CONTEXT_WINDOW,
  defaultMaxOutputTokens: 32_000,
  maxOutputTokens: 64_000,
  thinking: 'adaptive',
  thinkingCanBeOff: true,
  effortLevels: ALL_EFFORTS,
  defaultEffort: 'high',
};

const ALIASES: Readonly<Record<string, string>> = {
  opus: 'claude-opus-5-5',
  sonnet: 'claude-sonnet-5-5',
  haiku: 'claude-haiku-5-5',
  fable: 'claude-fable-5-2',
  default: DEFAULT_MODEL,
};

/** Where a cloud provider serves an older model under an alias (as the reference resolves them there). */
const PROVIDER_ALIASES: Readonly<Record<ProviderName, Readonly<Record<string, string>>>> = {
  firstParty: {},
  bedrock: { sonnet: 'claude-sonnet-4-5', haiku: 'claude-haiku-4-5' },
  vertex: { haiku: 'claude-haiku-4-5' },
  foundry: { haiku: 'claude-haiku-4-5' },
};

export const KNOWN_MODELS: readonly string[] = Object.keys(MODEL_ROWS);

const madeRows = new Map<string, ModelInfo>();

function tableEntry(key: string): ModelInfo | undefined {
  const made = madeRows.get(key);
  if (made) return made;
  if (!Object.hasOwn(MODEL_ROWS, key)) return undefined;
  const info = entry((MODEL_ROWS[key] as () => Row)());
  madeRows.set(key, info);
  return info;
}

/** The short names people may type instead of an id (`/model sonnet`), with the id each means. */
export const MODEL_ALIASES: Readonly<Record<string, string>> = ALIASES;

function hasExtendedContext(model: string): boolean {
  return model.toLowerCase().endsWith(ONE_MILLION_SUFFIX);
}

/** The id the API expects: the `[1m]` marker is Pulse's, not the API's. */
export function apiModelName(model: string): string {
  return hasExtendedContext(model) ? model.slice(0, -ONE_MILLION_SUFFIX.length) : model;
}

/** `ANTHROPIC_DEFAULT_OPUS_MODEL` and its siblings: what an alias means on a gateway or a pinned version. */
const PINNING_VARIABLES: Readonly<Record<string, string>> = {
  opus: 'ANTHROPIC_DEFAULT_OPUS_MODEL',
  sonnet: 'ANTHROPIC_DEFAULT_SONNET_MODEL',
  haiku: 'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  fable: 'ANTHROPIC_DEFAULT_FABLE_MODEL',
};

/** The id an alias is pinned to, sent as typed (no provider mapping: the user named the provider's id). */
function pinnedModel(alias: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const variable = PINNING_VARIABLES[alias];
  return (variable && env[variable]?.trim()) || undefined;
}

/**
 * Aliases (`opus`, `sonnet[1m]`, ...) become their pinned id, else the selected provider's id;
 * Opus 4 and 4.1 become the latest Opus on the first-party API (legacyModels.ts); other ids and
 * unknown names pass through as typed.
 */
export function resolveModel(nameOrAlias: string): string {
  const trimmed = nameOrAlias.trim();
  const suffix = hasExtendedContext(trimmed) ? ONE_MILLION_SUFFIX : '';
  const alias = apiModelName(trimmed).toLowerCase();
  if (alias === 'default') return defaultModel() + suffix;
  if (isRemappedLegacyModel(alias)) return resolveModel('opus') + suffix;
  const aliased = PROVIDER_ALIASES[selectedProvider()][alias] ?? ALIASES[alias];
  if (!aliased) return trimmed;
  return (pinnedModel(alias) ?? providerModelId(aliased)) + suffix;
}

/** The default model (Opus: its pin when there is one), as the selected provider names it. */
export function defaultModel(): string {
  return pinnedModel('opus') ?? providerModelId(DEFAULT_MODEL);
}

/**
 * Finds the table row for an id, also for dated ids such as `claude-sonnet-4-5-20250929`:
 * the longest table key that the id starts with wins, so `claude-sonnet-4-5` beats
 * `claude-sonnet-4`.
 */
function lookup(model: string): ModelInfo | undefined {
  const id = canonicalModelId(apiModelName(model)).toLowerCase();
  const exact = tableEntry(id);
  if (exact) return exact;
  const prefix = KNOWN_MODELS.filter((key) => id.startsWith(`${key}-`)).sort(
    (a, b) => b.length - a.length,
  )[0];
  return prefix ? tableEntry(prefix) : undefined;
}

export function getModelInfo(model: string): ModelInfo {
  const info = lookup(resolveModel(model)) ?? UNKNOWN_MODEL;
  if (!hasExtendedContext(model)) return { ...info };
  return { ...info, contextWindow: EXTENDED_CONTEXT_WINDOW };
}

export function isKnownModel(model: string): boolean {
  return lookup(resolveModel(model)) !== undefined;
}

/**
 * `CLAUDE_CODE_MAX_OUTPUT_TOKENS`: the user's output limit, never above what the model accepts.
 * Set, it replaces the model's default and the loop does not escalate past it.
 */
export function configuredMaxOutputTokens(model: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.CLAUDE_CODE_MAX_OUTPUT_TOKENS?.trim();
  if (!raw || !/^\d+$/.test(raw) || Number(raw) === 0) return undefined;
  return Math.min(Number(raw), getModelInfo(model).maxOutputTokens);
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

/** The name the person chose, as written: flag beats environment beats settings; undefined for the default. */
export function chosenModelName(sources: ModelChoiceSources = {}): string | undefined {
  const env = 'env' in sources ? sources.env : process.env.ANTHROPIC_MODEL;
  return [sources.flag, env, sources.settings?.model].find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** The chosen model with aliases resolved, or the default. */
export function pickModel(sources: ModelChoiceSources = {}): string {
  const chosen = chosenModelName(sources);
  return chosen === undefined ? defaultModel() : resolveModel(chosen);
}
