// One non-streaming-looking model call for the context layers: run a CallModel to the end and
// keep only the text it answered with, or the API error it reported instead.
import type { CallModel, CallModelParams } from '../api/types.js';
import type { ApiErrorKind, AssistantMessage } from '../types/messages.js';

export type ModelTextOutcome =
  | { ok: true; text: string }
  | { ok: false; apiError: ApiErrorKind; message: string };

function textOf(message: AssistantMessage): string {
  return message.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

export async function collectModelText(callModel: CallModel, params: CallModelParams): Promise<ModelTextOutcome> {
  const blocks: AssistantMessage[] = [];
  for await (const event of callModel(params)) {
    if (event.type === 'tombstone') {
      // A retried attempt withdrew what it had already produced.
      const index = blocks.findIndex((b) => b.uuid === event.message.uuid);
      if (index !== -1) blocks.splice(index, 1);
      continue;
    }
    if (event.type !== 'assistant') continue;
    if (event.apiError !== undefined) return { ok: false, apiError: event.apiError, message: textOf(event) };
    blocks.push(event);
  }
  return { ok: true, text: blocks.map(textOf).join('') };
}
