// Bash's time and size limits, with environment overrides read at call time so a user can
// raise them for one session without touching settings.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { envSetting } from '../../utils/compatEnv.js';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_OUTPUT_LENGTH = 30_000;
/** No override may let one command's output crowd out the rest of the context. */
export const OUTPUT_LENGTH_CEILING = 150_000;

export type BashLimits = {
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  maxOutputLength: number;
};

const positiveInteger = lazySchema(() => z.coerce.number().int().positive());

function readPositiveInteger(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = positiveInteger().safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function readBashLimits(env: NodeJS.ProcessEnv = process.env): BashLimits {
  const defaultTimeoutMs = readPositiveInteger(envSetting('PULSE_BASH_DEFAULT_TIMEOUT_MS', env)) ?? DEFAULT_TIMEOUT_MS;
  const configuredMax = readPositiveInteger(envSetting('PULSE_BASH_MAX_TIMEOUT_MS', env)) ?? MAX_TIMEOUT_MS;
  const requestedOutput = readPositiveInteger(envSetting('PULSE_BASH_MAX_OUTPUT_LENGTH', env)) ?? DEFAULT_MAX_OUTPUT_LENGTH;
  return {
    defaultTimeoutMs,
    // A default above the maximum would make the default itself invalid; the larger wins.
    maxTimeoutMs: Math.max(configuredMax, defaultTimeoutMs),
    maxOutputLength: Math.min(requestedOutput, OUTPUT_LENGTH_CEILING),
  };
}

/** The timeout a call actually gets: the default when unset, never above the maximum. */
export function effectiveTimeoutMs(requested: number | undefined, limits: BashLimits): number {
  if (requested === undefined) return limits.defaultTimeoutMs;
  return Math.min(Math.max(1, Math.floor(requested)), limits.maxTimeoutMs);
}
