// Layer 5's engine: one separate, tool-less model call turns the conversation into a structured
// summary, and the session continues from [boundary, summary, re-attached context].
import { randomUuid } from '../utils/random.js';
import { getModelInfo } from '../api/models.js';
import type { CallModel, TextBlockParam } from '../api/types.js';
import type { FileReadRecord } from '../tools/Tool.js';
import type { AssistantMessage, ContentBlockParam, Message, SystemMessage, UserMessage } from '../types/messages.js';
import {
  answeredToolUseIds,
  createSystemMessage,
  createUserMessage,
  getToolUseBlocks,
  messagesAfterCompactBoundary,
  normalizeMessagesForAPI,
  syntheticToolResultsFor,
} from '../utils/messages.js';
import { groupByApiRound, hasSomethingToCompact, isRealUserPrompt } from './history.js';
import { collectModelText } from './modelText.js';
import { buildPostCompactAttachments, type MemoryFile, type TodoItem } from './postCompactAttachments.js';
import {
  buildCompactPrompt,
  buildSummaryMessage,
  COMPACT_SYSTEM_PROMPT,
  formatCompactSummary,
  sessionInstructionsText,
  TRUNCATED_FOR_RETRY_MARKER,
} from './summaryPrompt.js';
import { getContextThresholds } from './thresholds.js';
import { estimateMessagesTokens, tokenCountWithEstimation } from './tokens.js';

export const COMPACT_MAX_OUTPUT_TOKENS = 20_000;
/**
 * A compaction leaves the conversation at no more than this share of the auto-compaction
 * threshold, so the work can go on for a while before the next one.
 */
export const POST_COMPACT_TARGET_RATIO = 0.5;
/**
 * Re-attached files and memory take at most this share of the threshold: in a small window one
 * re-attached file must not fill the room the compaction made.
 */
export const ATTACHMENT_SHARE_OF_THRESHOLD = 0.25;
export const MAX_PROMPT_TOO_LONG_RETRIES = 3;
/** Share of the oldest API rounds dropped on each prompt-too-long retry. */
const RETRY_DROP_SHARE = 0.2;
const UNRUN_TOOL_TEXT = 'Not run: the conversation was compacted first.';

export type CompactTrigger = 'auto' | 'manual';

export type CompactConversationParams = {
  messages: Message[];
  callModel: CallModel;
  model: string;
  signal: AbortSignal;
  trigger: CompactTrigger;
  /** `/compact <instructions>`. */
  customInstructions?: string;
  readFileState?: ReadonlyMap<string, FileReadRecord>;
  todos?: readonly TodoItem[];
  memoryFiles?: readonly MemoryFile[];
  /** Where the full transcript lives, offered to the model for exact details. */
  transcriptPath?: string;
  /**
   * The session's own system prompt (with its CLAUDE.md and other memory), shown to the
   * summariser so the summary keeps what the project says must be kept.
   */
  sessionSystemPrompt?: readonly string[];
  /** Tokens every request spends on its system prompt and tool definitions, beside the messages. */
  requestOverheadTokens?: number;
  /** The loop's count of the conversation's size; absent, it is counted from the history. */
  preTokens?: number;
  uuid?: () => string;
};

export type CompactConversationResult = {
  /** What follows the boundary: the summary message, then the re-attached context. */
  messages: UserMessage[];
  boundary: SystemMessage;
  summaryText: string;
  preTokens: number;
  /** Files whose contents were re-attached; the caller keeps only these in readFileState. */
  restoredFiles: string[];
  /** The estimated size of `messages`. */
  postTokens: number;
};

export class CompactionError extends Error {
  override name = 'CompactionError';
}

/** The history holds no model response yet: a summary could only retell the person's own prompt. */
export class NothingToCompactError extends CompactionError {
  override name = 'NothingToCompactError';
}

/** For callers outside the lazy group, which import its functions only. */
export function isNothingToCompact(error: unknown): boolean {
  return error instanceof NothingToCompactError;
}

function mediaPlaceholder(block: ContentBlockParam): ContentBlockParam {
  if (block.type === 'image') return { type: 'text', text: '[image]' };
  if (block.type === 'document') return { type: 'text', text: '[document]' };
  if (block.type !== 'tool_result' || !Array.isArray(block.content)) return block;
  const content = block.content.map((part) => (part.type === 'image' ? { type: 'text' as const, text: '[image]' } : part));
  return { ...block, content };
}

/** Images and documents cost a lot and say little to a summariser. */
function withoutMedia(messages: readonly Message[]): Message[] {
  return messages.map((message) => {
    if (message.type !== 'user' || typeof message.message.content === 'string') return message;
    return { ...message, message: { ...message.message, content: message.message.content.map(mediaPlaceholder) } };
  });
}

/** Answers any tool_use still open so the request is a valid conversation. */
function closeOpenToolUses(messages: Message[], uuid: () => string): Message[] {
  const answered = answeredToolUseIds(messages);
  const assistants = messages.filter((m): m is AssistantMessage => m.type === 'assistant');
  return [...messages, ...syntheticToolResultsFor(assistants, UNRUN_TOOL_TEXT, answered, uuid)];
}

/** The history minus its oldest rounds, or undefined when nothing more can go. */
function dropOldestRounds(messages: readonly Message[]): Message[] | undefined {
  const groups = groupByApiRound(messages);
  if (groups.length <= 1) return undefined;
  const drop = Math.max(1, Math.floor(groups.length * RETRY_DROP_SHARE));
  return groups.slice(drop).flat();
}

