// The control protocol's request/response bookkeeping, in both directions (REFERENCE §8.3):
// requests Pulse sends to the host wait here for the `control_response` with their request_id;
// requests the host sends are answered through `answer`. All output goes through the one writer.
import { randomUuid } from '../../utils/random.js';
import type { LineWriter } from '../print/output.js';
import type { ControlResponseLine } from './inputLines.js';

type Pending = {
  resolve: (response: unknown) => void;
  reject: (error: Error) => void;
  detach: () => void;
};

export class ControlRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ControlRequestError';
  }
}

export class ControlChannel {
  private readonly pending = new Map<string, Pending>();
  private closedReason: string | undefined;

  constructor(private readonly writer: LineWriter) {}

  /**
   * Sends a request to the host and resolves with its `response` payload. Rejects with the host's
   * error, when the signal aborts (the host is told with control_cancel_request), or when the
   * host can no longer answer (stdin closed).
   */
  request(request: { subtype: string } & Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    if (this.closedReason !== undefined) return Promise.reject(new ControlRequestError(this.closedReason));
    if (signal?.aborted) return Promise.reject(new ControlRequestError('the request was cancelled'));
    const requestId = randomUuid();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.settle(requestId)?.reject(new ControlRequestError('the request was cancelled'));
        this.writer.json({ type: 'control_cancel_request', request_id: requestId });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(requestId, {
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      });
      this.writer.json({ type: 'control_request', request_id: requestId, request });
    });
  }

  /** A `control_response` from the host; one for an unknown id (already cancelled) is dropped. */
  receive(line: ControlResponseLine): void {
    const { response } = line;
    const pending = this.settle(response.request_id);
    if (pending === undefined) return;
    if (response.subtype === 'success') pending.resolve(response.response);
    else pending.reject(new ControlRequestError(response.error));
  }

  /** The host went away: every waiting request fails, and so does every later one. */
  close(reason: string): void {
    this.closedReason = reason;
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(new ControlRequestError(reason));
  }

  answer(requestId: string, response: Record<string, unknown> = {}): void {
    this.writer.json({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });
  }

  answerError(requestId: string, error: string): void {
    this.writer.json({ type: 'control_response', response: { subtype: 'error', request_id: requestId, error } });
  }

  private settle(requestId: string): Pending | undefined {
    const pending = this.pending.get(requestId);
    if (pending === undefined) return undefined;
    this.pending.delete(requestId);
    pending.detach();
    return pending;
  }
}
