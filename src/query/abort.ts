// The endings for an interrupted turn. Whatever was cut short, every tool_use the model sent
// still gets a result, so the history stays a conversation the API accepts.
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import {
  answeredToolUseIds,
  createInterruptionMessage,
  syntheticToolResultsFor,
} from '../utils/messages.js';
import type { Terminal } from './state.js';

export const INTERRUPTED_TOOL_TEXT = 'Not run: the user interrupted the request.';

// A new message submitted mid-turn aborts with reason 'interrupt'; that message explains itself.
function isSubmitInterrupt(signal: AbortSignal): boolean {
  return signal.reason === 'interrupt';
}

export function* endAbortedStreaming(
  assistantMessages: readonly AssistantMessage[],
  /** Results the tool runner already produced for calls it had started. */
  toolResults: readonly Message[],
  signal: AbortSignal,
  uuid: () => string,
): Generator<LoopEvent, Terminal> {
  yield* syntheticToolResultsFor(assistantMessages, INTERRUPTED_TOOL_TEXT, answeredToolUseIds(toolResults), uuid);
  if (!isSubmitInterrupt(signal)) yield createInterruptionMessage(false, uuid());
  return { reason: 'aborted_streaming' };
}

export function* endAbortedTools(
  assistantMessages: readonly AssistantMessage[],
  toolResults: readonly Message[],
  signal: AbortSignal,
  uuid: () => string,
): Generator<LoopEvent, Terminal> {
  const answered = answeredToolUseIds(toolResults);
  yield* syntheticToolResultsFor(assistantMessages, INTERRUPTED_TOOL_TEXT, answered, uuid);
  if (!isSubmitInterrupt(signal)) yield createInterruptionMessage(true, uuid());
  return { reason: 'aborted_tools' };
}
