// The shapes Pulse prints in stream-json and json output, matching the reference's SDK
// messages (REFERENCE §8.2) so existing SDK consumers can read them.
import type { AssistantMessage, RawMessageStreamEvent, UserMessage } from '../../types/messages.js';

export type SdkAssistantError =
  | 'authentication_failed'
  | 'billing_error'
  | 'rate_limit'
  | 'invalid_request'
  | 'server_error'
  | 'unknown'
  | 'max_output_tokens';

export type SdkInit = {
  type: 'system';
  subtype: 'init';
  cwd: string;
  session_id: string;
  tools: string[];
  mcp_servers: Array<{ name: string; status: string }>;
  model: string;
  permissionMode: string;
  slash_commands: string[];
  /** Commands only the interactive session runs. */
  terminal_slash_commands: string[];
  apiKeySource: string;
  /** The reference release whose output Pulse matches (see REFERENCE_VERSION). */
  claude_code_version: string;
  pulse_version: string;
  output_style: string;
  agents: string[];
  skills: string[];
  plugins: Array<{ name: string; path: string; source: string; version?: string }>;
  uuid: string;
  original_cwd: string;
  additional_directories: string[];
  fast_mode_state: 'off';
  /** Pulse sends no telemetry and asks for no product feedback; Bash runs unsandboxed. */
  analytics_disabled: true;
  product_feedback_disabled: true;
  sandbox_enabled: false;
};

export type SdkAssistant = {
  type: 'assistant';
  message: AssistantMessage['message'];
  /** The Agent call's tool_use id for a sub-agent's message; null for the session's own. */
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
  timestamp: string;
  request_id?: string;
  error?: SdkAssistantError;
  /** On the error that ends a turn after repeated refusals: the last refused response's id. */
  refused_message_id?: string;
  /** Set with `error`: the message is Pulse's report of a failed request, not the model's words. */
  is_api_error_message?: true;
  /** On a thinking block's line: how long it streamed. */
  thinking_duration_ms?: number;
};

export type SdkUser = {
  type: 'user';
  message: UserMessage['message'];
  /** The Agent call's tool_use id for a sub-agent's message; null for the session's own. */
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
  timestamp: string;
  isSynthetic?: true;
  tool_use_result?: unknown;
  /** On the note telling the model a safety classifier stopped its response. */
  refused_message_id?: string;
  refusal_retry?: true;
};

export type SdkSystemEvent = {
  type: 'system';
  subtype: string;
  session_id: string;
  uuid: string;
  [field: string]: unknown;
};

export type SdkStreamEvent = {
  type: 'stream_event';
  event: RawMessageStreamEvent;
  parent_tool_use_id: null;
  session_id: string;
  uuid: string;
};

export type SdkUsage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  server_tool_use: { web_search_requests: number; web_fetch_requests: number };
  service_tier: string;
  /** The reference's further usage fields; Pulse's requests use the 5-minute cache only. */
  output_tokens_details: { thinking_tokens: number };
  cache_creation: { ephemeral_1h_input_tokens: number; ephemeral_5m_input_tokens: number };
  inference_geo: string;
  iterations: unknown[];
  speed: string;
  fallback_credit: null;
};

export type SdkModelUsage = {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
  thinkingTokens: number;
  cacheCreationEphemeral5mInputTokens: number;
  cacheCreationEphemeral1hInputTokens: number;
  canonicalModel: string;
  costBasis: 'list';
};

export type SdkPermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
};

export type SdkResultSubtype =
  | 'success'
  | 'error_max_turns'
  | 'error_max_budget_usd'
  | 'error_during_execution';

export type SdkResult = {
  type: 'result';
  subtype: SdkResultSubtype;
  is_error: boolean;
  api_error_status: number | null;
  duration_ms: number;
  duration_api_ms: number;
  num_turns: number;
  /** The final answer; present on success (an API error's text when is_error). */
  result?: string;
  stop_reason: string | null;
  session_id: string;
  total_cost_usd: number;
  usage: SdkUsage;
  modelUsage: Record<string, SdkModelUsage>;
  permission_denials: SdkPermissionDenial[];
  terminal_reason: string;
  /** Responses a safety classifier stopped during the run. */
  safety_stops: number;
  /** Milliseconds from the start of the run, as the reference measures them; absent without a model request. */
  time_to_request_ms?: number;
  ttft_ms?: number;
  ttft_stream_ms?: number;
  first_content_frame_ms?: number;
  fast_mode_state: 'off';
  /** This run's usage: a print run has one result, so it equals modelUsage. */
  model_usage_since_last_result?: Record<string, SdkModelUsage>;
  errors?: string[];
  uuid: string;
};

export type SdkLine = SdkInit | SdkAssistant | SdkUser | SdkSystemEvent | SdkStreamEvent | SdkResult;
