// Message constructors and the one normalisation that turns Pulse's history into an API request.
// Every message the loop makes goes through a constructor here so the shapes stay uniform.
import { randomUuid } from './random.js';
import { resumablePass } from './resumablePass.js';
import type {
  ContentBlockParam,
  MessageParam,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  ApiErrorKind,
  AssistantMessage,
  Message,
  SystemMessage,
  SystemSubtype,
  ToolResultBlockParam,
  UserMessage,
} from '../types/messages.js';

export const SYNTHETIC_MODEL = '<synthetic>';
export const INTERRUPT_MESSAGE = '[Request interrupted by user]';
export const INTERRUPT_MESSAGE_FOR_TOOL_USE = '[Request interrupted by user for tool use]';

function now(): string {
  return new Date().toISOString();
}

export type UserMessageFields = {
  content: string | ContentBlockParam[];
  isMeta?: boolean;
  isSynthetic?: boolean;
  toolUseResult?: unknown;
  sdkToolUseResult?: unknown;
  sourceToolAssistantUUID?: string;
  permissionDenied?: UserMessage['permissionDenied'];
};

export function createUserMessage(fields: UserMessageFields, uuid: string = randomUuid()): UserMessage {
  const { content, ...rest } = fields;
  const message: UserMessage = {
    type: 'user',
    uuid,
    timestamp: now(),
    message: { role: 'user', content },
  };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(message, { [key]: value });
  }
  return message;
}

/** Wraps text so the model recognises a failed tool call, the convention it was trained on. */
export function toolUseError(text: string): string {
  return `<tool_use_error>${text}</tool_use_error>`;
}

export type ToolResultFields = {
  block: ToolResultBlockParam;
  toolUseResult?: unknown;
  sdkToolUseResult?: unknown;
  sourceToolAssistantUUID?: string;
  permissionDenied?: UserMessage['permissionDenied'];
  isSynthetic?: boolean;
};

export function createToolResultMessage(fields: ToolResultFields, uuid?: string): UserMessage {
  const { block, ...rest } = fields;
  return createUserMessage({ content: [block], ...rest }, uuid);
}

/** A tool result's text, other parts (images) named in brackets. */
export function toolResultText(block: ToolResultBlockParam): string {
  const content = block.content ?? '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

export function errorResultBlock(toolUseId: string, content: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: true };
}

export function createSystemMessage(
  subtype: SystemSubtype,
  content: string,
  data?: Record<string, unknown>,
  uuid: string = randomUuid(),
): SystemMessage {
  const message: SystemMessage = { type: 'system', subtype, uuid, timestamp: now(), content };
  if (data) message.data = data;
  return message;
}

export type SyntheticErrorFields = {
  text: string;
  apiError: ApiErrorKind;
  apiErrorStatus?: number;
};

