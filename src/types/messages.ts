// The one internal message union. The loop yields these; the REPL, print mode, stream-json,
// the SDK protocol and transcripts all map from them and never re-derive them.
import type {
  Container,
  ContentBlock,
  ContentBlockParam,
  Diagnostics,
  RawMessageStreamEvent,
  RefusalStopDetails,
  StopReason,
  ToolResultBlockParam,
  Usage,
} from '@anthropic-ai/sdk/resources/messages/messages';

export type {
  ContentBlock,
  ContentBlockParam,
  RawMessageStreamEvent,
  RefusalStopDetails,
  StopReason,
  ToolResultBlockParam,
  Usage,
};

/** Why an assistant message is a synthetic error rather than model output. */
export type ApiErrorKind =
  | 'max_output_tokens'
  | 'prompt_too_long'
  | 'authentication_failed'
  | 'billing_error'
  | 'rate_limit'
  | 'invalid_request'
  | 'server_error'
  /** A safety classifier stopped the model's responses, and the loop gave up on the turn. */
  | 'refusal'
  | 'unknown';

/** Why the permission check refused a call: the reference's `decision_reason_type` (and reason). */
export type PermissionDenialCheck = { reasonType?: 'rule' | 'mode' | 'hook' | 'classifier'; reason?: string };

export type UserMessage = {
  type: 'user';
  uuid: string;
  timestamp: string;
  message: { role: 'user'; content: string | ContentBlockParam[] };
  /** Hidden from the UI: nudges, reminders, recovery prompts. Still sent to the model. */
  isMeta?: boolean;
  /** Made by Pulse rather than typed by a person (synthetic tool results, interruptions). */
  isSynthetic?: boolean;
  /** The tool's raw output, for the UI and stream-json `tool_use_result`. */
  toolUseResult?: unknown;
  /** The output in the reference's `tool_use_result` shape, when the tool's own differs. */
  sdkToolUseResult?: unknown;
  /** The assistant message that asked for the tool this message answers. */
  sourceToolAssistantUUID?: string;
  /** Set on the tool result when permission was refused, for `permission_denials`. */
  permissionDenied?: {
    toolName: string;
    toolInput: Record<string, unknown>;
    /**
     * Set when the permission check refused the call (rules, mode, a PermissionRequest hook, the
     * person or host asked) rather than a PreToolUse hook's block: stream-json then prints a
     * `system/permission_denied` line, with why in the reference's terms when the chain knows.
     */
    check?: PermissionDenialCheck;
  };
  /** On the note that tells the model a safety classifier stopped its response: that response's id. */
  refusedMessageId?: string;
};

/**
 * One assistant content block. A model response with three blocks becomes three messages that
 * share `message.id`; `normalizeMessagesForAPI` merges them back for the next request.
 */
export type AssistantMessage = {
  type: 'assistant';
  uuid: string;
  timestamp: string;
  message: {
    id: string;
    type: 'message';
    role: 'assistant';
    model: string;
    content: ContentBlock[];
    stop_reason: StopReason | null;
    stop_sequence: string | null;
    /** Why the output stopped, when the API says more than the stop reason (a refusal's category). */
    stop_details?: RefusalStopDetails | null;
    /** The API's code-execution container and cache diagnostics, as received (null on synthetic messages). */
    container?: Container | null;
    diagnostics?: Diagnostics | null;
    usage: Usage;
  };
  requestId?: string;
  /** Set on synthetic messages that report an API failure instead of model output. */
  apiError?: ApiErrorKind;
  /** HTTP status of the failure, when there was one. */
  apiErrorStatus?: number;
  /** On the error that ends a turn after repeated refusals: the id of the last refused response. */
  refusedMessageId?: string;
};

export type SystemSubtype =
  | 'api_retry'
  | 'model_fallback'
  | 'compact_boundary'
  | 'snip_boundary'
  | 'warning'
  | 'informational'
  /** A safety classifier stopped a response (`data.retrying` says whether the loop asks again). */
  | 'refusal';

export type SystemMessage = {
  type: 'system';
  subtype: SystemSubtype;
  uuid: string;
  timestamp: string;
  content: string;
  /** Subtype-specific fields, kept flat so formatters can spread them (stream-json shapes). */
  data?: Record<string, unknown>;
};

/** The messages that make up a conversation's history. */
export type Message = UserMessage | AssistantMessage | SystemMessage;

/** A raw API stream event, passed through for `--include-partial-messages` and live rendering. */
export type StreamEventMessage = { type: 'stream_event'; event: RawMessageStreamEvent };

/** Emitted just before each model request. */
export type RequestStartEvent = { type: 'stream_request_start' };

/** Withdraws an assistant message already yielded (model fallback): consumers drop it. */
export type TombstoneMessage = { type: 'tombstone'; message: AssistantMessage };

/** Progress from a running tool (Bash output lines, sub-agent activity). Never persisted. */
export type ProgressMessage = {
  type: 'progress';
  toolUseID: string;
  toolName: string;
  data: unknown;
};

export type LoopEvent =
  | Message
  | StreamEventMessage
  | RequestStartEvent
  | TombstoneMessage
  | ProgressMessage;

export function isHistoryMessage(event: LoopEvent): event is Message {
  return event.type === 'user' || event.type === 'assistant' || event.type === 'system';
}

export type { ToolResultBlockParam as ToolResultBlock };