function compactSystemBlocks(sessionSystemPrompt: readonly string[] | undefined): TextBlockParam[] {
  const blocks: TextBlockParam[] = [{ type: 'text', text: COMPACT_SYSTEM_PROMPT }];
  const session = sessionSystemPrompt?.filter((text) => text.trim() !== '') ?? [];
  if (session.length > 0) blocks.push({ type: 'text', text: sessionInstructionsText(session) });
  return blocks;
}

async function requestSummary(
  params: CompactConversationParams,
  history: Message[],
  uuid: () => string,
): Promise<string> {
  const prompt = createUserMessage({ content: buildCompactPrompt(params.customInstructions), isMeta: true }, uuid());
  const maxOutputTokens = Math.min(COMPACT_MAX_OUTPUT_TOKENS, getModelInfo(params.model).maxOutputTokens);
  let toSend = history;
  for (let retry = 0; ; retry += 1) {
    const head = toSend === history ? [] : [createUserMessage({ content: TRUNCATED_FOR_RETRY_MARKER, isMeta: true }, uuid())];
    const outcome = await collectModelText(params.callModel, {
      messages: normalizeMessagesForAPI([...head, ...toSend, prompt]),
      system: compactSystemBlocks(params.sessionSystemPrompt),
      tools: [],
      model: params.model,
      maxOutputTokens,
      signal: params.signal,
      querySource: 'compact',
    });
    if (outcome.ok) return outcome.text;
    if (outcome.apiError !== 'prompt_too_long' || retry >= MAX_PROMPT_TOO_LONG_RETRIES) {
      throw new CompactionError(outcome.message || `The summary request failed (${outcome.apiError}).`);
    }
    const shorter = dropOldestRounds(toSend);
    if (!shorter) throw new CompactionError('The conversation is too long to summarise even after dropping its oldest part.');
    toSend = shorter;
  }
}

/** Whether the model has given its final answer to the prompt at `index` (a reply with no tool call). */
function isAnswered(history: readonly Message[], index: number): boolean {
  const last = history.slice(index + 1).findLast((m): m is AssistantMessage => m.type === 'assistant' && m.apiError === undefined);
  if (!last) return false;
  const response = history.filter((m) => m.type === 'assistant' && m.message.id === last.message.id);
  return !response.some((m) => getToolUseBlocks(m).length > 0);
}

/**
 * The person's latest prompt, word for word, to follow the summary while its task is still open:
 * a summary never stands in for the request being worked on. An answered prompt (a /compact
 * between turns) is history like the rest.
 */
function restatedPrompt(history: readonly Message[], uuid: () => string): UserMessage | undefined {
  const index = history.findLastIndex(isRealUserPrompt);
  const latest = history[index];
  if (latest?.type !== 'user' || isAnswered(history, index)) return undefined;
  return createUserMessage({ content: latest.message.content }, uuid());
}

/**
 * Room for the re-attached context: what is left of the target once the summary and the restated
 * prompt (`kept`) are in, and never more than its own share of the threshold.
 */
function attachmentBudget(params: CompactConversationParams, keptTokens: number): number {
  const { autoCompactThreshold } = getContextThresholds(params.model);
  const target = autoCompactThreshold * POST_COMPACT_TARGET_RATIO - (params.requestOverheadTokens ?? 0) - keptTokens;
  return Math.floor(Math.min(target, autoCompactThreshold * ATTACHMENT_SHARE_OF_THRESHOLD));
}

export async function compactConversation(params: CompactConversationParams): Promise<CompactConversationResult> {
  const uuid = params.uuid ?? randomUuid;
  const history = messagesAfterCompactBoundary(params.messages);
  if (!hasSomethingToCompact(history)) {
    throw new NothingToCompactError('There is nothing to compact yet: the conversation is only the latest prompt, which is kept as it is.');
  }
  const preTokens = params.preTokens ?? tokenCountWithEstimation(history);
  const raw = await requestSummary(params, closeOpenToolUses(withoutMedia(history), uuid), uuid);
  const summaryText = formatCompactSummary(raw);
  if (summaryText === '') throw new CompactionError('The summary came back empty.');

  const boundary = createSystemMessage(
    'compact_boundary',
    'Conversation compacted',
    { trigger: params.trigger, pre_tokens: preTokens },
    uuid(),
  );
  const prompt = restatedPrompt(history, uuid);
  const summaryMessage = createUserMessage(
    {
      content: buildSummaryMessage({
        summary: summaryText,
        trigger: params.trigger,
        transcriptPath: params.transcriptPath,
        promptFollows: prompt !== undefined,
      }),
      isMeta: true,
    },
    uuid(),
  );
  const kept = prompt ? [summaryMessage, prompt] : [summaryMessage];
  const attachments = await buildPostCompactAttachments({
    history,
    uuid,
    readFileState: params.readFileState,
    todos: params.todos,
    memoryFiles: params.memoryFiles,
    budgetTokens: attachmentBudget(params, estimateMessagesTokens(kept)),
  });
  const messages = [...kept, ...attachments.messages];
  return {
    messages,
    boundary,
    summaryText,
    preTokens,
    restoredFiles: attachments.restoredFiles,
    postTokens: estimateMessagesTokens(messages),
  };
}

/** The history the session continues with: the boundary first, as the transcript stores it. */
export function buildPostCompactMessages(result: { boundary: Message; messages: readonly Message[] }): Message[] {
  return [result.boundary, ...result.messages];
}
