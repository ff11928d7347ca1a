// A window being dragged sends a burst of resizes, and each one would have the writer erase and
// redraw its live area, or (a tall live area whose top each step pushes into the scrollback)
// clear the terminal and print the whole conversation again. While the size settles the writer
// draws nothing: it keeps what it was asked to print, in order, and draws once when the size has
// held still for a moment.
import type { SlotRows } from './liveSlots.js';

/** How long the terminal's size must hold still before the writer draws again after a resize. */
export const RESIZE_SETTLE_MS = 60;
/** Checks to wait, the size still, for a frame that fits it before drawing what there is. */
const READY_CHECKS = 5;
/**
 * How long after a repaint a resize may still meet part of it unread: the terminal reads the
 * conversation written again when it gets to it, later on a busy machine, and reads what is left
 * at the new size.
 */
export const REPAINT_READ_MS = 1_000;

/**
 * What arrived while the size settled: Ink's finished output, or rows the writer prints itself
 * (kept as the function that lays them out, to be laid out at the settled width) with how much of
 * Ink's printed output there was when they came.
 */
export type HeldPrint = { ink: string } | { own: SlotRows; after: number | undefined };

/** What the writer draws when the size has held still. */
export type Settled = {
  /** What arrived meanwhile, in the order it came. */
  held: HeldPrint[];
  /**
   * The resize came so soon after a repaint that the terminal may have read part of it at the
   * new size (rows wrapped where the writer did not count them): only a repaint mends that.
   */
  repaint: boolean;
};

export class ResizeSettle {
  private timer: NodeJS.Timeout | undefined;
  private size = '';
  private unready = 0;
  private held: HeldPrint[] = [];
  private repaintedAt: number | undefined;
  private afterRepaint = false;

  /**
   * `size` names the terminal's size now; `ready` says whether what there is to draw fits it (Ink
   * lays out a frame for the new width a little after the resize); `settled` draws.
   */
  constructor(
    private readonly sizeNow: () => string,
    private readonly ready: () => boolean,
    private readonly settled: () => void,
  ) {}

  get active(): boolean {
    return this.timer !== undefined;
  }

  /**
   * Starts the wait, or, while waiting, begins it again when the size is not the one last seen.
   * The writer calls this at every draw it holds back, and Ink draws at every resize, so each
   * step of a drag is seen: a drag that turns back (52, 44, 52 columns) looks still to checks
   * that see 52 at both ends of its turn, and drawing then put the conversation in flight while
   * the terminal went on resizing.
   */
  start(): void {
    const size = this.sizeNow();
    if (this.timer && size === this.size) return;
    if (!this.timer) this.afterRepaint = this.repaintedAt !== undefined && Date.now() - this.repaintedAt < REPAINT_READ_MS;
    clearTimeout(this.timer);
    this.size = size;
    this.unready = 0;
    this.timer = setTimeout(this.check, RESIZE_SETTLE_MS).unref();
  }

  keep(print: HeldPrint): void {
    this.held.push(print);
  }

  /** The writer has just cleared the terminal and written the conversation again. */
  repainted(): void {
    this.repaintedAt = Date.now();
  }

  /** Ends the settle now (undefined when none was under way). */
  take(): Settled | undefined {
    if (!this.timer) return undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    this.held = [];
    return { held, repaint: this.afterRepaint };
  }

  private readonly check = (): void => {
    const size = this.sizeNow();
    if (size === this.size && (this.ready() || ++this.unready >= READY_CHECKS)) {
      this.settled();
      return;
    }
    this.size = size;
    this.timer = setTimeout(this.check, RESIZE_SETTLE_MS).unref();
  };
}
