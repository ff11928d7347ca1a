// The one mapping from the loop's events to stream-json lines. Formatters call this; nothing
// else decides how an internal message looks on the wire.
import type {
  ApiErrorKind,
  AssistantMessage,
  LoopEvent,
  ProgressMessage,
  SystemMessage,
  UserMessage,
} from '../../types/messages.js';
import type {
  SdkAssistant,
  SdkAssistantError,
  SdkLine,
  SdkSystemEvent,
  SdkUser,
} from './sdkTypes.js';
import { ThinkingProgress } from './thinkingProgress.js';

export type MappingContext = {
  sessionId: string;
  includePartialMessages: boolean;
  newUuid: () => string;
};

/** System subtypes SDK consumers know; warnings and notes stay internal. */
const PRINTED_SYSTEM_SUBTYPES = new Set(['api_retry', 'model_fallback', 'compact_boundary']);

/** The SDK knows no prompt-too-long or refusal errors: both are invalid requests there, as in the reference. */
export function sdkErrorKind(kind: ApiErrorKind): SdkAssistantError {
  return kind === 'prompt_too_long' || kind === 'refusal' ? 'invalid_request' : kind;
}

export function toSdkAssistant(message: AssistantMessage, sessionId: string, parentToolUseId: string | null = null): SdkAssistant {
  const line: SdkAssistant = {
    type: 'assistant',
    message: message.message,
    parent_tool_use_id: parentToolUseId,
    session_id: sessionId,
    uuid: message.uuid,
    timestamp: message.timestamp,
  };
  if (message.requestId) line.request_id = message.requestId;
  if (message.apiError) {
    line.error = sdkErrorKind(message.apiError);
    line.is_api_error_message = true;
  }
  if (message.refusedMessageId) line.refused_message_id = message.refusedMessageId;
  return line;
}

export function toSdkUser(message: UserMessage, sessionId: string, parentToolUseId: string | null = null): SdkUser {
  const line: SdkUser = {
    type: 'user',
    message: message.message,
    parent_tool_use_id: parentToolUseId,
    session_id: sessionId,
    uuid: message.uuid,
    timestamp: message.timestamp,
  };
  if (message.isSynthetic || message.isMeta) line.isSynthetic = true;
  const toolUseResult = message.sdkToolUseResult ?? message.toolUseResult;
  if (toolUseResult !== undefined) line.tool_use_result = toolUseResult;
  if (message.refusedMessageId) {
    line.refused_message_id = message.refusedMessageId;
    line.refusal_retry = true;
  }
  return line;
}

/**
 * A safety classifier's stop, in the reference's two shapes: a notice while the loop asks once
 * more, and the refusal record when the turn ends on it.
 */
function toSdkRefusal(message: SystemMessage, sessionId: string): SdkSystemEvent {
  const { retrying, ...fields } = message.data ?? {};
  const ids = { session_id: sessionId, uuid: message.uuid };
  if (retrying) return { type: 'system', subtype: 'informational', content: message.content, level: 'notice', ...ids };
  return { type: 'system', subtype: 'model_refusal_no_fallback', ...fields, content: '', ...ids };
}

function toSdkSystem(message: SystemMessage, sessionId: string): SdkSystemEvent | undefined {
  if (message.subtype === 'refusal') return toSdkRefusal(message, sessionId);
  if (!PRINTED_SYSTEM_SUBTYPES.has(message.subtype)) return undefined;
  if (message.subtype === 'compact_boundary') {
    // The SDK nests the compaction figures: {compact_metadata: {trigger, pre_tokens}}.
    const { trigger, pre_tokens } = message.data ?? {};
    return {
      type: 'system',
      subtype: 'compact_boundary',
      compact_metadata: { trigger, pre_tokens },
      session_id: sessionId,
      uuid: message.uuid,
    };
  }
  const content = message.subtype === 'model_fallback' ? { content: message.content } : {};
  return {
    type: 'system',
    subtype: message.subtype,
    ...content,
    ...message.data,
    session_id: sessionId,
    uuid: message.uuid,
  };
}

/**
 * The reference's note that the permission check refused a call, printed just before the call's
 * result: which tool and call, why in its terms when the chain knows, and the text the model got.
 */
