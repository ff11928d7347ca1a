// One side question to a model through the tool context's model seam: run the call to the end
// and keep the response's blocks (withdrawn attempts removed), or the error it reported. A turn
// the API pauses (its server tools, such as web search, ran long) is sent back as it is to let
// the model carry on, a bounded number of times.
import type { CallModelParams, MessageParam } from '../../api/types.js';
import type { AssistantMessage, ContentBlock } from '../../types/messages.js';
import type { ToolUseContext } from '../Tool.js';

export type SideResponse = { ok: true; blocks: ContentBlock[] } | { ok: false; message: string };

/** Continuations of a paused side request before its blocks so far are taken as the answer. */
export const MAX_SIDE_PAUSES = 5;

type SideParams = Omit<CallModelParams, 'signal' | 'model' | 'querySource'> & { model?: string };
type OneResponse = { ok: true; blocks: ContentBlock[]; paused: boolean } | { ok: false; message: string };

export function sideModelName(ctx: ToolUseContext): string {
  return ctx.smallFastModel ?? (process.env.ANTHROPIC_SMALL_FAST_MODEL?.trim() || ctx.options.model);
}

async function askOnce(ctx: ToolUseContext, params: SideParams, messages: MessageParam[]): Promise<OneResponse> {
  const callModel = ctx.callModel;
  if (!callModel) return { ok: false, message: 'no model connection is available in this context' };
  const received: AssistantMessage[] = [];
  for await (const event of callModel({
    ...params,
    messages,
    model: params.model ?? sideModelName(ctx),
    signal: ctx.abortSignal,
    querySource: ctx.agentId ? `agent:${ctx.agentId}` : 'print',
  })) {
    if (event.type === 'tombstone') {
      const index = received.findIndex((m) => m.uuid === event.message.uuid);
      if (index !== -1) received.splice(index, 1);
      continue;
    }
    if (event.type !== 'assistant') continue;
    if (event.apiError !== undefined) {
      const text = event.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      return { ok: false, message: text || event.apiError };
    }
    received.push(event);
  }
  const paused = received.at(-1)?.message.stop_reason === 'pause_turn';
  return { ok: true, blocks: received.flatMap((m) => m.message.content), paused };
}

export async function askSideModel(ctx: ToolUseContext, params: SideParams): Promise<SideResponse> {
  const blocks: ContentBlock[] = [];
  for (let pauses = 0; ; pauses++) {
    // A continuation ends with the paused turn so far; the API treats what comes back as more of it.
    const messages: MessageParam[] = blocks.length > 0 ? [...params.messages, { role: 'assistant', content: [...blocks] }] : params.messages;
    const response = await askOnce(ctx, params, messages);
    if (!response.ok) return response;
    blocks.push(...response.blocks);
    if (!response.paused || pauses >= MAX_SIDE_PAUSES) return { ok: true, blocks };
  }
}

export function textOfBlocks(blocks: readonly ContentBlock[]): string {
  return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('').trim();
}
