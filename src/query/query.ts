// The one loop that talks to the model: prepare context -> stream a response (its tools start as
// their blocks close) -> finish its tools -> go round again. Every way round is a `continue` with
// a whole new LoopState and a transition; every way out is a typed Terminal. The REPL, print
// mode, the SDK and sub-agents all drive it.
import { isHookStoppedMarker } from '../tools/execution/toolHooks.js';
import type { ToolCall, ToolRunEvent } from '../tools/execution/types.js';
import type { ToolUseContext } from '../tools/Tool.js';
import type { AssistantMessage, LoopEvent, Message } from '../types/messages.js';
import { answeredToolUseIds, createUserMessage, syntheticToolResultsFor } from '../utils/messages.js';
import { endAbortedStreaming, endAbortedTools } from './abort.js';
import { prepareContext, queryReplacements } from './compaction.js';
import { resolveDeps, type QueryDeps, type QueryParams } from './deps.js';
import {
  endWithModelError,
  FAILED_RESPONSE_TOOL_TEXT,
  isOverloadedFailure,
  ModelOverloadedError,
  switchToFallback,
} from './modelFailure.js';
import { recoverFromPromptTooLong } from './promptTooLong.js';
import { RAN_CALLS_REASONS, ranCallsNotes } from './ranCalls.js';
import { recoverFromMaxOutputTokens } from './recovery.js';
import { afterRefusal, REFUSED_REASON } from './refusal.js';
import { runStopHooksAtExit } from './stopHooks.js';
import { continuePausedTurn, unknownStopNote } from './stopReasons.js';
import { buildModelRequest } from './request.js';
import type { LoopState, Terminal } from './state.js';
import { streamResponse } from './stream.js';
import { checkTokenBudget, newTokenBudgetTracker, type TokenBudgetTracker } from './tokenBudget.js';
import { createToolRunner, isStreamingToolsDisabled, toolCallsOf } from './toolRunner.js';
import { isOverBudget, outputTokensOf } from './usage.js';

const OVER_BUDGET_TOOL_TEXT = 'Not run: the spending limit for this session was reached.';
const OVER_BUDGET_REASON = 'the spending limit for this session was reached.';
const CUT_OFF_REASON = 'the reply was cut off by the output token limit.';
const FAILED_RESPONSE_REASON = 'the model request failed before the turn finished.';
const FALLBACK_REASON = 'the model was switched and the request is being sent again.';

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
    pauseTurnContinuations: 0,
    transition: undefined,
  };
}

/** The next turn would pass --max-turns. */
function exceedsMaxTurns(p: QueryParams, state: LoopState): boolean {
  return p.maxTurns !== undefined && state.turnCount + 1 > p.maxTurns;
}

function toolCallsIn(assistantMessages: readonly AssistantMessage[]): ToolCall[] {
  return assistantMessages.flatMap(toolCallsOf);
}

/** Passes events on and keeps the history messages among them. */
async function* forward(events: AsyncIterable<ToolRunEvent>, into: Message[]): AsyncGenerator<LoopEvent, Message[]> {
  for await (const event of events) {
    yield event;
    if (event.type !== 'progress') into.push(event);
  }
  return into;
}

/** Results the runner already has, then a synthetic one for every call it never answered. */
function answerAll(
  assistantMessages: readonly AssistantMessage[],
  started: readonly Message[],
  text: string,
  uuid: () => string,
): Message[] {
  return [...started, ...syntheticToolResultsFor(assistantMessages, text, answeredToolUseIds(started), uuid)];
}

