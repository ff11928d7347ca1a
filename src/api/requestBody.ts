// Shapes the request body. Two prompt-cache breakpoints: the end of the system prompt (stable
// across turns) and the end of the conversation (moves forward each turn, so every request
// reads the previous one's cache). Inputs are never mutated: the loop keeps its history.
import type { ContentBlockParam } from '../types/messages.js';
import { apiModelName } from './models.js';
import { featureFields, type RequestBody } from './requestFeatures.js';
import type { CallModelParams, MessageParam, TextBlockParam } from './types.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

/** Block types the API refuses a cache_control on. */
const UNCACHEABLE = new Set(['thinking', 'redacted_thinking']);

function withCachedSystem(system: TextBlockParam[]): TextBlockParam[] {
  if (system.length === 0) return [];
  const copy = system.slice();
  const last = copy.length - 1;
  copy[last] = { ...(copy[last] as TextBlockParam), cache_control: EPHEMERAL };
  return copy;
}

function cachedContent(content: string | ContentBlockParam[]): ContentBlockParam[] {
  if (typeof content === 'string') return [{ type: 'text', text: content, cache_control: EPHEMERAL }];
  const copy = content.slice();
  const lastIndex = copy.length - 1;
  const last = copy[lastIndex];
  if (!last || UNCACHEABLE.has(last.type)) return copy;
  copy[lastIndex] = { ...last, cache_control: EPHEMERAL } as ContentBlockParam;
  return copy;
}

function withCachedTail(messages: MessageParam[]): MessageParam[] {
  const copy = messages.slice();
  const lastIndex = copy.length - 1;
  const last = copy[lastIndex];
  if (!last || last.role === 'system') return copy;
  copy[lastIndex] = { ...last, content: cachedContent(last.content) };
  return copy;
}

export function buildRequestBody(params: CallModelParams, model = params.model): RequestBody {
  const body: RequestBody = {
    model: apiModelName(model),
    max_tokens: params.maxOutputTokens,
    messages: withCachedTail(params.messages),
    stream: true,
  };
  if (params.system.length > 0) body.system = withCachedSystem(params.system);
  const tools = [...params.tools, ...(params.serverTools ?? [])];
  if (tools.length > 0) body.tools = tools;
  return Object.assign(body, featureFields(params.thinking, params.effort));
}

/** The same body with another output limit; a thinking budget is kept below it, as the API requires. */
export function withMaxTokens(body: RequestBody, maxTokens: number): RequestBody {
  const next = { ...body, max_tokens: maxTokens };
  if (body.thinking?.type === 'enabled' && body.thinking.budget_tokens >= maxTokens) {
    next.thinking = { ...body.thinking, budget_tokens: maxTokens - 1 };
  }
  return next;
}
