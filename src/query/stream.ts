// One model response, streamed: events pass straight through, assistant messages are collected,
// and a recoverable error is held back so consumers never see an error the loop may still fix.
import { FallbackTriggeredError } from '../api/errors.js';
import type { CallModel, CallModelParams } from '../api/types.js';
import type { AssistantMessage, LoopEvent, Message, RefusalStopDetails } from '../types/messages.js';
import { RAN_CALLS_REASONS, ranCallsNotes } from './ranCalls.js';
import type { ToolRunner } from './toolRunner.js';
import { recordResponseUsage } from './usage.js';

/** How the response said it ended: any string, since the API may add reasons Pulse does not know. */
export type ResponseStop = { reason: string | null; details: RefusalStopDetails | null };

type Collected = {
  assistantMessages: AssistantMessage[];
  /** Notes already yielded, before the response's blocks: calls that ran from a withdrawn attempt. */
  notes: Message[];
};

export type StreamOutcome = Collected &
  (
    | { kind: 'completed'; withheld: AssistantMessage | undefined; stop: ResponseStop }
    | { kind: 'aborted' }
    | { kind: 'fallback'; error: FallbackTriggeredError }
    | { kind: 'failed'; error: unknown }
  );

/** Errors the loop can still recover from, so they are not shown until recovery gives up. */
export function isWithheldError(message: AssistantMessage): boolean {
  return message.apiError === 'max_output_tokens' || message.apiError === 'prompt_too_long';
}

// message_delta carries the stop even when the response has no block to patch it onto.
function stopOf(deltaStop: ResponseStop | undefined, assistantMessages: readonly AssistantMessage[]): ResponseStop {
  if (deltaStop) return deltaStop;
  const last = assistantMessages.at(-1)?.message;
  return { reason: last?.stop_reason ?? null, details: last?.stop_details ?? null };
}

/** Streams one response; the runner sees each block as it closes, so tools can start early. */
export async function* streamResponse(
  callModel: CallModel,
  request: CallModelParams,
  runner: Pick<ToolRunner, 'onAssistantMessage' | 'onTombstone' | 'takeWithdrawnRuns' | 'takeProgress'>,
  uuid: () => string,
): AsyncGenerator<LoopEvent, StreamOutcome> {
  const collected: Collected = { assistantMessages: [], notes: [] };
  const { assistantMessages } = collected;
  let withheld: AssistantMessage | undefined;
  let deltaStop: ResponseStop | undefined;
  // Calls of withdrawn blocks that had started are told to the model before the retry's blocks.
  let withdrawing = false;
  async function* reportWithdrawn(): AsyncGenerator<LoopEvent, void> {
    if (!withdrawing) return;
    withdrawing = false;
    const notes = ranCallsNotes(await runner.takeWithdrawnRuns(), RAN_CALLS_REASONS.streamRetried, uuid);
    collected.notes.push(...notes);
    yield* notes;
  }
  const startedAt = Date.now();
  try {
    for await (const event of callModel(request)) {
      if (event.type === 'tombstone') {
        const index = assistantMessages.findIndex((m) => m.uuid === event.message.uuid);
        if (index !== -1) assistantMessages.splice(index, 1);
        runner.onTombstone(event.message);
        withdrawing = true;
        yield event;
        continue;
      }
      yield* reportWithdrawn();
      if (event.type === 'assistant' && isWithheldError(event)) {
        withheld = event;
        continue;
      }
      if (event.type === 'assistant') {
        assistantMessages.push(event);
        // Before the consumer sees it: a slow consumer must not delay the tool's start.
        runner.onAssistantMessage(event);
      }
      if (event.type === 'stream_event' && event.event.type === 'message_delta') {
        deltaStop = { reason: event.event.delta.stop_reason, details: event.event.delta.stop_details ?? null };
      }
      yield event;
      yield* runner.takeProgress();
    }
    yield* reportWithdrawn();
  } catch (error) {
    yield* reportWithdrawn();
    if (request.signal.aborted) return { kind: 'aborted', ...collected };
    if (error instanceof FallbackTriggeredError) return { kind: 'fallback', error, ...collected };
    return { kind: 'failed', error, ...collected };
  } finally {
    recordResponseUsage(request.model, assistantMessages, Date.now() - startedAt);
  }
  if (request.signal.aborted) return { kind: 'aborted', ...collected };
  return { kind: 'completed', withheld, stop: stopOf(deltaStop, assistantMessages), ...collected };
}
