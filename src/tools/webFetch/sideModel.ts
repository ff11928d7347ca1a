// One side question to a model through the tool context's model seam: run the call to the end
// and keep the response's blocks (withdrawn attempts removed), or the error it reported.
import type { CallModelParams } from '../../api/types.js';
import type { AssistantMessage, ContentBlock } from '../../types/messages.js';
import type { ToolUseContext } from '../Tool.js';

export type SideResponse = { ok: true; blocks: ContentBlock[] } | { ok: false; message: string };

export function sideModelName(ctx: ToolUseContext): string {
  return ctx.smallFastModel ?? (process.env.ANTHROPIC_SMALL_FAST_MODEL?.trim() || ctx.options.model);
}

export async function askSideModel(
  ctx: ToolUseContext,
  params: Omit<CallModelParams, 'signal' | 'model' | 'querySource'> & { model?: string },
): Promise<SideResponse> {
  const callModel = ctx.callModel;
  if (!callModel) return { ok: false, message: 'no model connection is available in this context' };
  const messages: AssistantMessage[] = [];
  for await (const event of callModel({
    ...params,
    model: params.model ?? sideModelName(ctx),
    signal: ctx.abortSignal,
    querySource: ctx.agentId ? `agent:${ctx.agentId}` : 'print',
  })) {
    if (event.type === 'tombstone') {
      const index = messages.findIndex((m) => m.uuid === event.message.uuid);
      if (index !== -1) messages.splice(index, 1);
      continue;
    }
    if (event.type !== 'assistant') continue;
    if (event.apiError !== undefined) {
      const text = event.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      return { ok: false, message: text || event.apiError };
    }
    messages.push(event);
  }
  return { ok: true, blocks: messages.flatMap((m) => m.message.content) };
}

export function textOfBlocks(blocks: readonly ContentBlock[]): string {
  return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('').trim();
}
