// The `@path` word under the cursor and what accepting a completion does to the draft.
import type { IndexedPath } from './pathMatch.js';
import type { TextBuffer } from './textBuffer.js';

/** `start` is the offset of the `@`; `end` is where the word ends (it may run past the cursor). */
export type AtToken = { start: number; end: number; query: string };

/** The `@` word the cursor is in, when it starts at the beginning of the text or after a space. */
export function atTokenAt(buffer: TextBuffer): AtToken | undefined {
  const { text, cursor } = buffer;
  let start = cursor;
  while (start > 0 && !/\s/.test(text[start - 1] ?? '')) start--;
  if (text[start] !== '@' || start === cursor) return undefined;
  let end = cursor;
  while (end < text.length && !/\s/.test(text[end] ?? '')) end++;
  return { start, end, query: text.slice(start + 1, cursor) };
}

/**
 * Puts the chosen path in place of the word. A file is followed by a space, done; a folder is
 * left open so typing goes on inside it.
 */
export function acceptCompletion(buffer: TextBuffer, token: AtToken, choice: IndexedPath): TextBuffer {
  const inserted = `@${choice.path}${choice.isDirectory ? '' : ' '}`;
  const after = buffer.text.slice(token.end);
  const spacer = !choice.isDirectory && after.startsWith(' ') ? inserted.slice(0, -1) : inserted;
  const text = buffer.text.slice(0, token.start) + spacer + after;
  return { text, cursor: token.start + inserted.length };
}
