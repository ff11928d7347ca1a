// The context layers that run before each request, in a fixed order: only what follows the last
// compact boundary -> tool-result budget -> unchanged-file Read stubs -> snip -> microcompact ->
// context collapse -> auto-compaction -> the blocking-limit check. Auto-compaction has a circuit
// breaker: after three failures in a row it is not tried again in this query, so a broken
// summariser cannot turn every turn into a wasted extra call.
import { getModelInfo } from '../api/models.js';
import { collapseFinishedStretches, type Summarise } from '../compact/collapse.js';
import { createModelSummariser } from '../compact/collapseSummariser.js';
import { hasSomethingToCompact, latestRealUserPrompt } from '../compact/history.js';
import { leastPromptTokens, oversizedPromptText, promptChars } from '../compact/oversizedPrompt.js';
import { snipIfNeeded } from '../compact/snip.js';
import { getContextThresholds, type ContextThresholds } from '../compact/thresholds.js';
import { contextTokenCount, estimateTextTokens, rememberSentHistory, type ContextCount } from '../compact/tokens.js';
import { applyToolResultBudget, toolsByNameOf } from '../compact/toolResultBudget.js';
import { estimateApiToolsTokens } from '../compact/toolsTokens.js';
import { restoreOrphanedStubs, stubUnchangedReads } from '../compact/unchangedReads.js';
import { toApiTools } from '../tools/apiSchema.js';
import type { ToolResultReplacements, ToolUseContext } from '../tools/Tool.js';
import type { AssistantMessage, LoopEvent, Message, SystemMessage } from '../types/messages.js';
import { createSyntheticAssistantError, createSystemMessage, messagesAfterCompactBoundary } from '../utils/messages.js';
import type { QueryDeps, QueryParams } from './deps.js';
import { runPreCompactHooks } from './preCompact.js';
import type { LoopState } from './state.js';
import { recordingUsage } from './usage.js';

export const AUTOCOMPACT_FAILURE_LIMIT = 3;

export type PreparedContext =
  /** `tokens`: the size of `messages` in the request, every layer's savings included. */
  | { kind: 'ready'; messages: Message[]; autoCompactFailures: number; tokens: ContextCount }
  /**
   * The request is not sent: over the blocking limit with auto-compaction off, or a prompt with
   * nothing to compact that cannot fit in the model's window.
   */
  | { kind: 'blocked'; reason: 'blocking_limit' | 'prompt_too_long' };

export type ContextLayersInput = {
  p: QueryParams;
  state: LoopState;
  deps: QueryDeps;
  /** Spill decisions for this query when the context carries none for the session. */
  fallbackReplacements: ToolResultReplacements;
};

export function blockingLimitText(tokens: number, limit: number): string {
  return (
    `Prompt is too long: the conversation is about ${tokens} tokens and the limit is ${limit}. ` +
    'Automatic compaction is off; run /compact (optionally with instructions) to summarise it, or /clear to start over.'
  );
}

/** A replacement map that lives as long as the query, for callers without a session. */
export function queryReplacements(): ToolResultReplacements {
  const known = new Map<string, string>();
  return { known, record: (toolUseId, replacement) => known.set(toolUseId, replacement) };
}

/** Summaries of stretches already collapsed, so a new prompt does not pay for them again. */
const collapsedSummaries = new Map<string, string>();
const MAX_REMEMBERED_SUMMARIES = 200;

function rememberingSummariser(summarise: Summarise): Summarise {
  return async (stretch) => {
    const key = `${stretch[0]?.uuid ?? ''}:${stretch.at(-1)?.uuid ?? ''}`;
    const known = collapsedSummaries.get(key);
    if (known !== undefined) return known;
    const summary = await summarise(stretch);
    if (collapsedSummaries.size >= MAX_REMEMBERED_SUMMARIES) {
      const oldest = collapsedSummaries.keys().next().value;
      if (oldest !== undefined) collapsedSummaries.delete(oldest);
    }
    collapsedSummaries.set(key, summary);
    return summary;
  };
}

