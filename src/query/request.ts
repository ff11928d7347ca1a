// Builds one model request from the loop's state: API-ready history, system blocks, tool
// schemas, the current model and its output limit.
import { fitOutputToWindow } from '../api/contextLimit.js';
import { configuredMaxOutputTokens, getModelInfo } from '../api/models.js';
import { effortFor, thinkingFor } from '../api/requestFeatures.js';
import type { CallModelParams, MessageParam, TextBlockParam } from '../api/types.js';
import { estimateTextTokens, type ContextCount } from '../compact/tokens.js';
import { estimateApiToolsTokens } from '../compact/toolsTokens.js';
import { toApiTools } from '../tools/apiSchema.js';
import type { Message } from '../types/messages.js';
import { normalizeMessagesForAPI } from '../utils/messages.js';
import { resumableMap } from '../utils/resumablePass.js';
import type { QueryParams } from './deps.js';
import { withPairsOnly } from './serverToolBlocks.js';
import type { LoopState } from './state.js';
import { stripThinkingBlocks, withoutThinkingAtEnd } from './thinking.js';

/**
 * What the request asks for: an escalation override, then the caller's cap, then
 * `CLAUDE_CODE_MAX_OUTPUT_TOKENS`, then the model's default.
 */
export function maxOutputTokensFor(p: QueryParams, state: LoopState): number {
  const { model } = state.context.options;
  return (
    state.maxOutputTokensOverride ??
    p.maxOutputTokens ??
    configuredMaxOutputTokens(model) ??
    getModelInfo(model).defaultMaxOutputTokens
  );
}

function systemBlocks(systemPrompt: readonly string[]): TextBlockParam[] {
  // The API refuses empty text blocks.
  return systemPrompt.filter((text) => text.length > 0).map((text) => ({ type: 'text', text }));
}

/** The request's input: the context count, plus the system prompt and tools when it does not hold them yet. */
function inputTokensOf(request: Pick<CallModelParams, 'system' | 'tools'>, tokens: ContextCount): number {
  if (tokens.includesRequestOverhead) return tokens.tokens;
  const system = request.system.reduce((sum, block) => sum + estimateTextTokens(block.text), 0);
  return tokens.tokens + system + estimateApiToolsTokens(request.tools);
}

// Each round's messages are the last round's (the very objects) and the round's new ones, so one
// pass applies both block rules and remembers its answers: one walk and one copy a round.
const withBlockRules = resumableMap((message: MessageParam) => withPairsOnly(withoutThinkingAtEnd(message)));

/**
 * The normalised history under the API's block rules: no turn ends with a thinking block, and no
 * server tool block goes without its partner, except in the last message: a paused turn being
 * continued, whose open server tool calls the API completes (serverToolBlocks.ts).
 */
export function sendableMessages(messages: readonly MessageParam[]): MessageParam[] {
  const sent = withBlockRules(messages);
  const last = messages.at(-1);
  if (last) sent[sent.length - 1] = withoutThinkingAtEnd(last);
  return sent;
}

/** `tokens` is the context layers' count of `messages`; the output limit is fitted beside it in the window. */
export async function buildModelRequest(
  p: QueryParams,
  state: LoopState,
  messages: readonly Message[],
  tokens?: ContextCount,
): Promise<CallModelParams> {
  const { model, isNonInteractive, effort } = state.context.options;
  const system = systemBlocks(p.systemPrompt);
  const tools = await toApiTools(p.tools, { tools: p.tools, isNonInteractive });
  const requested = maxOutputTokensFor(p, state);
  const maxOutputTokens = tokens
    ? fitOutputToWindow(requested, inputTokensOf({ system, tools }, tokens), getModelInfo(model).contextWindow)
    : requested;
  const thinking = thinkingFor(model, p.thinking, maxOutputTokens);
  // Thinking blocks need thinking turned on: with it off (set_max_thinking_tokens 0, or
  // --max-thinking-tokens 0) the earlier ones stay in the history but are not sent.
  const sent = thinking.type === 'disabled' ? stripThinkingBlocks(messages) : messages;
  const request: CallModelParams = {
    messages: sendableMessages(normalizeMessagesForAPI(sent)),
    system,
    tools,
    model,
    maxOutputTokens,
    thinking,
    signal: state.context.abortSignal,
    querySource: p.source,
  };
  const effortLevel = effortFor(model, effort);
  if (effortLevel) request.effort = effortLevel;
  // Once the loop has switched to the fallback there is nothing left to fall back to.
  if (p.fallbackModel !== undefined && p.fallbackModel !== model) request.fallbackModel = p.fallbackModel;
  return request;
}
