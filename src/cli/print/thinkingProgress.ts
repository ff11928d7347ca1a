// Thinking as stream-json reports it while it streams, the way the reference does: a
// `thinking_tokens` line per thinking delta with a running estimate for the block (about four
// characters a token: a spinner's figure, not the billed count), and on the finished thinking
// block's line how long the model thought.
import type { RawMessageStreamEvent } from '../../types/messages.js';

const CHARS_PER_TOKEN = 4;

export type ThinkingEstimate = { estimated_tokens: number; estimated_tokens_delta: number };

export class ThinkingProgress {
  private estimate = 0;
  private startedAt: number | undefined;

  /** The estimate a thinking delta moves to, or undefined for any other event. */
  accept(event: RawMessageStreamEvent, now = performance.now()): ThinkingEstimate | undefined {
    if (event.type === 'content_block_start' && event.content_block.type === 'thinking') {
      this.estimate = 0;
      this.startedAt = now;
      return undefined;
    }
    if (event.type !== 'content_block_delta' || event.delta.type !== 'thinking_delta') return undefined;
    const delta = Math.ceil(event.delta.thinking.length / CHARS_PER_TOKEN);
    this.estimate += delta;
    return { estimated_tokens: this.estimate, estimated_tokens_delta: delta };
  }

  /**
   * How long the thinking block that just closed took, once: its message comes out as the block
   * closes, before the block's stop event.
   */
  takeDurationMs(now = performance.now()): number | undefined {
    if (this.startedAt === undefined) return undefined;
    const duration = Math.round(now - this.startedAt);
    this.startedAt = undefined;
    return duration;
  }
}
