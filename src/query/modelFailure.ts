// What the loop does when the model call itself fails: switch to the fallback model, or end
// with the real error. Either way no tool_use is left without a result.
import { formatApiErrorText } from '../api/errors.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import {
  answeredToolUseIds,
  createSyntheticAssistantError,
  createSystemMessage,
  syntheticToolResultsFor,
} from '../utils/messages.js';
import type { Recovery } from './recovery.js';
import type { LoopState, Terminal } from './state.js';
import { stripThinkingBlocks } from './thinking.js';

const OVERLOADED_STATUS = 529;

/** The model stayed overloaded through every retry and there was no other model to turn to. */
export class ModelOverloadedError extends Error {
  constructor(
    readonly model: string,
    readonly fallbackModel: string | undefined,
  ) {
    super(overloadedText(model, fallbackModel));
    this.name = 'ModelOverloadedError';
  }
}

function overloadedText(model: string, fallbackModel: string | undefined): string {
  if (fallbackModel === undefined) {
    return (
      `${model} stayed overloaded through every retry and no fallback model is set. Try again in a ` +
      'few minutes, or pass --fallback-model (or set fallbackModel in settings) so Pulse can switch.'
    );
  }
  if (fallbackModel === model) return `${model}, the fallback model, is overloaded too. Try again in a few minutes.`;
  return `${model} stayed overloaded through every retry. Try again in a few minutes.`;
}

/** The response ended in an overloaded error after callModel had used up its retries. */
export function isOverloadedFailure(message: AssistantMessage | undefined): boolean {
  return message?.apiError !== undefined && message.apiErrorStatus === OVERLOADED_STATUS;
}

export const FAILED_RESPONSE_TOOL_TEXT = 'Not run: the model request failed before the turn finished.';

type FallbackInput = {
  state: LoopState;
  messagesForQuery: LoopState['messages'];
  /** The abandoned attempt's blocks, already shown. */
  assistantMessages: readonly AssistantMessage[];
  fallbackModel: string;
  uuid: () => string;
};

export function switchToFallback({ state, messagesForQuery, assistantMessages, fallbackModel, uuid }: FallbackInput): Recovery {
  const { context } = state;
  const originalModel = context.options.model;
  const events: LoopEvent[] = [
    // Blocks from the model we are leaving are withdrawn, tool_uses included, so none dangles.
    ...assistantMessages.map((message): LoopEvent => ({ type: 'tombstone', message })),
    createSystemMessage(
      'model_fallback',
      `${originalModel} is overloaded; switched to ${fallbackModel} for the rest of this request.`,
      { trigger: 'overloaded', original_model: originalModel, fallback_model: fallbackModel },
      uuid(),
    ),
  ];
  return {
    events,
    state: {
      ...state,
      // Signatures only verify on the model that wrote them.
      messages: stripThinkingBlocks(messagesForQuery),
      context: { ...context, options: { ...context.options, model: fallbackModel } },
      transition: { reason: 'model_fallback' },
    },
  };
}

export function* endWithModelError(
  assistantMessages: readonly AssistantMessage[],
  toolResults: readonly Message[],
  error: unknown,
  uuid: () => string,
): Generator<LoopEvent, Terminal> {
  yield* toolResults;
  yield* syntheticToolResultsFor(assistantMessages, FAILED_RESPONSE_TOOL_TEXT, answeredToolUseIds(toolResults), uuid);
  // The real error, not a made-up interruption: the person needs to know what failed.
  const message = error instanceof Error ? error.message : String(error);
  yield createSyntheticAssistantError({ text: formatApiErrorText({ kind: 'unknown', message }), apiError: 'unknown' }, uuid());
  return { reason: 'model_error', error };
}
