// How the loop answers the stop reasons that are neither a finished answer nor a tool round.
// "pause_turn": the API paused a long turn (server tools such as web search run on its side) and
// expects the response back, exactly as it came, to let the model carry on. The paused response
// goes back as the last message of the next request; each continuation is a turn of its own (it
// counts against --max-turns), and a run of them is bounded so a turn cannot spin. A stop reason
// Pulse does not know ends the turn cleanly, with a note.
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { createSystemMessage } from '../utils/messages.js';
import type { LoopState } from './state.js';

/** Continuations in a row (with no tool round between) before Pulse stops asking. */
export const MAX_PAUSE_CONTINUATIONS = 5;

export type PauseOutcome = { kind: 'continue'; state: LoopState } | { kind: 'give_up'; events: LoopEvent[] };

export function continuePausedTurn(
  state: LoopState,
  history: readonly Message[],
  assistantMessages: readonly AssistantMessage[],
  uuid: () => string,
): PauseOutcome {
  if (state.pauseTurnContinuations >= MAX_PAUSE_CONTINUATIONS) {
    const text = `The API paused this turn ${MAX_PAUSE_CONTINUATIONS + 1} times in a row; Pulse stopped continuing it.`;
    return { kind: 'give_up', events: [createSystemMessage('warning', text, { stop_reason: 'pause_turn' }, uuid())] };
  }
  return {
    kind: 'continue',
    state: {
      ...state,
      messages: [...history, ...assistantMessages],
      turnCount: state.turnCount + 1,
      pauseTurnContinuations: state.pauseTurnContinuations + 1,
      maxOutputTokensRecoveryCount: 0,
      maxOutputTokensOverride: undefined,
      transition: { reason: 'pause_turn_continuation' },
    },
  };
}

/** Stop reasons the loop knows; anything else is new to Pulse and ends the turn with a note. */
const KNOWN_STOP_REASONS = new Set([
  'end_turn',
  'tool_use',
  'stop_sequence',
  'max_tokens',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);

/** A note for the transcript when the response ended for a reason Pulse does not know. */
export function unknownStopNote(reason: string | null, uuid: () => string): Message[] {
  if (reason === null || KNOWN_STOP_REASONS.has(reason)) return [];
  const text = `The model stopped for a reason Pulse does not know ("${reason}"); the turn ends there.`;
  return [createSystemMessage('informational', text, { stop_reason: reason }, uuid())];
}
