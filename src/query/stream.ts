// One model response, streamed: events pass straight through, assistant messages are collected,
// and a recoverable error is held back so consumers never see an error the loop may still fix.
import { FallbackTriggeredError } from '../api/errors.js';
import type { CallModel, CallModelParams } from '../api/types.js';
import type { AssistantMessage, LoopEvent } from '../types/messages.js';
import type { ToolRunner } from './toolRunner.js';
import { recordResponseUsage } from './usage.js';

export type StreamOutcome =
  | { kind: 'completed'; assistantMessages: AssistantMessage[]; withheld: AssistantMessage | undefined }
  | { kind: 'aborted'; assistantMessages: AssistantMessage[] }
  | { kind: 'fallback'; assistantMessages: AssistantMessage[]; error: FallbackTriggeredError }
  | { kind: 'failed'; assistantMessages: AssistantMessage[]; error: unknown };

/** Errors the loop can still recover from, so they are not shown until recovery gives up. */
export function isWithheldError(message: AssistantMessage): boolean {
  return message.apiError === 'max_output_tokens' || message.apiError === 'prompt_too_long';
}

/** Streams one response; the runner sees each block as it closes, so tools can start early. */
export async function* streamResponse(
  callModel: CallModel,
  request: CallModelParams,
  runner: Pick<ToolRunner, 'onAssistantMessage' | 'onTombstone' | 'takeProgress'>,
): AsyncGenerator<LoopEvent, StreamOutcome> {
  const assistantMessages: AssistantMessage[] = [];
  let withheld: AssistantMessage | undefined;
  const startedAt = Date.now();
  try {
    for await (const event of callModel(request)) {
      if (event.type === 'assistant' && isWithheldError(event)) {
        withheld = event;
        continue;
      }
      if (event.type === 'assistant') {
        assistantMessages.push(event);
        // Before the consumer sees it: a slow consumer must not delay the tool's start.
        runner.onAssistantMessage(event);
      }
      if (event.type === 'tombstone') {
        const index = assistantMessages.findIndex((m) => m.uuid === event.message.uuid);
        if (index !== -1) assistantMessages.splice(index, 1);
        runner.onTombstone(event.message);
      }
      yield event;
      yield* runner.takeProgress();
    }
  } catch (error) {
    if (request.signal.aborted) return { kind: 'aborted', assistantMessages };
    if (error instanceof FallbackTriggeredError) return { kind: 'fallback', assistantMessages, error };
    return { kind: 'failed', assistantMessages, error };
  } finally {
    recordResponseUsage(request.model, assistantMessages, Date.now() - startedAt);
  }
  if (request.signal.aborted) return { kind: 'aborted', assistantMessages };
  return { kind: 'completed', assistantMessages, withheld };
}
