// How long streamed text waits before it is drawn. Every frame that commits lines makes Ink
// repaint the whole area under the answer (spinner, prompt box, footer: one to two kilobytes),
// so a frame per 33 ms is right for the API's usual pace but wasteful when text arrives faster
// than anyone reads. Up to ~150 tokens a second frames come every 33 ms; beyond that the wait
// grows with the square of the pace, reaching a second at ~800 tokens a second and its cap of
// 1.5 s at ~1,000 (a fast model, a replayed answer), so each frame carries a screenful or more
// and the repaint is paid per screen, not per line.

/** Never more than ~30 frames a second. */
export const MIN_FRAME_INTERVAL_MS = 33;
/** Never hold text back longer than this. */
export const MAX_FRAME_INTERVAL_MS = 1500;
/** Up to this pace (characters a second, ~150 tokens) frames come as often as they may. */
const UNHURRIED_CHARS_PER_SECOND = 600;

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
