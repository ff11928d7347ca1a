// Where the context window's danger zones start for a model. All figures are in tokens and are
// derived from the model table, so a new model only needs a row there.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { getModelInfo } from '../api/models.js';
import { isEnvTruthy } from '../utils/envFlag.js';
import { envSetting } from '../utils/compatEnv.js';

/** Room kept free for the compaction summary itself. */
export const SUMMARY_OUTPUT_RESERVE = 20_000;
/** Auto-compaction starts this far below the effective window. */
export const AUTOCOMPACT_BUFFER = 13_000;
/** The warning shows this far below the auto-compaction threshold. */
export const WARNING_BUFFER = 20_000;
/** Requests are refused this close to the effective window, leaving room for a manual /compact. */
export const MANUAL_COMPACT_BUFFER = 3_000;

export type Env = Readonly<Record<string, string | undefined>>;

export type ContextThresholds = {
  contextWindow: number;
  effectiveWindow: number;
  autoCompactEnabled: boolean;
  autoCompactThreshold: number;
  warningThreshold: number;
  blockingLimit: number;
};

export type ContextStatus = {
  percentLeft: number;
  isAboveWarning: boolean;
  isAboveAutoCompact: boolean;
  isAtBlockingLimit: boolean;
};

const positiveInt = lazySchema(() => z.coerce.number().int().positive());
const percent = lazySchema(() => z.coerce.number().positive().max(100));

function parsed<T>(schema: () => z.ZodType<T>, raw: string | undefined): T | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const result = schema().safeParse(raw);
  return result.success ? result.data : undefined;
}

export function isAutoCompactEnabled(env: Env = process.env): boolean {
  return !isEnvTruthy(envSetting('PULSE_DISABLE_AUTO_COMPACT', env));
}

export function getContextThresholds(model: string, env: Env = process.env): ContextThresholds {
  const info = getModelInfo(model);
  const contextWindow = parsed(positiveInt, envSetting('PULSE_CONTEXT_WINDOW', env)) ?? info.contextWindow;
  const effectiveWindow = contextWindow - Math.min(info.maxOutputTokens, SUMMARY_OUTPUT_RESERVE);
  const defaultThreshold = effectiveWindow - AUTOCOMPACT_BUFFER;
  const pct = parsed(percent, envSetting('PULSE_AUTOCOMPACT_PCT', env));
  // The override can only bring compaction earlier, never past the safe default.
  const autoCompactThreshold =
    pct === undefined ? defaultThreshold : Math.min(defaultThreshold, Math.floor((effectiveWindow * pct) / 100));
  const autoCompactEnabled = isAutoCompactEnabled(env);
  const warningBase = autoCompactEnabled ? autoCompactThreshold : effectiveWindow;
  return {
    contextWindow,
    effectiveWindow,
    autoCompactEnabled,
    autoCompactThreshold,
    warningThreshold: warningBase - WARNING_BUFFER,
    blockingLimit: effectiveWindow - MANUAL_COMPACT_BUFFER,
  };
}

export function contextStatus(tokens: number, model: string, env: Env = process.env): ContextStatus {
  const t = getContextThresholds(model, env);
  const base = t.autoCompactEnabled ? t.autoCompactThreshold : t.effectiveWindow;
  return {
    percentLeft: Math.max(0, Math.round(((base - tokens) / base) * 100)),
    isAboveWarning: tokens >= t.warningThreshold,
    isAboveAutoCompact: t.autoCompactEnabled && tokens >= t.autoCompactThreshold,
    isAtBlockingLimit: tokens >= t.blockingLimit,
  };
}