/** The summariser both collapse rungs use: one short, tool-less call on the loop's model. */
export function summariserFor(state: LoopState, deps: QueryDeps): Summarise {
  const { context } = state;
  return rememberingSummariser(
    createModelSummariser({
      callModel: recordingUsage(deps.callModel),
      model: context.options.model,
      signal: context.abortSignal,
    }),
  );
}

/**
 * Where the newest user turn starts, counting the response it answers (its tool_use blocks name
 * the tools). Earlier turns went through the budget in earlier rounds of this query.
 */
function newestTurnStart(messages: readonly Message[]): number {
  const last = messages.findLastIndex((m) => m.type === 'assistant' && m.apiError === undefined);
  const lastMessage = messages[last];
  if (lastMessage?.type !== 'assistant') return 0;
  let start = last;
  while (start > 0) {
    const previous = messages[start - 1];
    if (previous?.type !== 'assistant' || previous.message.id !== lastMessage.message.id) break;
    start -= 1;
  }
  return start;
}

function applyBudget(messages: Message[], input: ContextLayersInput): Message[] {
  const { context } = input.state;
  const dir = context.options.toolResultsDir;
  if (dir === undefined) return messages;
  const store = context.toolResultReplacements ?? input.fallbackReplacements;
  const options = { toolsByName: toolsByNameOf(input.p.tools), dir, replacements: store.known };
  // The first request of a query sees history from outside (a resume, the REPL's store): all of
  // it. After that only the newest turn is new, which keeps each round's work independent of
  // how long the session has run.
  const start = input.state.transition === undefined ? 0 : newestTurnStart(messages);
  const scanned = start === 0 ? messages : messages.slice(start);
  const result = applyToolResultBudget(scanned, options);
  for (const { toolUseId, replacement } of result.newReplacements) store.record(toolUseId, replacement);
  if (result.messages === scanned) return messages;
  return start === 0 ? result.messages : messages.slice(0, start).concat(result.messages);
}

async function collapseIfOverWarning(
  messages: Message[],
  input: ContextLayersInput,
  thresholds: ContextThresholds,
  tokens: number,
): Promise<Message[]> {
  if (tokens < thresholds.warningThreshold) return messages;
  const result = await collapseFinishedStretches(messages, {
    summarise: summariserFor(input.state, input.deps),
    uuid: input.deps.uuid,
  });
  return result.messages;
}

type AutoCompactStep = { messages: Message[]; failures: number; compacted: boolean; events: LoopEvent[] };

// The system prompt and tools are the same for every request of a query.
const overheadByQuery = new WeakMap<QueryParams, Promise<number>>();

/** What each request of the query spends beside its messages: the system prompt and tool definitions. */
export function requestOverheadTokens(p: QueryParams, context: ToolUseContext): Promise<number> {
  const known = overheadByQuery.get(p);
  if (known) return known;
  const counted = toApiTools(p.tools, { tools: p.tools, isNonInteractive: context.options.isNonInteractive }).then(
    (tools) => estimateTextTokens(p.systemPrompt.join('\n\n')) + estimateApiToolsTokens(tools),
  );
  overheadByQuery.set(p, counted);
  return counted;
}

function freedTooLittleText(failures: number): string {
  const left = AUTOCOMPACT_FAILURE_LIMIT - failures;
  return (
    'Automatic compaction freed too little room: the conversation is still close to the context limit. ' +
    (left > 0 ? `It will be tried at most ${left} more time${left === 1 ? '' : 's'} in a row.` : 'It will not be tried again in this session.')
  );
}

