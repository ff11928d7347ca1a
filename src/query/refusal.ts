// stop_reason "refusal": a safety classifier on the API's side stopped the response mid-stream.
// The partial reply stays (the person saw it); the person is told what happened; the model is
// told in a reminder and may go on once. A second refusal in a row ends the turn with an error,
// and the history stays a valid conversation, so the next prompt works.
import type { AssistantMessage, LoopEvent, Message, UserMessage } from '../types/messages.js';
import { formatApiErrorText } from '../api/errors.js';
import {
  answeredToolUseIds,
  createSyntheticAssistantError,
  createSystemMessage,
  createUserMessage,
  syntheticToolResultsFor,
} from '../utils/messages.js';
import type { LoopState } from './state.js';
import type { ResponseStop } from './stream.js';

/** Why a refused response's calls never ran (or were stopped). */
export const REFUSED_REASON = 'a safety classifier stopped the response that asked for it.';
export const REFUSED_TOOL_TEXT = `Not run: ${REFUSED_REASON}`;

export const REFUSAL_REMINDER =
  '<system-reminder>\nA safety classifier on the API stopped your last response partway through. This was ' +
  'not a tool failure or an API error. Anything after the cut was discarded, and tool calls from that ' +
  'response that had not started were not run. Carry on with the task, without repeating or rewording ' +
  'the content that was stopped.\n</system-reminder>';

const RETRY_NOTICE = 'A safety classifier stopped this response. Letting the model continue once, with that noted.';

const ENDED_NOTICE = 'A safety classifier stopped the response again; the turn ends here.';

export type RefusalOutcome = { kind: 'retry'; events: LoopEvent[]; state: LoopState } | { kind: 'ended'; events: LoopEvent[] };

type RefusalInput = {
  state: LoopState;
  /** The history the refused request was built from (with any notes yielded since). */
  history: Message[];
  assistantMessages: AssistantMessage[];
  /** Results for calls that had started while the response streamed. */
  startedResults: readonly Message[];
  stop: ResponseStop;
  uuid: () => string;
};

/** The person's own last prompt: the message the classifier's decision is about. */
function lastPromptUuid(history: readonly Message[]): string | undefined {
  const isPrompt = (message: Message): message is UserMessage =>
    message.type === 'user' && !message.isMeta && !message.isSynthetic && message.toolUseResult === undefined;
  return history.findLast(isPrompt)?.uuid;
}

export function afterRefusal(input: RefusalInput): RefusalOutcome {
  const { state, history, assistantMessages, startedResults, stop, uuid } = input;
  const last = assistantMessages.at(-1);
  const refusedId = last?.message.id;
  const toolResults = [
    ...startedResults,
    ...syntheticToolResultsFor(assistantMessages, REFUSED_TOOL_TEXT, answeredToolUseIds(startedResults), uuid),
  ];
  const data = {
    original_model: state.context.options.model,
    request_id: last?.requestId ?? null,
    api_refusal_category: stop.details?.category ?? null,
    api_refusal_explanation: stop.details?.explanation ?? null,
    refused_user_message_uuid: lastPromptUuid(history) ?? null,
  };

  if (state.transition?.reason === 'refusal_retry') {
    const error = createSyntheticAssistantError({ text: formatApiErrorText({ kind: 'refusal' }), apiError: 'refusal' }, uuid());
    error.message.stop_reason = 'refusal';
    if (refusedId) error.refusedMessageId = refusedId;
    // The error answers the refused request: hosts find it by that request's id.
    if (last?.requestId) error.requestId = last.requestId;
    const notice = createSystemMessage('refusal', ENDED_NOTICE, { retrying: false, ...data }, uuid());
    return { kind: 'ended', events: [...toolResults, notice, error] };
  }

  const notice = createSystemMessage('refusal', RETRY_NOTICE, { retrying: true, ...data }, uuid());
  // A text block, as the reference prints this reminder on stream-json.
  const reminder = createUserMessage({ content: [{ type: 'text', text: REFUSAL_REMINDER }], isMeta: true }, uuid());
  if (refusedId) reminder.refusedMessageId = refusedId;
  return {
    kind: 'retry',
    events: [...toolResults, notice, reminder],
    state: {
      ...state,
      messages: [...history, ...assistantMessages, ...toolResults, reminder],
      turnCount: state.turnCount + 1,
      maxOutputTokensRecoveryCount: 0,
      maxOutputTokensOverride: undefined,
      pauseTurnContinuations: 0,
      transition: { reason: 'refusal_retry' },
    },
  };
}
