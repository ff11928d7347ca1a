// One tool call, start to finish: find the tool, check the input, get permission, run it and
// turn what came back (or what went wrong) into exactly one tool_result message. Nothing thrown
// here escapes: every failure becomes an is_error result the model can read and act on.
import type * as z from 'zod';
import type { Message, PermissionDenialCheck, UserMessage } from '../../types/messages.js';
import {
  createToolResultMessage,
  errorResultBlock,
  toolResultText,
  toolUseError,
} from '../../utils/messages.js';
import { findToolByName, type AnyTool, type ToolUseContext } from '../Tool.js';
import { formatValidationError, parseToolInput } from './inputValidation.js';
import { decidePermission } from './permissionStep.js';
import { postToolUse, postToolUseFailure, preToolUse, type PreToolUseVerdict } from './toolHooks.js';
import type { ToolCall, ToolRunEvent, ToolRunParams } from './types.js';

export const CANCELLED_TOOL_MESSAGE =
  'The user interrupted before this tool finished. Stop here and wait for their next instruction.';

/** The context one call runs with: the turn's context plus this call's id. */
type CallContext = ToolUseContext & { toolUseId: string };

type Step = { ok: true; input: Record<string, unknown> } | { ok: false; result: UserMessage };

/** Builds the result messages of one call; all carry the asking assistant message's uuid. */
class Reply {
  constructor(
    private readonly call: ToolCall,
    private readonly uuid: () => string,
  ) {}

  error(text: string, extra: Pick<UserMessage, 'permissionDenied'> = {}): UserMessage {
    return this.result(text, text, extra);
  }

  /** A failure in the wrapping the model knows; the raw text stays for the UI. */
  toolError(text: string): UserMessage {
    return this.result(toolUseError(text), text);
  }

  private result(
    content: string,
    toolUseResult: string,
    extra: Pick<UserMessage, 'permissionDenied'> = {},
  ): UserMessage {
    return createToolResultMessage(
      {
        block: errorResultBlock(this.call.block.id, content),
        toolUseResult,
        sourceToolAssistantUUID: this.call.assistantMessage.uuid,
        ...extra,
      },
      this.uuid(),
    );
  }

  success(tool: AnyTool, output: unknown): UserMessage {
    const id = this.call.block.id;
    // The id is the pipeline's to keep right, whatever the tool's mapper does.
    const block = { ...tool.toResultBlock(output, id), tool_use_id: id };
    return createToolResultMessage(
      {
        block,
        toolUseResult: output,
        ...(tool.sdkResult ? { sdkToolUseResult: tool.sdkResult(output) } : {}),
        sourceToolAssistantUUID: this.call.assistantMessage.uuid,
      },
      this.uuid(),
    );
  }
}

/** The result message of this call, among the events a call yields. */
export function isResultOf(event: ToolRunEvent, toolUseId: string): event is UserMessage {
  if (event.type !== 'user' || typeof event.message.content === 'string') return false;
  return event.message.content.some((block) => block.type === 'tool_result' && block.tool_use_id === toolUseId);
}

/**
 * The call's events as they happen; the session's journal hears of the result before anyone else.
 * A result made after the call was cancelled (a permission answer that stopped the turn, say) is
 * not the call's answer yet: the executor may answer it otherwise, and the loop's ordered output
 * records whichever answer it keeps. Journaling it too would leave the file two answers to one call.
 */
export async function* runToolUse(call: ToolCall, params: ToolRunParams): AsyncGenerator<ToolRunEvent, void> {
  const journal = params.context.toolCallJournal;
  for await (const event of runSteps(call, params)) {
    if (journal && !params.context.abortSignal.aborted && isResultOf(event, call.block.id)) journal.finished(event);
    yield event;
  }
}

async function* runSteps(call: ToolCall, params: ToolRunParams): AsyncGenerator<ToolRunEvent, void> {
  const reply = new Reply(call, params.uuid);
  const tool = findToolByName(params.tools, call.block.name);
  if (!tool) {
    yield reply.toolError(`Error: No such tool available: ${call.block.name}`);
    return;
  }
  // The caller's permission answer rides along so a sub-agent started by this call can ask it too.
  const context: CallContext = { ...params.context, toolUseId: call.block.id, canUseTool: params.canUseTool };
  if (context.abortSignal.aborted) {
    yield reply.error(CANCELLED_TOOL_MESSAGE);
    return;
  }
  let calledWith: Record<string, unknown> | undefined;
  // What PreToolUse hooks left for after the result (context, a stop request), however it ends.
  let afterResult: Message[] = [];
  try {
    const checked = await checkInput(tool, call.block.input, context, reply);
    if (!checked.ok) {
      yield checked.result;
      return;
    }
    const pre = await preToolUse(tool, checked.input, context, params.uuid);
    afterResult = pre.after;
    yield* pre.notices;
    const authorized = yield* authorize(tool, checked.input, pre, context, params, reply);
    if (!authorized.ok) {
      yield authorized.result;
      yield* afterResult;
      return;
    }
    calledWith = authorized.input;
    yield* callTool(tool, authorized.input, context, reply, params.uuid);
    yield* afterResult;
  } catch (error) {
    yield failureResult(error, tool, context, reply);
    if (calledWith) yield* await postToolUseFailure(tool, calledWith, error, context, params.uuid);
    yield* afterResult;
  }
}

