// The contract between the loop and the model layer. The loop hands over API-ready messages;
// the model layer streams back events and assembled messages and never knows about tools.
import type {
  MessageParam,
  TextBlockParam,
  Tool as ApiTool,
  WebSearchTool20250305,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  AssistantMessage,
  StreamEventMessage,
  SystemMessage,
  TombstoneMessage,
} from '../types/messages.js';
import type { EffortLevel } from './models.js';

export type { ApiTool, MessageParam, TextBlockParam };

/** Tools the API runs itself (web search); their blocks come back in the response. */
export type ServerTool = WebSearchTool20250305;

/** Who is asking: decides retry policy and recursion guards. */
export type QuerySource = 'repl' | 'print' | 'sdk' | 'compact' | `agent:${string}`;

export type ThinkingConfig =
  | { type: 'enabled'; budgetTokens: number }
  | { type: 'disabled' }
  /** The model decides how much to think (current models). */
  | { type: 'adaptive' };

export type CallModelParams = {
  messages: MessageParam[];
  system: TextBlockParam[];
  tools: ApiTool[];
  /** Declared after `tools`; WebSearch's side request declares the web search tool here. */
  serverTools?: ServerTool[];
  model: string;
  /** Used after 3 consecutive overloaded errors; without it they end the call with an error. */
  fallbackModel?: string;
  maxOutputTokens: number;
  thinking?: ThinkingConfig;
  /** `output_config.effort`; absent for models that take none. */
  effort?: EffortLevel;
  signal: AbortSignal;
  querySource: QuerySource;
};

/**
 * What `callModel` yields, in order:
 * - `stream_event` for every raw API event (live rendering, --include-partial-messages);
 * - one `assistant` message per content block, as each block closes (usage and stop_reason are
 *   patched onto the last one when message_delta arrives);
 * - `system` `api_retry` before each retry; `tombstone` for already-yielded blocks of an attempt
 *   that died mid-stream and is being retried;
 * - on failure after retries, or on a non-retryable error, a synthetic `assistant` message with
 *   `apiError` set (prompt-too-long and max_output_tokens are reported this way too, so the
 *   loop can withhold and recover). `callModel` throws only for abort and model fallback.
 */
export type ModelEvent = StreamEventMessage | AssistantMessage | SystemMessage | TombstoneMessage;

export type CallModel = (params: CallModelParams) => AsyncGenerator<ModelEvent, void>;
