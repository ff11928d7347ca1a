// Layer 3: once the context is filling up, the bodies of old tool results are swapped for a short
// placeholder. The tool_use/tool_result pairs stay, so the model still sees what it did, just not
// every byte it read back then. Only tools whose output can be fetched again are cleared.
import type { ContentBlockParam, Message, UserMessage } from '../types/messages.js';
import type { ToolUseContext } from '../tools/Tool.js';
import { getToolUseBlocks } from '../utils/messages.js';
import { type Env, getContextThresholds } from './thresholds.js';
import { tokenCountWithEstimation } from './tokens.js';

export const CLEARED_TOOL_RESULT = '[Old tool result content cleared]';
export const COMPACTABLE_TOOLS: ReadonlySet<string> = new Set([
  'Read',
  'Bash',
  'Grep',
  'Glob',
  'WebFetch',
  'WebSearch',
  'Edit',
  'Write',
]);
export const DEFAULT_KEEP_RECENT = 5;
/** Microcompaction starts at this share of the auto-compaction threshold. */
export const MICROCOMPACT_TRIGGER_RATIO = 0.6;

export type MicrocompactOptions = {
  env?: Env;
  /** Forces clearing and keeps this many; by default PULSE_MICROCOMPACT_KEEP, else token-triggered. */
  keepRecent?: number;
  /** The loop's count of the context (`contextTokenCount`); absent, it is counted from `messages`. */
  tokenCount?: number;
};

function forcedKeep(options: MicrocompactOptions, env: Env): number | undefined {
  if (options.keepRecent !== undefined) return options.keepRecent;
  const raw = env.PULSE_MICROCOMPACT_KEEP;
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

function compactableToolUseIds(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    for (const block of getToolUseBlocks(message)) {
      if (COMPACTABLE_TOOLS.has(block.name)) ids.add(block.id);
    }
  }
  return ids;
}

/** Ids of the tool results that may be cleared, oldest first, minus those the model has not answered yet. */
function clearableResults(messages: readonly Message[], keepRecent: number): Set<string> {
  const compactable = compactableToolUseIds(messages);
  const lastAssistant = messages.findLastIndex((m) => m.type === 'assistant' && m.apiError === undefined);
  const inOrder: { id: string; answered: boolean }[] = [];
  messages.forEach((message, index) => {
    if (message.type !== 'user' || typeof message.message.content === 'string') return;
    for (const block of message.message.content) {
      if (block.type === 'tool_result' && compactable.has(block.tool_use_id)) {
        inOrder.push({ id: block.tool_use_id, answered: index < lastAssistant });
      }
    }
  });
  const older = inOrder.slice(0, Math.max(0, inOrder.length - keepRecent));
  return new Set(older.filter((r) => r.answered).map((r) => r.id));
}

function clearResults(message: UserMessage, ids: ReadonlySet<string>): UserMessage {
  const { content } = message.message;
  if (typeof content === 'string') return message;
  let changed = false;
  const blocks: ContentBlockParam[] = content.map((block) => {
    if (block.type !== 'tool_result' || !ids.has(block.tool_use_id)) return block;
    if (block.content === CLEARED_TOOL_RESULT) return block;
    changed = true;
    return { ...block, content: CLEARED_TOOL_RESULT };
  });
  if (!changed) return message;
  // The cleared output is not kept in memory in its raw form either.
  const { toolUseResult: _dropped, ...rest } = message;
  return { ...rest, message: { ...message.message, content: blocks } };
}

function isOverTrigger(messages: readonly Message[], model: string, env: Env, tokenCount?: number): boolean {
  const { autoCompactThreshold } = getContextThresholds(model, env);
  return (tokenCount ?? tokenCountWithEstimation(messages)) > autoCompactThreshold * MICROCOMPACT_TRIGGER_RATIO;
}

/** Shaped like `QueryDeps.microcompact`; returns the very same array when nothing changed. */
export function microcompact(
  messages: Message[],
  context: ToolUseContext,
  options: MicrocompactOptions = {},
): { messages: Message[] } {
  const env = options.env ?? process.env;
  const forced = forcedKeep(options, env);
  if (forced === undefined && !isOverTrigger(messages, context.options.model, env, options.tokenCount)) return { messages };
  const ids = clearableResults(messages, forced ?? DEFAULT_KEEP_RECENT);
  if (ids.size === 0) return { messages };
  let changed = false;
  const next = messages.map((message) => {
    if (message.type !== 'user') return message;
    const cleared = clearResults(message, ids);
    if (cleared !== message) changed = true;
    return cleared;
  });
  return { messages: changed ? next : messages };
}
