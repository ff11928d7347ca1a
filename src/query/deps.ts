// The loop's parameters and its narrow test seam. Tests inject scripted `callModel`s; the e2e
// tests use the real one against the project's mock server.
import { randomUuid } from '../utils/random.js';
import { createCallModel } from '../api/callModel.js';
import { getClient } from '../api/client.js';
import type { CallModel, QuerySource, ThinkingConfig } from '../api/types.js';
import { createAutocompact, type AutocompactExtras } from '../compact/autoCompact.js';
import { microcompact, type MicrocompactOptions } from '../compact/microcompact.js';
import type { Message } from '../types/messages.js';
import type { AnyTool, AskPermissionFn, ToolUseContext } from '../tools/Tool.js';
import type { Transition } from './state.js';
import { recordingUsage } from './usage.js';

/**
 * The caller's answer when the permission chain ends in `ask`: the REPL dialog, the SDK's
 * `can_use_tool`, or a plain deny in print mode. Defined beside the Tool contract because the
 * execution pipeline (which may not import the loop) calls it.
 */
export type CanUseToolFn = AskPermissionFn;

export type CompactResult = { messages: Message[] };
export type AutoCompactResult =
  | { compacted: false }
  /** `freedTooLittle`: the conversation is still near the threshold; it counts towards the breaker. */
  | { compacted: true; messages: Message[]; boundary: Message; freedTooLittle?: boolean };

export type QueryDeps = {
  callModel: CallModel;
  /** `extras` carries the loop's token count; a seam that ignores it still fits. */
  microcompact: (messages: Message[], context: ToolUseContext, extras?: Pick<MicrocompactOptions, 'tokenCount'>) => CompactResult;
  /** `extras` is optional: a seam that ignores it (a test's scripted compactor) still fits. */
  autocompact: (
    messages: Message[],
    context: ToolUseContext,
    source: QuerySource,
    extras?: AutocompactExtras,
  ) => Promise<AutoCompactResult>;
  uuid: () => string;
};

export type QueryParams = {
  messages: Message[];
  /** System prompt blocks, assembled by the caller for this query. */
  systemPrompt: string[];
  tools: AnyTool[];
  canUseTool: CanUseToolFn;
  context: ToolUseContext;
  source: QuerySource;
  fallbackModel?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  tokenBudget?: number;
  maxOutputTokens?: number;
  thinking?: ThinkingConfig;
  deps?: Partial<QueryDeps>;
  /** Test and diagnostic hook: sees the loop's decisions without taking part in them. */
  observer?: QueryObserver;
};

export type QueryObserver = {
  /** Called at every `continue`, with the reason the loop goes round again. */
  onTransition(transition: Transition): void;
};

/** Pass-through layers, for tests that want the history sent exactly as it is. */
export function noMicrocompaction(messages: Message[]): CompactResult {
  return { messages };
}

export async function noAutocompaction(): Promise<AutoCompactResult> {
  return { compacted: false };
}

// One per process, so its circuit breaker spans every query of the session, not just one prompt.
let sessionAutocompact: QueryDeps['autocompact'] | undefined;

export function productionDeps(): QueryDeps {
  const callModel = createCallModel(getClient);
  sessionAutocompact ??= createAutocompact({ callModel: recordingUsage(callModel) });
  return {
    callModel,
    microcompact: (messages, context, extras) => microcompact(messages, context, extras),
    autocompact: sessionAutocompact,
    uuid: randomUuid,
  };
}

/**
 * The production deps with the caller's overrides. A caller that brings its own model but no
 * compactor gets one that summarises with that model, never with the production client.
 */
export function resolveDeps(overrides: Partial<QueryDeps> = {}): QueryDeps {
  const base = productionDeps();
  const autocompact =
    overrides.autocompact ??
    (overrides.callModel ? createAutocompact({ callModel: recordingUsage(overrides.callModel) }) : base.autocompact);
  return { ...base, ...overrides, autocompact };
}
