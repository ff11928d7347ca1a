// Layer 5: when the context nears the model's limit, compact it automatically. A circuit breaker
// stops retrying after three failures in a row, so a broken summariser cannot add a wasted call
// to every turn for the rest of the session.
import type { CallModel, QuerySource } from '../api/types.js';
import type { ToolUseContext } from '../tools/Tool.js';
import type { Message } from '../types/messages.js';
// compactConversation is a lazy group's entry (scripts/lazyModules.mjs): only its functions are
// imported here, and a session that never compacts never loads it.
import {
  compactConversation,
  isNothingToCompact,
  type CompactConversationParams,
  type CompactConversationResult,
  type CompactTrigger,
} from './compactConversation.js';
import type { MemoryFile, TodoItem } from './postCompactAttachments.js';
import { type Env, getContextThresholds } from './thresholds.js';
import { tokenCountWithEstimation } from './tokens.js';

export const MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES = 3;
/**
 * A compaction that leaves the conversation above this share of the threshold freed too little:
 * it counts towards the circuit breaker like a failure, or it would repeat on every turn.
 */
export const INEFFECTIVE_COMPACTION_RATIO = 0.75;

/** Same shape as `AutoCompactResult` in query/deps.ts (compact/ does not import the loop). */
export type AutoCompactResult =
  | { compacted: false }
  | { compacted: true; messages: Message[]; boundary: Message; freedTooLittle?: boolean };

export type AutoCompactOutcome = AutoCompactResult & {
  /** Consecutive failures after this attempt: 0 after a success, unchanged when nothing was tried. */
  failures: number;
  /** Why this attempt failed, when it did. */
  error?: unknown;
};

/** What the PreCompact hooks decided: go ahead (perhaps with extra instructions) or skip this compaction. */
export type PreCompactDecision = { proceed: boolean; customInstructions?: string };

/** Called once compaction has been decided on, before the summary request (the PreCompact hook seam). */
export type BeforeCompact = (trigger: CompactTrigger) => Promise<PreCompactDecision>;

/** The loop's per-call extras for `QueryDeps.autocompact`. */
export type AutocompactExtras = {
  /**
   * The context size after the earlier layers, counted by the loop (`contextTokenCount`): the
   * last response's usage still includes what they removed. Absent, it is counted from `messages`.
   */
  tokenCount?: number;
  beforeCompact?: BeforeCompact;
  /** The session's system prompt (CLAUDE.md included), for the summariser. */
  systemPrompt?: readonly string[];
  /** What each request spends on its system prompt and tools, beside the messages. */
  requestOverheadTokens?: number;
};

export type AutoCompactOptions = {
  callModel: CallModel;
  /** Defaults to the context's model. */
  model?: string;
  failures: number;
  env?: Env;
  /** See `AutocompactExtras`. */
  tokenCount?: number;
  systemPrompt?: readonly string[];
  requestOverheadTokens?: number;
  todos?: readonly TodoItem[];
  memoryFiles?: readonly MemoryFile[];
  transcriptPath?: string;
  uuid?: () => string;
  beforeCompact?: BeforeCompact;
};

export function shouldAutoCompact(messages: readonly Message[], model: string, env: Env, tokenCount?: number): boolean {
  const thresholds = getContextThresholds(model, env);
  if (!thresholds.autoCompactEnabled) return false;
  return (tokenCount ?? tokenCountWithEstimation(messages)) >= thresholds.autoCompactThreshold;
}

type FromContext = 'model' | 'signal' | 'readFileState' | 'todos' | 'memoryFiles';

/**
 * Compacts with what the session's tool context knows (model, abort signal, files read, todos,
 * memory; `params` may override them). Afterwards only the re-attached files count as read, so
 * Edit asks for a fresh Read of the rest.
 */
