// The max_output_tokens ladder: ask again with the model's full output allowance once, then let
// the model continue from where it was cut (at most three times), then give up and show the error.
import { configuredMaxOutputTokens, getModelInfo } from '../api/models.js';
import type { RanCall } from '../tools/execution/types.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { answeredToolUseIds, createUserMessage, syntheticToolResultsFor } from '../utils/messages.js';
import type { QueryParams } from './deps.js';
import { RAN_CALLS_REASONS, ranCallsNotes } from './ranCalls.js';
import type { LoopState } from './state.js';

export const MAX_OUTPUT_TOKENS_RECOVERY_LIMIT = 3;

export const RESUME_AFTER_OUTPUT_LIMIT_PROMPT =
  'Your previous reply hit the output token limit and was cut off. Carry on from the exact ' +
  'point where it stopped: no apology, no summary of what came before. If the cut fell ' +
  'mid-sentence or mid-code, continue right there. Split what remains into smaller steps.';

const CUT_OFF_TOOL_TEXT = 'Not run: the reply was cut off by the output token limit before this call was complete.';

export type Recovery = { state: LoopState; events: LoopEvent[] };

type LadderInput = {
  p: QueryParams;
  state: LoopState;
  /** The history the failed request was built from. */
  messagesForQuery: Message[];
  /** The partial reply that was already shown. */
  assistantMessages: AssistantMessage[];
  /** Results for calls the tool runner had already started from the partial reply. */
  startedToolResults: readonly Message[];
  /** Those calls themselves: if the reply is asked for again, the model hears what they did. */
  ranCalls: readonly RanCall[];
  requestedMaxOutputTokens: number;
  uuid: () => string;
};

/** The next rung of the ladder, or undefined when every rung has been tried. */
export function recoverFromMaxOutputTokens(input: LadderInput): Recovery | undefined {
  return escalate(input) ?? resume(input);
}

// Only when nobody chose a limit: a caller's explicit cap, or CLAUDE_CODE_MAX_OUTPUT_TOKENS, is respected.
function escalate(input: LadderInput): Recovery | undefined {
  const { p, state, messagesForQuery, assistantMessages, requestedMaxOutputTokens } = input;
  const { model } = state.context.options;
  const chosen = state.maxOutputTokensOverride ?? p.maxOutputTokens ?? configuredMaxOutputTokens(model);
  if (chosen !== undefined) return undefined;
  const modelMax = getModelInfo(model).maxOutputTokens;
  if (requestedMaxOutputTokens >= modelMax) return undefined;
  const ran = ranCallsNotes(input.ranCalls, RAN_CALLS_REASONS.outputLimit, input.uuid);
  return {
    // The same request goes out again, so the partial reply it replaces is withdrawn; calls it
    // had already started are reported, never silently run a second time.
    events: [...assistantMessages.map((message): LoopEvent => ({ type: 'tombstone', message })), ...ran],
    state: {
      ...state,
      messages: [...messagesForQuery, ...ran],
      maxOutputTokensOverride: modelMax,
      transition: { reason: 'max_output_tokens_escalate' },
    },
  };
}

function resume({ state, messagesForQuery, assistantMessages, startedToolResults, uuid }: LadderInput): Recovery | undefined {
  if (state.maxOutputTokensRecoveryCount >= MAX_OUTPUT_TOKENS_RECOVERY_LIMIT) return undefined;
  const attempt = state.maxOutputTokensRecoveryCount + 1;
  const answered = answeredToolUseIds(startedToolResults);
  const cutOffResults = syntheticToolResultsFor(assistantMessages, CUT_OFF_TOOL_TEXT, answered, uuid);
  // A text block, as the reference prints this nudge on stream-json.
  const nudge = createUserMessage({ content: [{ type: 'text', text: RESUME_AFTER_OUTPUT_LIMIT_PROMPT }], isMeta: true }, uuid());
  const added = [...startedToolResults, ...cutOffResults, nudge];
  return {
    events: added,
    state: {
      ...state,
      messages: [...messagesForQuery, ...assistantMessages, ...added],
      maxOutputTokensRecoveryCount: attempt,
      transition: { reason: 'max_output_tokens_recovery', attempt },
    },
  };
}
