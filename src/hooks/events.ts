// The hook events Pulse fires and the JSON each one receives on stdin (field names match the
// reference so existing hook scripts work unchanged).
import type { PermissionMode, PermissionUpdate } from '../types/permissions.js';

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SubagentStart',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'Notification',
  'PermissionRequest',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/** Fields every event carries; `hook_event_name` is added by the runner. */
export type HookBaseInput = {
  session_id: string;
  transcript_path: string;
  cwd: string;
  permission_mode?: PermissionMode;
  agent_id?: string;
  agent_type?: string;
};

type ToolFields = {
  tool_name: string;
  tool_input: Record<string, unknown>;
};

export type HookEventFields = {
  PreToolUse: ToolFields & { tool_use_id: string };
  PostToolUse: ToolFields & { tool_response: unknown; tool_use_id: string };
  PostToolUseFailure: ToolFields & { tool_use_id: string; error: string; is_interrupt?: boolean };
  UserPromptSubmit: { prompt: string };
  Stop: { stop_hook_active: boolean; last_assistant_message?: string };
  SubagentStop: {
    stop_hook_active: boolean;
    agent_id: string;
    agent_type: string;
    agent_transcript_path: string;
    last_assistant_message?: string;
  };
  SubagentStart: { agent_id: string; agent_type: string };
  SessionStart: { source: 'startup' | 'resume' | 'clear' | 'compact'; model?: string };
  SessionEnd: { reason: 'clear' | 'resume' | 'logout' | 'prompt_input_exit' | 'other' };
  PreCompact: { trigger: 'manual' | 'auto'; custom_instructions: string | null };
  Notification: { message: string; title?: string; notification_type: string };
  PermissionRequest: ToolFields & { permission_suggestions?: PermissionUpdate[] };
};

export type HookInput<E extends HookEvent> = HookBaseInput & HookEventFields[E];

/**
 * The value a matcher is tested against: the tool name for tool events, the source, reason,
 * trigger or type for the others. Events without one (prompt submit, stop) run every hook.
 */
export function defaultMatchQuery(event: HookEvent, input: Record<string, unknown>): string | undefined {
  const field = MATCH_FIELD[event];
  if (!field) return undefined;
  const value = input[field];
  return typeof value === 'string' ? value : undefined;
}

const MATCH_FIELD: Partial<Record<HookEvent, string>> = {
  PreToolUse: 'tool_name',
  PostToolUse: 'tool_name',
  PostToolUseFailure: 'tool_name',
  PermissionRequest: 'tool_name',
  SessionStart: 'source',
  SessionEnd: 'reason',
  PreCompact: 'trigger',
  Notification: 'notification_type',
  SubagentStart: 'agent_type',
  SubagentStop: 'agent_type',
};
