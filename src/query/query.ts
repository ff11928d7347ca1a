// The one loop that talks to the model: prepare context -> stream a response -> run its tools ->
// go round again. Every way round is a `continue` with a whole new LoopState and a transition;
// every way out is a typed Terminal. The REPL, print mode, the SDK and sub-agents all drive it.
import { runTools } from '../tools/execution/runTools.js';
import type { ToolCall } from '../tools/execution/types.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { getToolUseBlocks, messagesAfterCompactBoundary, syntheticToolResultsFor } from '../utils/messages.js';
import { endAbortedStreaming, endAbortedTools } from './abort.js';
import { prepareContext } from './compaction.js';
import { productionDeps, type QueryDeps, type QueryParams } from './deps.js';
import { endWithModelError, FAILED_RESPONSE_TOOL_TEXT, switchToFallback } from './modelFailure.js';
import { recoverFromMaxOutputTokens } from './recovery.js';
import { buildModelRequest } from './request.js';
import type { LoopState, Terminal } from './state.js';
import { streamResponse } from './stream.js';
import { isOverBudget } from './usage.js';

const OVER_BUDGET_TOOL_TEXT = 'Not run: the spending limit for this session was reached.';

function initialState(p: QueryParams): LoopState {
  return {
    messages: p.messages,
    context: p.context,
    turnCount: 1,
    maxOutputTokensRecoveryCount: 0,
    maxOutputTokensOverride: undefined,
    hasAttemptedReactiveCompact: false,
    stopHookActive: false,
    autoCompactFailures: 0,
    transition: undefined,
  };
}

function toolCallsOf(assistantMessages: readonly AssistantMessage[]): ToolCall[] {
  return assistantMessages.flatMap((assistantMessage) =>
    getToolUseBlocks(assistantMessage).map((block) => ({ block, assistantMessage })),
  );
}

export async function* query(p: QueryParams): AsyncGenerator<LoopEvent, Terminal> {
  const deps: QueryDeps = { ...productionDeps(), ...p.deps };
  const answerDangling = (assistantMessages: readonly AssistantMessage[], text: string) =>
    syntheticToolResultsFor(assistantMessages, text, new Set(), deps.uuid);
  let state = initialState(p);
  const goRoundAgain = (next: LoopState): LoopState => {
    if (next.transition) p.observer?.onTransition(next.transition);
    return next;
  };

  while (true) {
    yield { type: 'stream_request_start' };
    const prepared = yield* prepareContext(messagesAfterCompactBoundary(state.messages), state, deps, p.source);
    const messagesForQuery = prepared.messages;
    const turnState: LoopState = { ...state, autoCompactFailures: prepared.autoCompactFailures };
    const { context } = turnState;
    const model = context.options.model;
    const request = await buildModelRequest(p, turnState, messagesForQuery);
    const outcome = yield* streamResponse(deps.callModel, request);
    const { assistantMessages } = outcome;

    if (outcome.kind === 'aborted') return yield* endAbortedStreaming(assistantMessages, context.abortSignal, deps.uuid);
    // Bounded: once on the fallback model there is nothing left to fall back to.
    if (outcome.kind === 'fallback' && p.fallbackModel !== undefined && p.fallbackModel !== model) {
      const fallback = switchToFallback({
        state: turnState,
        messagesForQuery,
        assistantMessages,
        fallbackModel: p.fallbackModel,
        uuid: deps.uuid,
      });
      yield* fallback.events;
      state = goRoundAgain(fallback.state);
      continue;
    }
    if (outcome.kind !== 'completed') return yield* endWithModelError(assistantMessages, outcome.error, deps.uuid);

    const { withheld } = outcome;
    if (isOverBudget(p.maxBudgetUsd)) {
      if (withheld) yield withheld;
      yield* answerDangling(assistantMessages, OVER_BUDGET_TOOL_TEXT);
      return { reason: 'max_budget' };
    }
    if (withheld?.apiError === 'max_output_tokens') {
      const recovery = recoverFromMaxOutputTokens({
        p,
        state: turnState,
        messagesForQuery,
        assistantMessages,
        requestedMaxOutputTokens: request.maxOutputTokens,
        uuid: deps.uuid,
      });
      if (recovery) {
        yield* recovery.events;
        state = goRoundAgain(recovery.state);
        continue;
      }
    }
    if (withheld) {
      // Every rung failed (reactive compaction for prompt-too-long is a later rung): show it.
      yield withheld;
      yield* answerDangling(assistantMessages, FAILED_RESPONSE_TOOL_TEXT);
      return { reason: withheld.apiError === 'prompt_too_long' ? 'prompt_too_long' : 'completed' };
    }
    if (assistantMessages.some((message) => message.apiError !== undefined)) {
      yield* answerDangling(assistantMessages, FAILED_RESPONSE_TOOL_TEXT);
      return { reason: 'completed' };
    }

    // The presence of tool_use blocks, not stop_reason, decides whether the turn goes on.
    const toolCalls = toolCallsOf(assistantMessages);
    if (toolCalls.length === 0) return { reason: 'completed' };

    const toolResults: Message[] = [];
    for await (const event of runTools(toolCalls, {
      tools: p.tools,
      canUseTool: p.canUseTool,
      context,
      uuid: deps.uuid,
    })) {
      yield event;
      if (event.type !== 'progress') toolResults.push(event);
    }
    if (context.abortSignal.aborted) {
      return yield* endAbortedTools(assistantMessages, toolResults, context.abortSignal, deps.uuid);
    }

    if (p.maxTurns !== undefined && turnState.turnCount + 1 > p.maxTurns) {
      return { reason: 'max_turns', turnCount: turnState.turnCount };
    }
    state = goRoundAgain({
      ...turnState,
      messages: [...messagesForQuery, ...assistantMessages, ...toolResults],
      turnCount: turnState.turnCount + 1,
      maxOutputTokensRecoveryCount: 0,
      maxOutputTokensOverride: undefined,
      hasAttemptedReactiveCompact: false,
      transition: { reason: 'next_turn' },
    });
  }
}
