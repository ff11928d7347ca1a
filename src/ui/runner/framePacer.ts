// How long streamed text waits before it is drawn. A frame costs a render of the live area
// (React, layout, Ink's cell grid) and a few bytes of cursor movement around the text it adds,
// and at the API's usual pace (~100 tokens a second) that cost is paid per frame, not per word:
// ten frames a second cost 0.80 CPU s per 1k tokens and 2.1 bytes per answer byte, four 0.68 s
// and 1.9 (scripts/bench/RESULTS.md). Four a second still shows the answer growing a phrase at
// a time. Up to ~240 tokens a second frames come every 250 ms; beyond that the wait grows with
// the square of the pace, reaching its cap of 1.5 s at ~580 tokens a second (a fast model, a
// replayed answer), so each frame carries a screenful or more.

/** Never more than four frames a second: text appears a phrase at a time. */
export const MIN_FRAME_INTERVAL_MS = 250;
/** Never hold text back longer than this. */
export const MAX_FRAME_INTERVAL_MS = 1500;
/** Up to this pace (characters a second, ~240 tokens) frames come as often as they may. */
const UNHURRIED_CHARS_PER_SECOND = 950;

export class FramePacer {
  private charsPerSecond = 0;
  private lastFrameAt: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** How long to wait before drawing text that starts arriving now. */
  nextInterval(): number {
    // Text after a pause (a tool call, a slow start) is news: draw it at once and learn anew.
    if (this.lastFrameAt !== undefined && this.now() - this.lastFrameAt > MAX_FRAME_INTERVAL_MS) {
      this.lastFrameAt = undefined;
      this.charsPerSecond = 0;
    }
    const interval = MIN_FRAME_INTERVAL_MS * (this.charsPerSecond / UNHURRIED_CHARS_PER_SECOND) ** 2;
    return Math.round(Math.min(MAX_FRAME_INTERVAL_MS, Math.max(MIN_FRAME_INTERVAL_MS, interval)));
  }

  /** Records a drawn frame that carried `chars` characters of new text. */
  drew(chars: number): void {
    const at = this.now();
    const elapsed = Math.max(MIN_FRAME_INTERVAL_MS, at - (this.lastFrameAt ?? at - MIN_FRAME_INTERVAL_MS));
    const sample = (chars * 1000) / elapsed;
    // Half the old estimate, half the new: one bursty network read does not swing the pace.
    this.charsPerSecond = this.lastFrameAt === undefined ? sample : (this.charsPerSecond + sample) / 2;
    this.lastFrameAt = at;
  }
}
