// What a request asks of the model beside its messages — thinking, effort, and the context edit
// that keeps earlier thinking — shaped per model from the table, and the betas those fields need.
// Decided here, on the model the request goes to, so a /model switch or a fallback mid-session
// gets what that model takes. Shapes follow what Claude Code 2.1.332 sends.
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { isEnvTruthy } from '../utils/envFlag.js';
import { betasForModel, EFFORT_LEVELS, getModelInfo, type EffortLevel } from './models.js';
import { providerOffersBeta } from './providers/features.js';
import type { ThinkingConfig } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The API's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1_024;

const INTERLEAVED_THINKING_BETA = 'interleaved-thinking-2025-05-14';
const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27';
const EFFORT_BETA = 'effort-2025-11-24';

/**
 * Thinking blocks of earlier turns stay in what the model sees (`keep: "all"`): the edit is
 * named so the API applies Pulse's choice rather than a default that may clear them.
 */
const KEEP_EARLIER_THINKING = { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] } as const;

export type ContextManagement = typeof KEEP_EARLIER_THINKING;

/** The request body, with the one field the SDK's non-beta params do not declare. */
export type RequestBody = MessageCreateParamsStreaming & { context_management?: ContextManagement };

export function parseEffortLevel(value: string | undefined): EffortLevel | undefined {
  const level = value?.trim().toLowerCase();
  return EFFORT_LEVELS.find((known) => known === level);
}

/** `MAX_THINKING_TOKENS`, when it is a whole number. */
function thinkingBudgetFromEnv(env: Env): number | undefined {
  const raw = env.MAX_THINKING_TOKENS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * The thinking a request to `model` carries. Asked-for thinking (`--max-thinking-tokens`, the
 * SDK's set_max_thinking_tokens), else `MAX_THINKING_TOKENS`, else the model's own way:
 * adaptive models think adaptively whatever the budget says, and only turn thinking off where the
 * model allows it; budget models get the budget asked for, or all the output room but one token.
 */
export function thinkingFor(
  model: string,
  asked: ThinkingConfig | undefined,
  maxOutputTokens: number,
  env: Env = process.env,
): ThinkingConfig {
  const info = getModelInfo(model);
  const envBudget = thinkingBudgetFromEnv(env);
  const wanted = asked ?? (envBudget === undefined ? undefined : budgetThinking(envBudget));
  if (info.thinking === 'none') return { type: 'disabled' };
  if (wanted?.type === 'disabled' && info.thinkingCanBeOff) return { type: 'disabled' };
  if (info.thinking === 'adaptive') return { type: 'adaptive' };
  const budget = Math.min(wanted?.type === 'enabled' ? wanted.budgetTokens : maxOutputTokens, maxOutputTokens - 1);
  // Under the API's minimum, a budget would be refused: the reply goes without thinking.
  return budget >= MIN_THINKING_BUDGET ? { type: 'enabled', budgetTokens: budget } : { type: 'disabled' };
}

/** A thinking budget as the flags and the SDK give it: 0 turns thinking off. */
export function budgetThinking(tokens: number): ThinkingConfig {
  return tokens === 0 ? { type: 'disabled' } : { type: 'enabled', budgetTokens: tokens };
}

export type EffortChoice = EffortLevel | 'auto' | undefined;

let chosenEffort: EffortChoice;

/**
 * The session's effort, live: start-up sets it from chooseEffort(), `/effort` changes it, and each
 * turn's context reads it, so a change applies from the next request on.
 */
export const sessionEffort = {
  get: (): EffortChoice => chosenEffort,
  set: (choice: EffortChoice): void => {
    chosenEffort = choice;
  },
};

/**
 * The session's effort: `CLAUDE_CODE_EFFORT_LEVEL` (as in the reference, it beats the flag), then
 * `--effort`, then the `effortLevel` setting. `auto` in the variable leaves the choice to the model.
 */
export function chooseEffort(
  sources: { flag?: string | undefined; setting?: string | undefined },
  env: Env = process.env,
): EffortLevel | 'auto' | undefined {
  const fromEnv = env.CLAUDE_CODE_EFFORT_LEVEL?.trim().toLowerCase();
  if (fromEnv === 'auto' || fromEnv === 'unset') return 'auto';
  return parseEffortLevel(fromEnv) ?? parseEffortLevel(sources.flag) ?? parseEffortLevel(sources.setting);
}

/**
 * The effort a request to `model` carries: the chosen level where the model takes it, else the
 * highest level it takes below that; the model's default when nobody chose; none for a model
 * that takes no effort, or with `auto`.
 */
export function effortFor(model: string, chosen: EffortLevel | 'auto' | undefined): EffortLevel | undefined {
  const info = getModelInfo(model);
  if (chosen === 'auto' || info.effortLevels.length === 0) return undefined;
  if (chosen === undefined) return info.defaultEffort;
  const ceiling = EFFORT_LEVELS.indexOf(chosen);
  return [...info.effortLevels].reverse().find((level) => EFFORT_LEVELS.indexOf(level) <= ceiling) ?? info.effortLevels[0];
}

/** The body fields for thinking and effort; the context edit only where the provider offers it. */
export function featureFields(
  thinking: ThinkingConfig | undefined,
  effort: EffortLevel | undefined,
): Pick<RequestBody, 'thinking' | 'output_config' | 'context_management'> {
  const fields: Pick<RequestBody, 'thinking' | 'output_config' | 'context_management'> = {};
  if (thinking?.type === 'enabled') fields.thinking = { type: 'enabled', budget_tokens: thinking.budgetTokens };
  else if (thinking) fields.thinking = { type: thinking.type };
  if (effort) fields.output_config = { effort };
  const thinks = thinking !== undefined && thinking.type !== 'disabled';
  if (thinks && providerOffersBeta(CONTEXT_MANAGEMENT_BETA)) fields.context_management = KEEP_EARLIER_THINKING;
  return fields;
}

/** The betas a body needs, in the reference's order; those the provider does not offer are left out. */
export function betasForRequest(model: string, body: RequestBody, env: Env = process.env): string[] {
  const thinks = body.thinking !== undefined && body.thinking.type !== 'disabled';
  const betas = [
    ...betasForModel(model),
    ...(thinks && !isEnvTruthy(env.DISABLE_INTERLEAVED_THINKING) ? [INTERLEAVED_THINKING_BETA] : []),
    ...(body.context_management ? [CONTEXT_MANAGEMENT_BETA] : []),
    ...(body.output_config?.effort ? [EFFORT_BETA] : []),
  ];
  return betas.filter((beta) => providerOffersBeta(beta));
}
