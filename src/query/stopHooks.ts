// Stop hooks at the loop's "done" exit: a hook may send the model back to work (its feedback
// becomes a hidden user message and the loop goes round with `stop_hook_active: true`), or
// stop the session outright with `continue: false`. Sub-agents are left alone here: their
// runner (agents/runSubagent.ts) runs SubagentStop once the nested loop ends, since it knows the
// sidechain transcript; running it here as well would ask each hook twice.
// Never called after an API error: the loop returns before it reaches this exit.
import type { StopHookResult } from '../hooks/turnHooks.js';
import { hookCallSite, hookNotices, hookStoppedMarker } from '../tools/execution/toolHooks.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { createSystemMessage, createUserMessage, lastAssistantText } from '../utils/messages.js';
import type { QueryParams } from './deps.js';
import type { LoopState } from './state.js';

/** A hook that blocks every stop without the model doing any tool work is given up on. */
export const MAX_CONSECUTIVE_STOP_HOOK_BLOCKS = 25;

export const STOP_HOOK_FEEDBACK_PREFIX = 'Stop hook feedback:\n';

export type StopHookExit =
  | { kind: 'stop' }
  | { kind: 'prevented' }
  | { kind: 'blocking'; state: LoopState };

type StopHookInput = {
  p: QueryParams;
  state: LoopState;
  messagesForQuery: Message[];
  assistantMessages: AssistantMessage[];
  uuid: () => string;
};

export async function* runStopHooksAtExit(input: StopHookInput): AsyncGenerator<LoopEvent, StopHookExit> {
  const { p, state, assistantMessages, uuid } = input;
  const { context } = state;
  const hooks = context.hooks;
  const event = 'Stop';
  if (p.source.startsWith('agent:') || !hooks?.has(event)) return { kind: 'stop' };

  const lastText = lastAssistantText(assistantMessages);
  const result: StopHookResult = await hooks.stop(
    { stop_hook_active: state.stopHookActive, ...(lastText ? { last_assistant_message: lastText } : {}) },
    hookCallSite(context),
  );
  yield* hookNotices(event, result, uuid);

  if (result.preventContinuation) {
    yield hookStoppedMarker(event, result.stopReason ?? `${event} hook prevented continuation`, uuid);
    return { kind: 'prevented' };
  }
  // An interrupted hook run is an interrupted turn, not a request to keep going.
  if (context.abortSignal.aborted || result.blockingErrors.length === 0) return { kind: 'stop' };
  const attempt = state.transition?.reason === 'stop_hook_blocking' ? (state.transition.attempt ?? 1) + 1 : 1;
  if (attempt > MAX_CONSECUTIVE_STOP_HOOK_BLOCKS) {
    const text = `${event} hooks blocked ${MAX_CONSECUTIVE_STOP_HOOK_BLOCKS} stops in a row with no tool work in between; stopping anyway.`;
    yield createSystemMessage('warning', text, undefined, uuid());
    return { kind: 'stop' };
  }

  const feedback = createUserMessage(
    { content: `${STOP_HOOK_FEEDBACK_PREFIX}${result.blockingErrors.join('\n')}`, isMeta: true },
    uuid(),
  );
  yield feedback;
  return {
    kind: 'blocking',
    state: {
      ...state,
      messages: [...input.messagesForQuery, ...assistantMessages, feedback],
      maxOutputTokensRecoveryCount: 0,
      maxOutputTokensOverride: undefined,
      // hasAttemptedReactiveCompact is kept: a retry for a hook must not re-arm compaction.
      stopHookActive: true,
      transition: { reason: 'stop_hook_blocking', attempt },
    },
  };
}
