import { describe, expect, it } from 'vitest';
import { readRetryPolicy, retryDelayMs, sleepUnlessAborted } from '../../../src/api/retry.js';

describe('readRetryPolicy', () => {
  it('defaults to 10 retries, 500 ms base and a 90 s idle limit', () => {
    expect(readRetryPolicy({})).toMatchObject({ maxRetries: 10, baseDelayMs: 500, streamIdleTimeoutMs: 90_000, overloadedBeforeFallback: 3 });
  });

  it('clamps PULSE_MAX_RETRIES to 0..15 and ignores junk', () => {
    expect(readRetryPolicy({ PULSE_MAX_RETRIES: '99' }).maxRetries).toBe(15);
    expect(readRetryPolicy({ PULSE_MAX_RETRIES: '-4' }).maxRetries).toBe(0);
    expect(readRetryPolicy({ PULSE_MAX_RETRIES: 'lots' }).maxRetries).toBe(10);
    expect(readRetryPolicy({ PULSE_STREAM_IDLE_TIMEOUT_MS: '0' }).streamIdleTimeoutMs).toBe(90_000);
  });
});

describe('retryDelayMs', () => {
  const policy = readRetryPolicy({});

  it('doubles from 500 ms and caps at 32 s before jitter', () => {
    const none = (): number => 0;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, undefined, none))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(12, policy, undefined, none)).toBe(32_000);
  });

  it('adds at most 25% jitter', () => {
    expect(retryDelayMs(1, policy, undefined, () => 1)).toBe(625);
    expect(retryDelayMs(12, policy, undefined, () => 1)).toBe(40_000);
  });

  it('uses the server hint as given', () => {
    expect(retryDelayMs(5, policy, 1000, () => 1)).toBe(1000);
  });
});

describe('sleepUnlessAborted', () => {
  it('rejects with AbortError as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = sleepUnlessAborted(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects at once for an already aborted signal', async () => {
    await expect(sleepUnlessAborted(10, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('resolves after the wait otherwise', async () => {
    await expect(sleepUnlessAborted(1, new AbortController().signal)).resolves.toBeUndefined();
  });
});
