// One streaming request: send it, watch it for silence, pass every event through and turn
// closed blocks into assistant messages. Retrying is the caller's job; this only reports,
// by throwing, how the attempt died.
import type { ModelClient } from './providers/types.js';
import { APIError } from '@anthropic-ai/sdk/error';
import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantMessage, RawMessageStreamEvent, StopReason, Usage } from '../types/messages.js';
import { AbortError, StreamIdleTimeoutError, StreamInterruptedError } from './errors.js';
import { NodeResponse } from './nodeFetch.js';
import { sendMessages } from './sendMessages.js';
import { MessageAssembler } from './streamAssembler.js';
import type { ModelEvent } from './types.js';
import { followYoungGeneration } from '../utils/youngGeneration.js';

export type AttemptOptions = {
  signal: AbortSignal;
  idleTimeoutMs: number;
  headers?: Record<string, string>;
};

export type AttemptOutcome = { stopReason: StopReason | null; usage: Usage };

/**
 * Arms an abort that fires after `ms` of silence. Disarmed while the consumer holds a yielded
 * event, so a slow consumer (a permission prompt, say) never counts as a silent server.
 */
class IdleWatchdog {
  private timer: NodeJS.Timeout | undefined;
  fired = false;

  constructor(
    private readonly ms: number,
    private readonly controller: AbortController,
  ) {}

  arm(): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.ms);
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * Events after which the rest of the response is read as it arrives (see readPacing.ts): the
 * message's end follows message_delta at once, and a tool call is not started late.
 */
function endsPacing(event: RawMessageStreamEvent): boolean {
  if (event.type === 'message_delta') return true;
  return event.type === 'content_block_start' && event.content_block.type !== 'text' && event.content_block.type !== 'thinking';
}

export async function* streamAttempt(
  client: ModelClient,
  body: MessageCreateParamsStreaming,
  opts: AttemptOptions,
  yielded: AssistantMessage[],
): AsyncGenerator<ModelEvent, AttemptOutcome> {
  const attemptController = new AbortController();
  const watchdog = new IdleWatchdog(opts.idleTimeoutMs, attemptController);
  const signal = AbortSignal.any([opts.signal, attemptController.signal]);

  // The SDK ends an aborted stream quietly instead of throwing, so every exit path asks
  // which of the two aborts (the caller's, or the watchdog's) happened.
  const explain = (err?: unknown): Error => {
    if (opts.signal.aborted) return new AbortError();
    if (watchdog.fired) return new StreamIdleTimeoutError(opts.idleTimeoutMs);
    if (err instanceof APIError) return err;
    if (err === undefined) return new StreamInterruptedError('The response stream ended before message_stop');
    const reason = err instanceof Error ? err.message : String(err);
    return new StreamInterruptedError(`The response stream broke: ${reason}`, { cause: err });
  };

  watchdog.arm();
  let iterator: AsyncIterator<RawMessageStreamEvent> | undefined;
  try {
    const request = sendMessages(client, body, { signal, ...(opts.headers && { headers: opts.headers }) });
    const { data: stream, response, request_id: requestId } = await request.withResponse().catch((err: unknown) => {
      throw explain(err);
    });
    followYoungGeneration();
    const paced = response instanceof NodeResponse ? response : undefined;
    const assembler = new MessageAssembler(requestId);
    // Stepped by hand so only the SDK's own failures are explained as stream failures.
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await iterator.next().catch((err: unknown) => {
        throw explain(err);
      });
      if (next.done) break;
      // Events already read (a paced read brings several) are not acted on once the caller aborted.
      if (opts.signal.aborted) throw explain();
      watchdog.disarm();
      const event = next.value;
      if (paced && endsPacing(event)) paced.stopReadPacing();
      const closed = assembler.accept(event);
      if (closed) {
        yielded.push(closed);
        yield closed;
      }
      yield { type: 'stream_event', event };
      watchdog.arm();
    }
    if (opts.signal.aborted || !assembler.finished) throw explain();
    return { stopReason: assembler.stopReason, usage: assembler.finalUsage };
  } finally {
    watchdog.disarm();
    // Releases the HTTP request when the consumer stops early or the stream broke.
    attemptController.abort();
    await iterator?.return?.().catch(() => undefined);
  }
}