export async function* query(p: QueryParams): AsyncGenerator<LoopEvent, Terminal> {
  const deps: QueryDeps = resolveDeps(p.deps);
  const fallbackReplacements = queryReplacements();
  // Snapshotted once: nothing in the environment is re-read while the query runs.
  const streamingTools = !isStreamingToolsDisabled();
  const isSubagent = p.source.startsWith('agent:');
  let state = initialState(p);
  let budgetTracker: TokenBudgetTracker = newTokenBudgetTracker();
  let outputTokensSpent = 0;
  const goRoundAgain = (next: LoopState): LoopState => {
    if (next.transition) p.observer?.onTransition(next.transition);
    return next;
  };

  while (true) {
    yield { type: 'stream_request_start' };
    // Tools that joined since the last request (a late MCP server) are offered from this request
    // on, and named to the model once.
    const toolNews = state.context.takeToolNews?.();
    if (toolNews !== undefined) {
      const offered = new Set(p.tools.map((tool) => tool.name));
      p = { ...p, tools: [...p.tools, ...toolNews.tools.filter((tool) => !offered.has(tool.name))] };
      const note = createUserMessage({ content: toolNews.note, isMeta: true }, deps.uuid());
      yield note;
      state = { ...state, messages: state.messages.concat(note) };
    }
    const prepared = yield* prepareContext({ p, state, deps, fallbackReplacements });
    if (prepared.kind === 'blocked') return { reason: prepared.reason };
    const messagesForQuery = prepared.messages;
    const turnState: LoopState = { ...state, autoCompactFailures: prepared.autoCompactFailures };
    const { context } = turnState;
    const model = context.options.model;
    const request = await buildModelRequest(p, turnState, messagesForQuery, prepared.tokens);
    // What this response's tools ask to change (a skill's rules and model) holds from the next request.
    const contextChanges: Array<(context: ToolUseContext) => ToolUseContext> = [];
    const runner = createToolRunner(
      {
        tools: p.tools,
        canUseTool: p.canUseTool,
        context: {
          ...context,
          changeTurnContext: (change) => contextChanges.push(change),
          // Auto mode's reviewer reads the user's requests; a sub-agent's are its parent's.
          conversation: context.conversation ?? (() => messagesForQuery),
        },
        uuid: deps.uuid,
      },
      streamingTools,
    );
    const outcome = yield* streamResponse(deps.callModel, request, runner, deps.uuid);
    const { assistantMessages } = outcome;
    // What the response answers: the history it was asked with, and the notes yielded while it
    // streamed (calls that ran from an attempt that was withdrawn and retried). Histories are never
    // changed in place, so without notes it is the very list: no copy of the whole history a round.
    const history = outcome.notes.length === 0 ? messagesForQuery : messagesForQuery.concat(outcome.notes);
    outputTokensSpent += outputTokensOf(assistantMessages);

    if (outcome.kind === 'aborted') {
      const started = yield* forward(runner.drainAfterAbort(), []);
      return yield* endAbortedStreaming(assistantMessages, started, context.abortSignal, deps.uuid);
    }
    // Bounded: once on the fallback model there is nothing left to fall back to.
    if (outcome.kind === 'fallback' && p.fallbackModel !== undefined && p.fallbackModel !== model) {
      // The abandoned attempt's tool_use blocks are tombstoned, so their results must not appear.
      await runner.discard(FALLBACK_REASON);
      const ran = ranCallsNotes(runner.ranCalls(), RAN_CALLS_REASONS.fallback, deps.uuid);
      const fallback = switchToFallback({
        state: turnState,
        messagesForQuery: [...history, ...ran],
        assistantMessages,
        fallbackModel: p.fallbackModel,
        uuid: deps.uuid,
      });
      yield* fallback.events;
      yield* ran;
      state = goRoundAgain(fallback.state);
      continue;
    }
    if (outcome.kind !== 'completed') {
      const started = await runner.discard(FAILED_RESPONSE_REASON);
      return yield* endWithModelError(assistantMessages, started, outcome.error, deps.uuid);
    }

    let { withheld } = outcome;
    if (isOverBudget(p.maxBudgetUsd)) {
      if (withheld) yield withheld;
      yield* answerAll(assistantMessages, await runner.discard(OVER_BUDGET_REASON), OVER_BUDGET_TOOL_TEXT, deps.uuid);
      return { reason: 'max_budget' };
    }
    if (withheld?.apiError === 'max_output_tokens') {
      const startedToolResults = await runner.discard(CUT_OFF_REASON);
      const recovery = recoverFromMaxOutputTokens({
        p,
        state: turnState,
        messagesForQuery: history,
        assistantMessages,
        startedToolResults,
        ranCalls: runner.ranCalls(),
        requestedMaxOutputTokens: request.maxOutputTokens,
        uuid: deps.uuid,
      });
      if (recovery) {
        yield* recovery.events;
        state = goRoundAgain(recovery.state);
        continue;
      }
    }
    if (withheld?.apiError === 'prompt_too_long') {
      await runner.discard(FAILED_RESPONSE_REASON);
      const recovery = await recoverFromPromptTooLong({ p, state: turnState, messagesForQuery: history, assistantMessages, deps, withheld });
      yield* recovery.events;
      if (recovery.state) {
        // The reply is withdrawn and asked for again, but what its calls did stands.
        const ran = ranCallsNotes(runner.ranCalls(), RAN_CALLS_REASONS.contextFull, deps.uuid);
        yield* ran;
        state = goRoundAgain({ ...recovery.state, messages: [...recovery.state.messages, ...ran] });
        continue;
      }
      withheld = recovery.error ?? withheld;
    }
    if (withheld) {
      // Every rung failed: now the person sees the error, and stop hooks do not run on it.
      yield withheld;
      yield* answerAll(assistantMessages, await runner.discard(FAILED_RESPONSE_REASON), FAILED_RESPONSE_TOOL_TEXT, deps.uuid);
      return { reason: withheld.apiError === 'prompt_too_long' ? 'prompt_too_long' : 'completed' };
    }
    const failure = assistantMessages.find((message) => message.apiError !== undefined);
    if (failure) {
      yield* answerAll(assistantMessages, await runner.discard(FAILED_RESPONSE_REASON), FAILED_RESPONSE_TOOL_TEXT, deps.uuid);
      // callModel already retried; an overload that outlasted every retry ends the turn as a model error.
      if (isOverloadedFailure(failure)) return { reason: 'model_error', error: new ModelOverloadedError(model, p.fallbackModel) };
      return { reason: 'completed' };
    }

    const { stop } = outcome;
    if (stop.reason === 'refusal') {
      const startedResults = await runner.discard(REFUSED_REASON);
      const refusal = afterRefusal({ state: turnState, history, assistantMessages, startedResults, stop, uuid: deps.uuid });
      yield* refusal.events;
      if (refusal.kind === 'ended') return { reason: 'refusal' };
      if (exceedsMaxTurns(p, turnState)) return { reason: 'max_turns', turnCount: turnState.turnCount };
      state = goRoundAgain(refusal.state);
      continue;
    }

    // The presence of tool_use blocks, not stop_reason, decides whether the turn goes on.
    const toolCalls = toolCallsIn(assistantMessages);
    if (toolCalls.length === 0 && stop.reason === 'pause_turn') {
      const pause = continuePausedTurn(turnState, history, assistantMessages, deps.uuid);
      if (pause.kind === 'continue') {
        if (exceedsMaxTurns(p, turnState)) return { reason: 'max_turns', turnCount: turnState.turnCount };
        state = goRoundAgain(pause.state);
        continue;
      }
      yield* pause.events;
    }
    if (toolCalls.length === 0) {
      yield* unknownStopNote(stop.reason, deps.uuid);
      const stopHooks = yield* runStopHooksAtExit({ p, state: turnState, messagesForQuery: history, assistantMessages, uuid: deps.uuid });
      if (stopHooks.kind === 'prevented') return { reason: 'stop_hook_prevented' };
      if (stopHooks.kind === 'blocking') {
        state = goRoundAgain(stopHooks.state);
        continue;
      }
      const budget = checkTokenBudget(budgetTracker, { budget: p.tokenBudget, spent: outputTokensSpent, isSubagent });
      if (budget.action === 'stop') return { reason: 'completed' };
      budgetTracker = budget.tracker;
      const nudge = createUserMessage({ content: budget.nudge, isMeta: true }, deps.uuid());
      yield nudge;
      state = goRoundAgain({
        ...turnState,
        messages: history.concat(assistantMessages, nudge),
        maxOutputTokensRecoveryCount: 0,
        maxOutputTokensOverride: undefined,
        transition: { reason: 'token_budget_continuation' },
      });
      continue;
    }

    const toolResults = yield* forward(runner.run(toolCalls), []);
    if (context.abortSignal.aborted) {
      return yield* endAbortedTools(assistantMessages, toolResults, context.abortSignal, deps.uuid);
    }
    if (toolResults.some(isHookStoppedMarker)) return { reason: 'hook_stopped' };

    if (exceedsMaxTurns(p, turnState)) return { reason: 'max_turns', turnCount: turnState.turnCount };
    state = goRoundAgain({
      ...turnState,
      context: contextChanges.reduce((changed, change) => change(changed), context),
      // concat, not spreads: it sizes the copy of the whole history once (a spread grows it as it goes).
      messages: history.concat(assistantMessages, toolResults),
      turnCount: turnState.turnCount + 1,
      maxOutputTokensRecoveryCount: 0,
      maxOutputTokensOverride: undefined,
      hasAttemptedReactiveCompact: false,
      pauseTurnContinuations: 0,
      transition: { reason: 'next_turn' },
    });
  }
}
