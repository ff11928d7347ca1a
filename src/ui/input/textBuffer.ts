// The prompt's text and cursor as a pure value: every edit takes a buffer and returns a new
// one, so the editor is tested without a terminal. `cursor` is an offset into `text`.

export type TextBuffer = { readonly text: string; readonly cursor: number };

export const EMPTY_BUFFER: TextBuffer = { text: '', cursor: 0 };

export function bufferOf(text: string, cursor = text.length): TextBuffer {
  return { text, cursor: clamp(cursor, 0, text.length) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Pasted text may carry CRLF or lone CR line breaks; the buffer only holds LF. */
export function insert(buffer: TextBuffer, input: string): TextBuffer {
  const clean = input.replace(/\r\n?/g, '\n');
  const { text, cursor } = buffer;
  return { text: text.slice(0, cursor) + clean + text.slice(cursor), cursor: cursor + clean.length };
}

export function newline(buffer: TextBuffer): TextBuffer {
  return insert(buffer, '\n');
}

export function backspace(buffer: TextBuffer): TextBuffer {
  if (buffer.cursor === 0) return buffer;
  return deleteRange(buffer, buffer.cursor - 1, buffer.cursor);
}

export function deleteForward(buffer: TextBuffer): TextBuffer {
  if (buffer.cursor >= buffer.text.length) return buffer;
  return deleteRange(buffer, buffer.cursor, buffer.cursor + 1);
}

function deleteRange(buffer: TextBuffer, from: number, to: number): TextBuffer {
  return { text: buffer.text.slice(0, from) + buffer.text.slice(to), cursor: from };
}

export function moveLeft(buffer: TextBuffer): TextBuffer {
  return bufferOf(buffer.text, buffer.cursor - 1);
}

export function moveRight(buffer: TextBuffer): TextBuffer {
  return bufferOf(buffer.text, buffer.cursor + 1);
}

function lineStartOffset(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEndOffset(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

export function lineStart(buffer: TextBuffer): TextBuffer {
  return bufferOf(buffer.text, lineStartOffset(buffer.text, buffer.cursor));
}

export function lineEnd(buffer: TextBuffer): TextBuffer {
  return bufferOf(buffer.text, lineEndOffset(buffer.text, buffer.cursor));
}

/** Zero-based line and column of the cursor. */
export function cursorPosition(buffer: TextBuffer): { line: number; column: number } {
  const before = buffer.text.slice(0, buffer.cursor);
  const line = before.split('\n').length - 1;
  return { line, column: buffer.cursor - lineStartOffset(buffer.text, buffer.cursor) };
}

export function isOnFirstLine(buffer: TextBuffer): boolean {
  return !buffer.text.slice(0, buffer.cursor).includes('\n');
}

export function isOnLastLine(buffer: TextBuffer): boolean {
  return !buffer.text.slice(buffer.cursor).includes('\n');
}

/** Up keeps the column where it can; on the first line it stays put. */
export function moveUp(buffer: TextBuffer): TextBuffer {
  if (isOnFirstLine(buffer)) return buffer;
  const { column } = cursorPosition(buffer);
  const previousEnd = lineStartOffset(buffer.text, buffer.cursor) - 1;
  const previousStart = lineStartOffset(buffer.text, previousEnd);
  return bufferOf(buffer.text, previousStart + Math.min(column, previousEnd - previousStart));
}

export function moveDown(buffer: TextBuffer): TextBuffer {
  if (isOnLastLine(buffer)) return buffer;
  const { column } = cursorPosition(buffer);
  const nextStart = lineEndOffset(buffer.text, buffer.cursor) + 1;
  const nextEnd = lineEndOffset(buffer.text, nextStart);
  return bufferOf(buffer.text, nextStart + Math.min(column, nextEnd - nextStart));
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}_]/u.test(char);

/** Word jumps stop at letters, digits and underscores, like most editors. */
export function wordLeft(buffer: TextBuffer): TextBuffer {
  let at = buffer.cursor;
  while (at > 0 && !isWordChar(buffer.text[at - 1])) at--;
  while (at > 0 && isWordChar(buffer.text[at - 1])) at--;
  return bufferOf(buffer.text, at);
}

export function wordRight(buffer: TextBuffer): TextBuffer {
  let at = buffer.cursor;
  const length = buffer.text.length;
  while (at < length && !isWordChar(buffer.text[at])) at++;
  while (at < length && isWordChar(buffer.text[at])) at++;
  return bufferOf(buffer.text, at);
}

/** Ctrl+K: to the end of the line; at the end, joins the next line. */
export function killToLineEnd(buffer: TextBuffer): TextBuffer {
  const end = lineEndOffset(buffer.text, buffer.cursor);
  if (end === buffer.cursor) return deleteForward(buffer);
  return deleteRange(buffer, buffer.cursor, end);
}

/** Ctrl+U: back to the start of the line. */
export function killToLineStart(buffer: TextBuffer): TextBuffer {
  return deleteRange(buffer, lineStartOffset(buffer.text, buffer.cursor), buffer.cursor);
}

/** Ctrl+W deletes a whitespace-delimited word, as shells do (`a/b.c` goes in one press). */
export function deleteWordBefore(buffer: TextBuffer): TextBuffer {
  let at = buffer.cursor;
  while (at > 0 && /\s/.test(buffer.text[at - 1] ?? '')) at--;
  while (at > 0 && !/\s/.test(buffer.text[at - 1] ?? '')) at--;
  return deleteRange(buffer, at, buffer.cursor);
}
