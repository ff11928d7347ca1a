// The user's requests in this session, as the reviewer sees them: what the person typed (not
// tool results, not Pulse's own notes), oldest first, remembered across compactions, and cut to
// a size that keeps the review small and quick.
import type { Message } from '../../types/messages.js';
import type { AutoModeSession } from '../../types/permissions.js';

const MAX_REQUESTS = 20;
const MAX_REQUEST_CHARS = 4_000;

function typedText(message: Message): string | undefined {
  if (message.type !== 'user' || message.isMeta || message.isSynthetic || message.toolUseResult !== undefined) return undefined;
  const { content } = message.message;
  const text = typeof content === 'string' ? content : content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  return text.trim() === '' ? undefined : text.trim();
}

function clip(text: string): string {
  return text.length <= MAX_REQUEST_CHARS ? text : `${text.slice(0, MAX_REQUEST_CHARS)}… (cut)`;
}

/** Records the requests in `conversation` and returns all seen so far, the latest ones if there are many. */
export function userRequests(session: AutoModeSession, conversation: readonly Message[]): string[] {
  for (const message of conversation) {
    const text = typedText(message);
    if (text !== undefined && !session.requests.has(message.uuid)) session.requests.set(message.uuid, clip(text));
  }
  return [...session.requests.values()].slice(-MAX_REQUESTS);
}
