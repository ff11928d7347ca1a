// The prompt-too-long ladder: first collapse every finished stretch of the conversation (once: not
// straight after a drain), then compact the whole conversation (once per turn; a stop-hook retry
// does not re-arm it), and only when both have failed does the withheld error reach the user. A
// conversation with no reply in it has nothing to compact: it fails at once, saying how large the
// prompt is and what the limit is (a summary would only retell the person's own prompt).
import { getModelInfo } from '../api/models.js';
import { compactInContext } from '../compact/autoCompact.js';
import { drainCollapse } from '../compact/collapse.js';
import { hasSomethingToCompact } from '../compact/history.js';
import { countsInPromptTooLong, oversizedPromptText, promptChars } from '../compact/oversizedPrompt.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { createSyntheticAssistantError, createSystemMessage } from '../utils/messages.js';
import { requestOverheadTokens, summariserFor } from './compaction.js';
import type { QueryDeps, QueryParams } from './deps.js';
import { runPreCompactHooks } from './preCompact.js';
import type { LoopState } from './state.js';
import { recordingUsage } from './usage.js';

type LadderInput = {
  p: QueryParams;
  state: LoopState;
  /** The history the rejected request was built from. */
  messagesForQuery: Message[];
  /** Whatever of the rejected reply was already shown; withdrawn when the request goes again. */
  assistantMessages: readonly AssistantMessage[];
  deps: QueryDeps;
  /** The error the API answered with, held back until every rung has failed. */
  withheld: AssistantMessage;
};

/**
 * `state` is set when a rung worked and the request goes again; `events` are yielded either way;
 * `error`, when set, is shown instead of the withheld one (it says more).
 */
export type PromptTooLongRecovery = { events: LoopEvent[]; state?: LoopState; error?: AssistantMessage };

function errorText(message: AssistantMessage): string {
  return message.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** The end of the ladder for a conversation with nothing to compact: how large the prompt is, and the limit. */
function nothingToCompact(input: LadderInput): PromptTooLongRecovery {
  const model = input.state.context.options.model;
  const counts = countsInPromptTooLong(errorText(input.withheld));
  const text = oversizedPromptText({
    promptChars: promptChars(input.messagesForQuery),
    limitTokens: counts?.limitTokens ?? getModelInfo(model).contextWindow,
    ...(counts ? { requestTokens: counts.requestTokens } : {}),
    model,
  });
  const status = input.withheld.apiErrorStatus;
  const error = createSyntheticAssistantError(
    { text, apiError: 'prompt_too_long', ...(status === undefined ? {} : { apiErrorStatus: status }) },
    input.deps.uuid(),
  );
  return { events: [], error };
}

function withdrawn(assistantMessages: readonly AssistantMessage[]): LoopEvent[] {
  return assistantMessages.map((message): LoopEvent => ({ type: 'tombstone', message }));
}

async function drain(input: LadderInput): Promise<PromptTooLongRecovery | undefined> {
  const { state, deps } = input;
  if (state.transition?.reason === 'collapse_drain_retry') return undefined;
  const drained = await drainCollapse(input.messagesForQuery, { summarise: summariserFor(state, deps), uuid: deps.uuid });
  if (drained.collapsed === 0) return undefined;
  return {
    events: withdrawn(input.assistantMessages),
    state: { ...state, messages: drained.messages, transition: { reason: 'collapse_drain_retry' } },
  };
}

async function reactiveCompact(input: LadderInput): Promise<PromptTooLongRecovery> {
  const { state, deps, p } = input;
  const { context } = state;
  const hooks = await runPreCompactHooks(context, 'auto', undefined, deps.uuid);
  if (!hooks.decision.proceed) return { events: hooks.notices };
  try {
    const result = await compactInContext(context, {
      messages: input.messagesForQuery,
      callModel: recordingUsage(deps.callModel),
      trigger: 'auto',
      customInstructions: hooks.decision.customInstructions,
      sessionSystemPrompt: p.systemPrompt,
      requestOverheadTokens: await requestOverheadTokens(p, context),
      uuid: deps.uuid,
    });
    const compacted = [result.boundary, ...result.messages];
    return {
      events: [...withdrawn(input.assistantMessages), ...hooks.notices, ...compacted],
      state: { ...state, messages: compacted, hasAttemptedReactiveCompact: true, transition: { reason: 'reactive_compact_retry' } },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const warning = createSystemMessage('warning', `Compaction after a prompt-too-long error failed: ${reason}`, undefined, deps.uuid());
    return { events: [...hooks.notices, warning] };
  }
}

export async function recoverFromPromptTooLong(input: LadderInput): Promise<PromptTooLongRecovery> {
  if (!hasSomethingToCompact(input.messagesForQuery)) return nothingToCompact(input);
  const drained = await drain(input);
  if (drained) return drained;
  if (input.state.hasAttemptedReactiveCompact || input.state.context.abortSignal.aborted) return { events: [] };
  return reactiveCompact(input);
}
