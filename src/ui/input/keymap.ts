// Maps one Ink keypress to what the prompt editor should do. Pure, so every binding is tested
// without a terminal. Keys the editor does not own (Esc, Ctrl+C, Shift+Tab, Tab) are ignored here
// and handled by the REPL's global keys or the slash menu.
import type { Key } from 'ink';
import * as edit from './textBuffer.js';
import type { TextBuffer } from './textBuffer.js';

export type KeyOutcome =
  | { type: 'edit'; buffer: TextBuffer }
  | { type: 'submit' }
  | { type: 'history'; direction: 'previous' | 'next' }
  | { type: 'ignored' };

const CTRL_BINDINGS: Record<string, (buffer: TextBuffer) => TextBuffer> = {
  a: edit.lineStart,
  e: edit.lineEnd,
  b: edit.moveLeft,
  f: edit.moveRight,
  k: edit.killToLineEnd,
  u: edit.killToLineStart,
  w: edit.deleteWordBefore,
  d: edit.deleteForward,
  h: edit.backspace,
};

const META_BINDINGS: Record<string, (buffer: TextBuffer) => TextBuffer> = {
  b: edit.wordLeft,
  f: edit.wordRight,
};

/** An Ink key with nothing pressed: the base for keys Pulse makes up (split bursts, searches). */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const changed = (buffer: TextBuffer): KeyOutcome => ({ type: 'edit', buffer });
const IGNORED: KeyOutcome = { type: 'ignored' };

export function applyKey(buffer: TextBuffer, input: string, key: Key): KeyOutcome {
  if (key.escape || key.tab || key.pageUp || key.pageDown) return IGNORED;
  if (key.return) return applyReturn(buffer, key);
  // Ctrl+J arrives as a bare line feed.
  if (input === '\n') return changed(edit.newline(buffer));
  if (key.backspace || key.delete) {
    return changed(key.meta ? edit.deleteWordBefore(buffer) : edit.backspace(buffer));
  }
  if (key.leftArrow) return changed(key.ctrl || key.meta ? edit.wordLeft(buffer) : edit.moveLeft(buffer));
  if (key.rightArrow) {
    return changed(key.ctrl || key.meta ? edit.wordRight(buffer) : edit.moveRight(buffer));
  }
  if (key.upArrow) {
    return edit.isOnFirstLine(buffer) ? { type: 'history', direction: 'previous' } : changed(edit.moveUp(buffer));
  }
  if (key.downArrow) {
    return edit.isOnLastLine(buffer) ? { type: 'history', direction: 'next' } : changed(edit.moveDown(buffer));
  }
  if (key.home) return changed(edit.lineStart(buffer));
  if (key.end) return changed(edit.lineEnd(buffer));
  if (key.ctrl) {
    const binding = CTRL_BINDINGS[input];
    return binding ? changed(binding(buffer)) : IGNORED;
  }
  if (key.meta) {
    const binding = META_BINDINGS[input];
    return binding ? changed(binding(buffer)) : IGNORED;
  }
  if (input === '' || input.includes('\u001B')) return IGNORED;
  return changed(edit.insert(buffer, input));
}

/**
 * Enter submits, unless it follows a backslash or comes with Option/Alt, or with Shift where the
 * terminal reports it (the kitty keyboard protocol): then a newline.
 */
function applyReturn(buffer: TextBuffer, key: Key): KeyOutcome {
  if (key.meta || key.shift) return changed(edit.newline(buffer));
  if (buffer.text[buffer.cursor - 1] === '\\') return changed(edit.newline(edit.backspace(buffer)));
  return { type: 'submit' };
}