async function autoCompact(messages: Message[], input: ContextLayersInput, tokenCount: number): Promise<AutoCompactStep> {
  const { state, deps, p } = input;
  const failures = state.autoCompactFailures;
  if (failures >= AUTOCOMPACT_FAILURE_LIMIT) return { messages, failures, compacted: false, events: [] };
  const notices: SystemMessage[] = [];
  const beforeCompact = async (trigger: 'auto' | 'manual') => {
    const outcome = await runPreCompactHooks(state.context, trigger, undefined, deps.uuid);
    notices.push(...outcome.notices);
    return outcome.decision;
  };
  try {
    const requestOverhead = await requestOverheadTokens(p, state.context);
    const result = await deps.autocompact(messages, state.context, p.source, {
      tokenCount,
      beforeCompact,
      systemPrompt: p.systemPrompt,
      requestOverheadTokens: requestOverhead,
    });
    if (!result.compacted) return { messages, failures, compacted: false, events: notices };
    // Consumers keep [boundary, ...kept history], exactly what the loop sends from now on.
    const compacted = [result.boundary, ...result.messages];
    if (!result.freedTooLittle) return { messages: compacted, failures: 0, compacted: true, events: [...notices, ...compacted] };
    const warning = createSystemMessage('warning', freedTooLittleText(failures + 1), undefined, deps.uuid());
    return { messages: compacted, failures: failures + 1, compacted: true, events: [...notices, ...compacted, warning] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const warning = createSystemMessage('warning', `Automatic compaction failed: ${reason}`, undefined, deps.uuid());
    return { messages, failures: failures + 1, compacted: false, events: [...notices, warning] };
  }
}

/**
 * A prompt that cannot fit in the model's window however the rest is compacted: the person's
 * latest prompt is kept word for word, so when its text alone is over the window (or the whole
 * conversation is, with nothing in it to compact) the request is refused before megabytes go over
 * the wire for a certain 400.
 */
function refuseOversizedPrompt(history: readonly Message[], model: string, uuid: () => string): AssistantMessage | undefined {
  const { contextWindow } = getModelInfo(model);
  const latest = latestRealUserPrompt(history);
  const oversized = hasSomethingToCompact(history, latest) ? (latest ? [latest] : []) : history;
  if (leastPromptTokens(oversized) <= contextWindow) return undefined;
  const text = oversizedPromptText({ promptChars: promptChars(oversized), limitTokens: contextWindow, model });
  return createSyntheticAssistantError({ text, apiError: 'prompt_too_long' }, uuid());
}

export async function* prepareContext(input: ContextLayersInput): AsyncGenerator<LoopEvent, PreparedContext> {
  const { state, deps, p } = input;
  const { context } = state;
  const thresholds = getContextThresholds(context.options.model);

  // Past the first request the working set already starts at the latest boundary (a compaction
  // puts its boundary first), so only history from outside needs the scan.
  const history = state.transition === undefined ? messagesAfterCompactBoundary(state.messages) : state.messages;
  const refusal = refuseOversizedPrompt(history, context.options.model, deps.uuid);
  if (refusal) {
    yield refusal;
    return { kind: 'blocked', reason: 'prompt_too_long' };
  }
  // Each layer is judged on what the request would carry after the layers before it. A layer
  // that changes nothing hands back the same array, whose count was just made.
  let counted: { messages: readonly Message[]; count: ContextCount } | undefined;
  const count = (messages: readonly Message[]): ContextCount => {
    if (counted?.messages !== messages) counted = { messages, count: contextTokenCount(messages, history) };
    return counted.count;
  };
  const repeats = stubUnchangedReads(applyBudget(history, input));
  let messages = repeats.messages;
  const snip = snipIfNeeded(messages, { threshold: thresholds.warningThreshold, uuid: deps.uuid, tokenCount: count(messages).tokens });
  if (snip.boundary) yield snip.boundary;
  messages = deps.microcompact(snip.messages, context, { tokenCount: count(snip.messages).tokens }).messages;
  messages = await collapseIfOverWarning(messages, input, thresholds, count(messages).tokens);

  const compaction = await autoCompact(messages, input, count(messages).tokens);
  yield* compaction.events;
  messages = restoreOrphanedStubs(compaction.messages, repeats.stubbed);
  const tokens = count(messages);

  // With auto-compaction on, an over-long request reaches the API and its prompt-too-long error
  // drives reactive compaction; with it off, refuse here and leave room for a manual /compact.
  if (!compaction.compacted && !thresholds.autoCompactEnabled && p.source !== 'compact') {
    if (tokens.tokens >= thresholds.blockingLimit) {
      yield createSyntheticAssistantError(
        { text: blockingLimitText(tokens.tokens, thresholds.blockingLimit), apiError: 'prompt_too_long' },
        deps.uuid(),
      );
      return { kind: 'blocked', reason: 'blocking_limit' };
    }
  }
  rememberSentHistory(messages, history);
  return { kind: 'ready', messages, autoCompactFailures: compaction.failures, tokens };
}