/** `check` when the permission check refused the call; a PreToolUse hook's block has none. */
function denial(tool: AnyTool, input: Record<string, unknown>, check?: PermissionDenialCheck): Pick<UserMessage, 'permissionDenied'> {
  return { permissionDenied: { toolName: tool.name, toolInput: input, ...(check ? { check } : {}) } };
}

function failureResult(error: unknown, tool: AnyTool, context: CallContext, reply: Reply): UserMessage {
  if (context.abortSignal.aborted) return reply.error(CANCELLED_TOOL_MESSAGE);
  const message = error instanceof Error ? error.message : String(error);
  return reply.toolError(`Error calling ${tool.name}: ${message}`);
}

async function checkInput(tool: AnyTool, raw: unknown, context: ToolUseContext, reply: Reply): Promise<Step> {
  const parsed = reparse(tool, raw, reply);
  if (!parsed.ok || !tool.validateInput) return parsed;
  const verdict = await tool.validateInput(parsed.input, context);
  if (verdict.ok) return parsed;
  return { ok: false, result: reply.toolError(verdict.message) };
}

function reparse(tool: AnyTool, raw: unknown, reply: Reply): Step {
  const schema: z.ZodType = tool.inputSchema;
  const parsed = parseToolInput(schema, raw);
  if (parsed.ok) return parsed;
  return { ok: false, result: reply.toolError(formatValidationError(tool.name, parsed.problems)) };
}

/**
 * A hook's refusal ends it; input a hook rewrote is checked like the model's own (schema, then
 * the tool's rules); then the permission chain, with the hook's vote, decides.
 */
async function* authorize(
  tool: AnyTool,
  input: Record<string, unknown>,
  pre: PreToolUseVerdict,
  context: CallContext,
  params: ToolRunParams,
  reply: Reply,
): AsyncGenerator<ToolRunEvent, Step> {
  if (pre.blocked !== undefined) return { ok: false, result: reply.error(pre.blocked, denial(tool, input)) };
  const hooked = pre.updatedInput === undefined ? { ok: true as const, input } : await checkInput(tool, pre.updatedInput, context, reply);
  if (!hooked.ok) return hooked;
  const { outcome, notices } = await decidePermission(tool, hooked.input, context, params.canUseTool, pre.vote, params.uuid);
  yield* notices;
  if (!outcome.allowed) return { ok: false, result: reply.error(outcome.message, denial(tool, hooked.input, outcome.check)) };
  return withUpdatedInput(tool, hooked.input, outcome.updatedInput, reply);
}

// Input rewritten by the person or a hook goes through the schema again: the tool only ever
// sees input its own schema accepted.
function withUpdatedInput(
  tool: AnyTool,
  input: Record<string, unknown>,
  updated: Record<string, unknown> | undefined,
  reply: Reply,
): Step {
  return updated === undefined ? { ok: true, input } : reparse(tool, updated, reply);
}

async function* callTool(
  tool: AnyTool,
  input: Record<string, unknown>,
  context: CallContext,
  reply: Reply,
  uuid: () => string,
): AsyncGenerator<ToolRunEvent, void> {
  const toolUseID = context.toolUseId;
  context.toolCallJournal?.started(toolUseID);
  const generator = tool.call(input, context);
  let step = await generator.next();
  while (!step.done) {
    yield { type: 'progress', toolUseID, toolName: tool.name, data: step.value.data };
    step = await generator.next();
  }
  const { data, newMessages = [] } = step.value;
  const result = reply.success(tool, data);
  yield result;
  yield* newMessages;
  // A call that ran but reports failure (a command's real failing exit, an MCP tool's isError)
  // is a failure to the hooks too, told in the words the model got, as the reference does.
  const failed = failedResultText(result, context.toolUseId);
  if (failed !== undefined) yield* await postToolUseFailure(tool, input, failed, context, uuid);
  else yield* await postToolUse(tool, input, data, context, uuid);
}

function failedResultText(result: UserMessage, toolUseId: string): string | undefined {
  if (typeof result.message.content === 'string') return undefined;
  const block = result.message.content.find((part) => part.type === 'tool_result' && part.tool_use_id === toolUseId);
  return block?.type === 'tool_result' && block.is_error === true ? toolResultText(block) : undefined;
}