/** An assistant-shaped message that reports a failure; never sent back to the model. */
export function createSyntheticAssistantError(
  fields: SyntheticErrorFields,
  uuid: string = randomUuid(),
): AssistantMessage {
  const message: AssistantMessage = {
    type: 'assistant',
    uuid,
    timestamp: now(),
    message: {
      id: `msg_synthetic_${uuid}`,
      type: 'message',
      role: 'assistant',
      model: SYNTHETIC_MODEL,
      content: [{ type: 'text', text: fields.text, citations: null }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      // Every key of an API message, so hosts reading this line as one find them all.
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: emptyUsage(),
    },
    apiError: fields.apiError,
  };
  if (fields.apiErrorStatus !== undefined) message.apiErrorStatus = fields.apiErrorStatus;
  return message;
}

/**
 * The text a response had streamed when the user interrupted it, as the assistant turn it was
 * becoming: the model sees next turn what the user saw. No stop reason: the response never ended.
 */
export function createInterruptedTextMessage(
  text: string,
  response: { id: string; model: string },
  uuid: string = randomUuid(),
): AssistantMessage {
  return {
    type: 'assistant',
    uuid,
    timestamp: now(),
    message: {
      id: response.id,
      type: 'message',
      role: 'assistant',
      model: response.model,
      content: [{ type: 'text', text, citations: null }],
      stop_reason: null,
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

export function isInterruptionMessage(message: Message): boolean {
  if (message.type !== 'user' || typeof message.message.content === 'string') return false;
  return message.message.content.some(
    (block) => block.type === 'text' && (block.text === INTERRUPT_MESSAGE || block.text === INTERRUPT_MESSAGE_FOR_TOOL_USE),
  );
}

function emptyUsage(): AssistantMessage['message']['usage'] {
  return {
    cache_creation: null,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    inference_geo: null,
    input_tokens: 0,
    output_tokens: 0,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  };
}

export function createInterruptionMessage(toolUse: boolean, uuid?: string): UserMessage {
  const text = toolUse ? INTERRUPT_MESSAGE_FOR_TOOL_USE : INTERRUPT_MESSAGE;
  return createUserMessage({ content: [{ type: 'text', text }], isSynthetic: true }, uuid);
}

export function getToolUseBlocks(message: Message): ToolUseBlock[] {
  if (message.type !== 'assistant') return [];
  return message.message.content.filter((block): block is ToolUseBlock => block.type === 'tool_use');
}

/** The tool_use ids answered by tool_result blocks in these messages. */
export function answeredToolUseIds(messages: readonly Message[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) {
      if (block.type === 'tool_result') ids.add(block.tool_use_id);
    }
  }
  return ids;
}

/**
 * One is_error tool_result for every tool_use not yet answered, so the history stays a valid
 * conversation whatever stopped the tools (abort, fallback, crash, budget).
 */
export function syntheticToolResultsFor(
  assistantMessages: readonly AssistantMessage[],
  text: string,
  answered: ReadonlySet<string> = new Set(),
  uuid: () => string = randomUuid,
): UserMessage[] {
  const results: UserMessage[] = [];
  for (const assistant of assistantMessages) {
    for (const toolUse of getToolUseBlocks(assistant)) {
      if (answered.has(toolUse.id)) continue;
      results.push(
        createToolResultMessage(
          {
            block: errorResultBlock(toolUse.id, text),
            toolUseResult: text,
            sourceToolAssistantUUID: assistant.uuid,
            isSynthetic: true,
          },
          uuid(),
        ),
      );
    }
  }
  return results;
}

/** The text of the model's final response (all its text blocks), or '' if there is none. */
export function lastAssistantText(messages: readonly Message[]): string {
  const texts: string[] = [];
  let responseId: string | undefined;
  for (const message of messages.toReversed()) {
    if (message.type !== 'assistant') {
      if (responseId !== undefined) break;
      continue;
    }
    if (responseId !== undefined && message.message.id !== responseId) break;
    responseId = message.message.id;
    for (const block of message.message.content.toReversed()) {
      if (block.type === 'text') texts.push(block.text);
    }
  }
  return texts.reverse().join('\n');
}

/** The history the model still sees: everything from the last compact boundary on. */
export function messagesAfterCompactBoundary(messages: Message[]): Message[] {
  const index = messages.findLastIndex((m) => m.type === 'system' && m.subtype === 'compact_boundary');
  return index === -1 ? messages : messages.slice(index);
}

function isSentToModel(message: Message): message is UserMessage | AssistantMessage {
  if (message.type === 'system') return false;
  return !(message.type === 'assistant' && message.apiError !== undefined);
}

function userBlocks(message: UserMessage): ContentBlockParam[] {
  const { content } = message.message;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function mergeUserContent(previous: MessageParam, message: UserMessage): void {
  const existing = typeof previous.content === 'string'
    ? [{ type: 'text' as const, text: previous.content }]
    : previous.content;
  const all = [...existing, ...userBlocks(message)];
  // The API wants a turn's tool results before any other content in the user message.
  previous.content = [
    ...all.filter((b) => b.type === 'tool_result'),
    ...all.filter((b) => b.type !== 'tool_result'),
  ];
}

/** What the history has come to so far: the API messages, the last of which may still grow. */
type Normalised = {
  params: MessageParam[];
  /** The open assistant turn, while consecutive assistant blocks keep arriving. */
  openTurn: ContentBlockParam[] | undefined;
};

/**
 * A message no later one can merge into is frozen, content and all: the request body's encoder
 * (api/serializedBody.ts) then knows it meets the very JSON it wrote last time.
 */
function settle(param: MessageParam | undefined): void {
  if (!param) return;
  Object.freeze(param.content);
  Object.freeze(param);
}

function pushParam(state: Normalised, param: MessageParam): void {
  settle(state.params.at(-1));
  state.params.push(param);
}

// Each round's history is the last one's with the round's messages after it, so only those are
// normalised; a merge cannot be undone, so a history that differs earlier is normalised again.
const normalised = resumablePass<Message, Normalised>({
  start: () => ({ params: [], openTurn: undefined }),
  rewind: () => undefined,
  add: (state, message) => {
    if (!isSentToModel(message)) return;
    if (message.type === 'assistant') {
      // Response blocks are valid request blocks as they are.
      const blocks: ContentBlockParam[] = message.message.content;
      if (state.openTurn) {
        state.openTurn.push(...blocks);
        return;
      }
      state.openTurn = [...blocks];
      pushParam(state, { role: 'assistant', content: state.openTurn });
      return;
    }
    state.openTurn = undefined;
    const previous = state.params.at(-1);
    if (previous?.role === 'user') {
      mergeUserContent(previous, message);
      return;
    }
    const { content } = message.message;
    pushParam(state, { role: 'user', content: typeof content === 'string' ? content : [...content] });
  },
});

/**
 * Pulse's history -> API messages: drops system messages and synthetic API-error messages,
 * merges one-block assistant messages back into one turn (the blocks of one response, and a
 * paused response with its continuation, which the API treats as one turn), merges consecutive
 * user messages (tool results first) and leaves every Pulse-only field behind.
 */
export function normalizeMessagesForAPI(messages: readonly Message[]): MessageParam[] {
  const { params } = normalised(messages);
  const result = params.slice();
  // The last may still grow by the next round's messages: the caller gets it as it is now.
  const last = result.at(-1);
  if (last) result[result.length - 1] = (typeof last.content === 'string' ? { ...last } : { ...last, content: [...last.content] }) as MessageParam;
  return result;
}
