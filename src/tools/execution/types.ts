// What the execution pipeline needs from its caller.
import type { ToolUseBlock } from '@anthropic-ai/sdk/resources/messages/messages';
import type { AssistantMessage, Message, ProgressMessage } from '../../types/messages.js';
import type { AnyTool, AskPermissionFn, ToolUseContext } from '../Tool.js';

export type AskPermission = AskPermissionFn;

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

/** A call that had started running when its response was withdrawn or replaced, and what it produced. */
export type RanCall = { call: ToolCall; results: Message[] };
