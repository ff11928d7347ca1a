// What the execution pipeline needs from its caller. Tools never import the loop, so the
// caller's permission callback is described here by shape; the loop's `CanUseToolFn` fits it.
import type { ToolUseBlock } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantMessage, Message, ProgressMessage } from '../../types/messages.js';
import type { PermissionDecision, PermissionResult } from '../../types/permissions.js';
import type { AnyTool, ToolUseContext } from '../Tool.js';

export type AskPermission = (request: {
  tool: AnyTool;
  input: Record<string, unknown>;
  toolUseId: string;
  context: ToolUseContext;
  decision: Extract<PermissionDecision, { behavior: 'ask' }>;
  /** The sub-agent asking, when it is one (the dialog names it). */
  agentName?: string;
}) => Promise<PermissionResult>;

export type ToolRunParams = {
  tools: readonly AnyTool[];
  canUseTool: AskPermission;
  /** Shared by every call of the turn; each call gets a shallow clone with its toolUseId. */
  context: ToolUseContext;
  uuid: () => string;
};

/** One tool_use block and the assistant message that carried it. */
export type ToolCall = { block: ToolUseBlock; assistantMessage: AssistantMessage };

/** Progress as it happens, then the call's result message (and any messages the tool added). */
export type ToolRunEvent = ProgressMessage | Message;