function toSdkPermissionDenied(message: UserMessage, ctx: MappingContext): SdkSystemEvent | undefined {
  const check = message.permissionDenied?.check;
  const content = message.message.content;
  const result = Array.isArray(content) ? content.find((block) => block.type === 'tool_result') : undefined;
  if (!check || result?.type !== 'tool_result') return undefined;
  return {
    type: 'system',
    subtype: 'permission_denied',
    tool_name: message.permissionDenied?.toolName,
    tool_use_id: result.tool_use_id,
    ...(check.reasonType ? { decision_reason_type: check.reasonType } : {}),
    ...(check.reason !== undefined ? { decision_reason: check.reason } : {}),
    message: typeof result.content === 'string' ? result.content : '',
    uuid: ctx.newUuid(),
    session_id: ctx.sessionId,
  };
}

/** The sub-agent message an Agent call's progress carries (AgentMessageProgress), if it is one. */
function subagentMessageOf(data: unknown): UserMessage | AssistantMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, message } = data as { type?: unknown; message?: { type?: unknown } };
  if (type !== 'agent_message' || typeof message !== 'object' || message === null) return undefined;
  return message.type === 'user' || message.type === 'assistant' ? (message as UserMessage | AssistantMessage) : undefined;
}

/** A sub-agent's message as the SDK shows it: a normal line whose parent is the Agent call. */
function toSdkSubagentLine(event: ProgressMessage, sessionId: string): SdkLine | undefined {
  const message = subagentMessageOf(event.data);
  if (!message) return undefined;
  return message.type === 'assistant'
    ? toSdkAssistant(message, sessionId, event.toolUseID)
    : toSdkUser(message, sessionId, event.toolUseID);
}

/** The stream-json line for one loop event, or undefined when the event is not printed. */
export function toSdkLine(event: LoopEvent, ctx: MappingContext): SdkLine | undefined {
  switch (event.type) {
    case 'assistant':
      return toSdkAssistant(event, ctx.sessionId);
    case 'user':
      return toSdkUser(event, ctx.sessionId);
    case 'system':
      return toSdkSystem(event, ctx.sessionId);
    case 'stream_event':
      if (!ctx.includePartialMessages) return undefined;
      return {
        type: 'stream_event',
        event: event.event,
        parent_tool_use_id: null,
        session_id: ctx.sessionId,
        uuid: ctx.newUuid(),
      };
    case 'stream_request_start':
      if (!ctx.includePartialMessages) return undefined;
      return {
        type: 'system',
        subtype: 'status',
        status: 'requesting',
        session_id: ctx.sessionId,
        uuid: ctx.newUuid(),
      };
    case 'progress':
      return toSdkSubagentLine(event, ctx.sessionId);
    case 'tombstone':
      return undefined;
  }
}

/** Each mapping's thinking progress (a print run or an SDK session has one mapping context). */
const thinkingByContext = new WeakMap<MappingContext, ThinkingProgress>();

function thinkingOf(ctx: MappingContext): ThinkingProgress {
  let thinking = thinkingByContext.get(ctx);
  if (!thinking) {
    thinking = new ThinkingProgress();
    thinkingByContext.set(ctx, thinking);
  }
  return thinking;
}

/**
 * Every stream-json line one loop event makes: its own line, a refused call's `permission_denied`
 * before its result, and for thinking the reference's progress reports (a `thinking_tokens` line before each thinking delta's, the thinking time on
 * the finished block's line).
 */
export function toSdkLines(event: LoopEvent, ctx: MappingContext): SdkLine[] {
  const line = toSdkLine(event, ctx);
  const own = line ? [line] : [];
  if (event.type === 'stream_event') {
    const estimate = thinkingOf(ctx).accept(event.event);
    if (!estimate) return own;
    return [{ type: 'system', subtype: 'thinking_tokens', ...estimate, session_id: ctx.sessionId, uuid: ctx.newUuid() }, ...own];
  }
  if (event.type === 'user') {
    const denied = toSdkPermissionDenied(event, ctx);
    return denied ? [denied, ...own] : own;
  }
  if (event.type === 'assistant' && line?.type === 'assistant' && event.message.content[0]?.type === 'thinking') {
    const durationMs = thinkingOf(ctx).takeDurationMs();
    if (durationMs !== undefined) line.thinking_duration_ms = durationMs;
  }
  return own;
}
