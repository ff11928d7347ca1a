// The retry policy: how many times, how long to wait, and a wait that an abort cuts short.
import { AbortError } from './errors.js';
import { envSetting } from '../utils/compatEnv.js';

export type RetryPolicy = {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  streamIdleTimeoutMs: number;
  /** Consecutive overloaded errors after which the fallback model takes over. */
  overloadedBeforeFallback: number;
};

const DEFAULT_MAX_RETRIES = 10;
const MAX_RETRIES_CEILING = 15;
const DEFAULT_BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 32_000;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 90_000;
const OVERLOADED_BEFORE_FALLBACK = 3;
const MAX_JITTER_FRACTION = 0.25;

function intFromEnv(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Read once per model call so tests and settings (`env`) can change it between calls. */
export function readRetryPolicy(env: NodeJS.ProcessEnv = process.env): RetryPolicy {
  const maxRetries = intFromEnv(envSetting('PULSE_MAX_RETRIES', env), DEFAULT_MAX_RETRIES);
  const baseDelayMs = intFromEnv(env.PULSE_RETRY_BASE_DELAY_MS, DEFAULT_BASE_DELAY_MS);
  const idle = intFromEnv(env.PULSE_STREAM_IDLE_TIMEOUT_MS, DEFAULT_STREAM_IDLE_TIMEOUT_MS);
  return {
    maxRetries: Math.min(Math.max(maxRetries, 0), MAX_RETRIES_CEILING),
    baseDelayMs: Math.max(baseDelayMs, 0),
    maxDelayMs: MAX_BACKOFF_MS,
    streamIdleTimeoutMs: idle > 0 ? idle : DEFAULT_STREAM_IDLE_TIMEOUT_MS,
    overloadedBeforeFallback: OVERLOADED_BEFORE_FALLBACK,
  };
}

/**
 * The wait before retry number `retry` (1-based). A server hint is obeyed as given; otherwise
 * exponential backoff, capped, plus up to 25% jitter so many clients do not retry in step.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  serverHintMs?: number,
  random: () => number = Math.random,
): number {
  if (serverHintMs !== undefined) return serverHintMs;
  const backoff = Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  return Math.round(backoff + backoff * MAX_JITTER_FRACTION * random());
}

/** Resolves after `ms`, or rejects with AbortError as soon as `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new AbortError());
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