export async function compactInContext(
  context: ToolUseContext,
  params: Omit<CompactConversationParams, FromContext> & Partial<Pick<CompactConversationParams, FromContext>>,
): Promise<CompactConversationResult> {
  const result = await compactConversation({
    model: context.options.model,
    signal: context.abortSignal,
    readFileState: context.readFileState,
    todos: context.todos?.get(),
    memoryFiles: context.loadedMemory?.(),
    ...params,
  });
  for (const path of [...context.readFileState.keys()]) {
    if (!result.restoredFiles.includes(path)) context.readFileState.delete(path);
  }
  return result;
}

export async function autoCompactIfNeeded(
  messages: Message[],
  context: ToolUseContext,
  source: QuerySource,
  options: AutoCompactOptions,
): Promise<AutoCompactOutcome> {
  const { failures } = options;
  // A compaction request must never compact itself.
  if (source === 'compact' || failures >= MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES) return { compacted: false, failures };
  const model = options.model ?? context.options.model;
  if (!shouldAutoCompact(messages, model, options.env ?? process.env, options.tokenCount)) {
    return { compacted: false, failures };
  }
  const decision = (await options.beforeCompact?.('auto')) ?? { proceed: true };
  // A hook declining compaction is a choice, not a failure: the breaker does not count it.
  if (!decision.proceed) return { compacted: false, failures };
  try {
    const result = await compactInContext(context, {
      messages,
      callModel: options.callModel,
      model,
      trigger: 'auto',
      customInstructions: decision.customInstructions,
      todos: options.todos ?? context.todos?.get(),
      memoryFiles: options.memoryFiles,
      transcriptPath: options.transcriptPath,
      sessionSystemPrompt: options.systemPrompt,
      requestOverheadTokens: options.requestOverheadTokens,
      preTokens: options.tokenCount,
      uuid: options.uuid,
    });
    const { autoCompactThreshold } = getContextThresholds(model, options.env ?? process.env);
    const after = result.postTokens + (options.requestOverheadTokens ?? 0);
    const freedTooLittle = after >= autoCompactThreshold * INEFFECTIVE_COMPACTION_RATIO;
    return {
      compacted: true,
      messages: result.messages,
      boundary: result.boundary,
      failures: freedTooLittle ? failures + 1 : 0,
      ...(freedTooLittle ? { freedTooLittle } : {}),
    };
  } catch (error) {
    // An abort is the user's doing, and a conversation with no reply yet is nobody's fault:
    // neither counts towards the breaker.
    if (context.abortSignal.aborted || isNothingToCompact(error)) return { compacted: false, failures };
    return { compacted: false, failures: failures + 1, error };
  }
}

export type CreateAutocompactOptions = Omit<AutoCompactOptions, 'failures' | 'todos' | 'memoryFiles'> & {
  getTodos?: () => readonly TodoItem[];
  getMemoryFiles?: () => readonly MemoryFile[];
};

/**
 * A `QueryDeps.autocompact` for the session. It keeps its own failure count across queries; a
 * failure is thrown so the loop reports it and counts it towards its own per-query breaker.
 */
export function createAutocompact(
  options: CreateAutocompactOptions,
): (messages: Message[], context: ToolUseContext, source: QuerySource, extras?: AutocompactExtras) => Promise<AutoCompactResult> {
  let failures = 0;
  return async (messages, context, source, extras = {}) => {
    const outcome = await autoCompactIfNeeded(messages, context, source, {
      ...options,
      ...extras,
      failures,
      // The session keeps its todo list on the context; a caller may still supply its own.
      todos: options.getTodos?.() ?? context.todos?.get(),
      memoryFiles: options.getMemoryFiles?.() ?? context.loadedMemory?.(),
    });
    failures = outcome.failures;
    if (outcome.error !== undefined) throw outcome.error;
    if (!outcome.compacted) return { compacted: false };
    const { messages: compacted, boundary, freedTooLittle } = outcome;
    return { compacted: true, messages: compacted, boundary, ...(freedTooLittle ? { freedTooLittle } : {}) };
  };
}
