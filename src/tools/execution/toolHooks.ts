// The hooks around one tool call: PreToolUse before permission, PostToolUse after a result,
// PostToolUseFailure after a crash. Each returns plain data or ready-made messages so the
// pipeline stays a straight line; with no hooks configured every step is a no-op.
import type { HookCallSite } from '../../hooks/hookRunner.js';
import type { CommonHookResult } from '../../hooks/fold.js';
import type { HookPermissionDecision } from '../../hooks/preToolUse.js';
import type { Message, SystemMessage, UserMessage } from '../../types/messages.js';
import { createSystemMessage, createUserMessage } from '../../utils/messages.js';
import type { AnyTool, ToolUseContext } from '../Tool.js';

/** `data.hookStopped` on a system message tells the loop a hook asked to stop after this batch. */
const HOOK_STOPPED_KEY = 'hookStopped';

export type HookVote = { decision: Exclude<HookPermissionDecision, 'deny'>; reason?: string };

export type PreToolUseVerdict = {
  /** Set when a hook refused the call: the text for the model. */
  blocked?: string;
  vote?: HookVote;
  updatedInput?: Record<string, unknown>;
  /** Warnings and hook errors for the person, shown before the call's result. */
  notices: SystemMessage[];
  /** Context for the model and the stop marker, to follow the call's result. */
  after: Message[];
};

export function hookCallSite(context: ToolUseContext): HookCallSite {
  return {
    cwd: context.getCwd(),
    permissionMode: context.getPermissionContext().mode,
    signal: context.abortSignal,
    ...(context.agentId ? { agentId: context.agentId } : {}),
  };
}

export async function preToolUse(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: ToolUseContext & { toolUseId: string },
  uuid: () => string,
): Promise<PreToolUseVerdict> {
  const hooks = context.hooks;
  if (!hooks?.has('PreToolUse')) return { notices: [], after: [] };
  const result = await hooks.preToolUse(
    { tool_name: tool.name, tool_input: input, tool_use_id: context.toolUseId },
    hookCallSite(context),
  );
  const verdict: PreToolUseVerdict = { notices: hookNotices('PreToolUse', result, uuid), after: [] };
  if (result.additionalContext) verdict.after.push(hookContextMessage('PreToolUse', tool, result.additionalContext, uuid));
  if (result.preventContinuation) verdict.after.push(hookStoppedMarker(`PreToolUse:${tool.name}`, result.stopReason, uuid));
  if (result.decision === 'deny') {
    verdict.blocked = `A PreToolUse hook blocked this ${tool.name} call: ${result.blockingMessage ?? result.reason ?? 'no reason given'}`;
    return verdict;
  }
  if (result.decision) verdict.vote = { decision: result.decision, ...(result.reason ? { reason: result.reason } : {}) };
  if (result.updatedInput) verdict.updatedInput = result.updatedInput;
  return verdict;
}

/** Context, feedback and a stop marker for the model after a call that ran. */
export async function postToolUse(
  tool: AnyTool,
  input: Record<string, unknown>,
  response: unknown,
  context: ToolUseContext & { toolUseId: string },
  uuid: () => string,
): Promise<Message[]> {
  const hooks = context.hooks;
  if (!hooks?.has('PostToolUse')) return [];
  const result = await hooks.postToolUse(
    { tool_name: tool.name, tool_input: input, tool_response: response, tool_use_id: context.toolUseId },
    hookCallSite(context),
  );
  return afterToolMessages('PostToolUse', tool, result, uuid);
}

export async function postToolUseFailure(
  tool: AnyTool,
  input: Record<string, unknown>,
  error: unknown,
  context: ToolUseContext & { toolUseId: string },
  uuid: () => string,
): Promise<Message[]> {
  const hooks = context.hooks;
  if (!hooks?.has('PostToolUseFailure')) return [];
  const result = await hooks.postToolUseFailure(
    {
      tool_name: tool.name,
      tool_input: input,
      tool_use_id: context.toolUseId,
      error: error instanceof Error ? error.message : String(error),
      is_interrupt: context.abortSignal.aborted,
    },
    // The turn may be aborting; the hook still hears about the failure.
    { ...hookCallSite(context), signal: new AbortController().signal },
  );
  return afterToolMessages('PostToolUseFailure', tool, result, uuid);
}

type AfterToolResult = CommonHookResult & { blockingMessages: string[]; additionalContext: string[] };

function afterToolMessages(
  event: 'PostToolUse' | 'PostToolUseFailure',
  tool: AnyTool,
  result: AfterToolResult,
  uuid: () => string,
): Message[] {
  const messages: Message[] = hookNotices(event, result, uuid);
  const feedback = [...result.blockingMessages, ...result.additionalContext];
  if (feedback.length > 0) messages.push(hookContextMessage(event, tool, feedback.join('\n'), uuid));
  if (result.preventContinuation) messages.push(hookStoppedMarker(`${event}:${tool.name}`, result.stopReason, uuid));
  return messages;
}

/** Hook output for the model, sent in the same user turn as the tool result and labelled as such. */
export function hookContextMessage(event: string, tool: AnyTool, text: string, uuid: () => string): UserMessage {
  return createUserMessage({ content: `${event} hook output for the ${tool.name} call:\n${text}`, isMeta: true }, uuid());
}

/** `systemMessage` warnings and non-blocking hook failures, for the person. */
export function hookNotices(event: string, result: CommonHookResult, uuid: () => string): SystemMessage[] {
  return [
    ...result.systemMessages.map((text) => createSystemMessage('warning', `${event} hook: ${text}`, undefined, uuid())),
    ...result.errors.map((text) => createSystemMessage('warning', `Hook error: ${text}`, undefined, uuid())),
  ];
}

export function hookStoppedMarker(hookName: string, stopReason: string | undefined, uuid: () => string): SystemMessage {
  const text = stopReason ?? `${hookName} hook stopped the turn`;
  return createSystemMessage('informational', text, { [HOOK_STOPPED_KEY]: true, hookName }, uuid());
}

/** Whether a hook asked to end the turn once this batch of tool results is in. */
export function isHookStoppedMarker(message: Message): boolean {
  return message.type === 'system' && message.data?.[HOOK_STOPPED_KEY] === true;
}
