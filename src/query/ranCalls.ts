// When a response is withdrawn or sent again (a stream retried mid-way, a reply requested again
// with more output room, a switch to the fallback model, a compaction after the context filled
// up), its tool_use blocks leave the history. Calls that had already started ran all the same, so
// the model is told which ones and what they returned, and does not repeat them blindly.
import type { RanCall } from '../tools/execution/types.js';
import type { UserMessage } from '../types/messages.js';
import { createUserMessage, toolResultText } from '../utils/messages.js';

/** Enough of a result to know what happened; the model can run a read again for the rest. */
const RESULT_PREVIEW_CHARS = 2_000;
const INPUT_PREVIEW_CHARS = 300;

export const RAN_CALLS_REASONS = {
  streamRetried: 'the response stream broke off and the request was sent again',
  outputLimit: 'it hit the output token limit and is being requested again with more room',
  fallback: 'the model was switched after repeated overload errors',
  contextFull: 'the conversation no longer fit the context window and was shortened',
} as const;

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

function resultText(run: RanCall): string {
  const id = run.call.block.id;
  for (const message of run.results) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) {
      if (block.type !== 'tool_result' || block.tool_use_id !== id) continue;
      return `${block.is_error ? 'failed' : 'returned'}:\n${clip(toolResultText(block), RESULT_PREVIEW_CHARS)}`;
    }
  }
  return 'was still running when it was stopped.';
}

function describe(run: RanCall, index: number): string {
  const { name, input } = run.call.block;
  return `${index + 1}. ${name} ${clip(JSON.stringify(input ?? {}), INPUT_PREVIEW_CHARS)} ${resultText(run)}`;
}

/** The note for calls that ran from a response that is gone: none when no call had started. */
export function ranCallsNotes(ran: readonly RanCall[], why: string, uuid: () => string): UserMessage[] {
  if (ran.length === 0) return [];
  const lines = [
    '<system-reminder>',
    `An earlier version of your reply was discarded because ${why}. These tool calls from it had already run:`,
    ...ran.map(describe),
    'Their effects stand. Take them into account, and call a tool again only if you still need it.',
    '</system-reminder>',
  ];
  return [createUserMessage({ content: lines.join('\n'), isMeta: true }, uuid())];
}
