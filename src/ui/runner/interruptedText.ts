// Esc in the middle of an answer: the loop closes the turn with the interruption marker, but the
// text block that was streaming never finished, so no assistant message carries what the user
// already read. This keeps that text, as the assistant turn it was becoming, just before the
// marker, so it stays in the conversation (and the transcript) and the model sees it next turn.
import { isHistoryMessage, type LoopEvent } from '../../types/messages.js';
import { createInterruptedTextMessage, isInterruptionMessage } from '../../utils/messages.js';

export async function* keepingInterruptedText<T>(events: AsyncGenerator<LoopEvent, T>): AsyncGenerator<LoopEvent, T> {
  let response = { id: '', model: '' };
  /** The text block streaming now, undefined between blocks. */
  let open: string | undefined;
  for (;;) {
    const step = await events.next();
    if (step.done) return step.value;
    const event = step.value;
    if (event.type === 'stream_event') {
      const raw = event.event;
      if (raw.type === 'message_start') response = { id: raw.message.id, model: raw.message.model };
      if (raw.type === 'content_block_start') open = raw.content_block.type === 'text' ? '' : undefined;
      if (raw.type === 'content_block_delta' && raw.delta.type === 'text_delta' && open !== undefined) open += raw.delta.text;
      if (raw.type === 'content_block_stop') open = undefined;
    } else if (event.type === 'tombstone') {
      // A retried attempt's blocks are withdrawn; its half block goes with them.
      open = undefined;
    } else if (isHistoryMessage(event) && isInterruptionMessage(event)) {
      if (open?.trim()) yield createInterruptedTextMessage(open, response);
      open = undefined;
    }
    yield event;
  }
}
