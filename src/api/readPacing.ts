// Read pacing for a response that trickles. At the API's pace (a delta every 20–50 ms) each
// event arrives in a read of its own, and waking the process for it costs more than everything
// Pulse then does with the event: ~0.4 ms of CPU on a loaded machine, whatever the event holds.
// Once a response shows it trickles, its socket is taken off the event loop for a short spell
// after each read: the kernel gathers what arrives meanwhile and one wake-up takes it all in.
//
// Node's public `socket.pause()` would not do: it stops the 'data' events, but the socket goes
// on reading from the kernel (and waking the process) until its 16 KB buffer is full. Only the
// handle's readStop() takes the descriptor out of epoll, so that private handle is used, with a
// check that it has the two methods; without them (a TLS socket layered differently, another
// runtime) reads are simply not paced.
//
// Latency: the first reads of a response are never held (message_start, the first delta), nor
// any response that arrives in a burst (a short answer, a tool call sent whole, a mock). While
// pacing, an event waits at most PACE_MS for its read, which is one REPL frame at the API's pace
// (src/ui/runner/framePacer.ts draws at most four a second), so text shows no later than it
// would have been drawn anyway. A message_delta (the end follows at once) or the start of a
// block that is not text or thinking (a tool call) ends pacing for the rest of the response
// (src/api/streamAttempt.ts), so the end of a message, or a tool call's start, is late by at most
// PACE_MS, and only when it arrives within a held spell.
import type { Socket } from 'node:net';

/** The longest a trickling response's bytes wait in the kernel before they are read. */
export const PACE_MS = 250;
/** Reads this far apart come from a server producing tokens, not from one buffer being drained. */
const TRICKLE_GAP_MS = 4;
/** Pacing starts once this many reads in a row have come that far apart. */
const TRICKLING_READS = 2;

type ReadHandle = { readStop(): number; readStart(): number; reading?: boolean };

function readHandle(socket: Socket | null): ReadHandle | undefined {
  const handle = (socket as unknown as { _handle?: Partial<ReadHandle> } | null)?._handle;
  if (typeof handle?.readStop !== 'function' || typeof handle.readStart !== 'function') return undefined;
  return handle as ReadHandle;
}

/** The pacing interval: PACE_MS, or `PULSE_STREAM_READ_PACE_MS` (0 turns pacing off). */
export function paceFromEnv(): number {
  const parsed = Number.parseInt(process.env.PULSE_STREAM_READ_PACE_MS ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : PACE_MS;
}

/**
 * Paces one response's reads: `afterRead()` for every chunk the response yields, `stop()` once
 * the rest should come as it arrives (the end of the message is next, or the response ended
 * however it ended, so a socket that goes back to the keep-alive pool is always read again).
 */
export class ReadPacer {
  private lastReadAt: number | undefined;
  private tricklingReads = 0;
  private held: ReadHandle | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly socket: Socket | null,
    private readonly paceMs: number = paceFromEnv(),
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Called with each chunk taken in; `more` is false once the response is complete. */
  afterRead(more: boolean): void {
    const at = this.now();
    const gap = this.lastReadAt === undefined ? 0 : at - this.lastReadAt;
    this.lastReadAt = at;
    if (this.stopped || this.paceMs === 0 || !more) return;
    // Chunks of one read (TLS hands over each record on its own) neither count nor break a trickle.
    if (gap >= TRICKLE_GAP_MS) this.tricklingReads++;
    if (this.tricklingReads < TRICKLING_READS || this.held) return;
    const handle = readHandle(this.socket);
    // Node stopped reading itself (its buffer is full): it will start again when it wants to.
    if (!handle || handle.reading === false) return;
    handle.readStop();
    this.held = handle;
    if (this.timer) this.timer.refresh();
    else this.timer = setTimeout(() => this.resume(), this.paceMs);
  }

  /** Reads again at once, and from now on as data arrives. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.resume();
  }

  private resume(): void {
    const handle = this.held;
    this.held = undefined;
    // A destroyed socket has dropped its handle; one Node itself stopped stays stopped.
    if (!handle || readHandle(this.socket) !== handle || handle.reading === false) return;
    handle.readStart();
  }
}
