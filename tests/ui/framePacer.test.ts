import { describe, expect, it } from 'vitest';
import { FramePacer, MAX_FRAME_INTERVAL_MS, MIN_FRAME_INTERVAL_MS } from '../../src/ui/runner/framePacer.js';

/** A pacer on a hand-moved clock that has drawn `frames` frames of `bytes` each, `gapMs` apart. */
function pacedAt(bytes: number, gapMs: number, frames = 6): FramePacer {
  let now = 0;
  const pacer = new FramePacer(() => now);
  for (let frame = 0; frame < frames; frame++) {
    now += gapMs;
    pacer.drew(bytes);
  }
  return pacer;
}

describe('FramePacer', () => {
  it('starts at the fastest frame rate, before it knows the pace', () => {
    expect(new FramePacer(() => 0).nextInterval()).toBe(MIN_FRAME_INTERVAL_MS);
  });

  it('keeps its fastest frame rate at the API’s usual pace (~100 tokens/s)', () => {
    // 400 bytes a second: 100 bytes every 250 ms.
    expect(pacedAt(100, 250).nextInterval()).toBe(MIN_FRAME_INTERVAL_MS);
  });

  it('spaces frames out when text arrives faster than anyone reads', () => {
    // 6 KB a second (~1.5k tokens/s): a frame should carry a screenful, not a few words.
    expect(pacedAt(6_000, 1_000).nextInterval()).toBe(MAX_FRAME_INTERVAL_MS);
    const middling = pacedAt(1_500, 1_000).nextInterval();
    expect(middling).toBeGreaterThan(MIN_FRAME_INTERVAL_MS);
    expect(middling).toBeLessThan(MAX_FRAME_INTERVAL_MS);
  });

  it('speeds back up after a pause, so text after a tool call shows at once', () => {
    let now = 0;
    const pacer = new FramePacer(() => now);
    for (let frame = 0; frame < 6; frame++) {
      now += 1_000;
      pacer.drew(8_000);
    }
    expect(pacer.nextInterval()).toBe(MAX_FRAME_INTERVAL_MS);
    // Ten quiet seconds (a tool ran), then text again: the first frame is not held back, and
    // the pace is learnt anew from the text that follows.
    now += 10_000;
    expect(pacer.nextInterval()).toBe(MIN_FRAME_INTERVAL_MS);
    now += 33;
    pacer.drew(13);
    expect(pacer.nextInterval()).toBe(MIN_FRAME_INTERVAL_MS);
  });
});
