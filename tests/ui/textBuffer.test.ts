import { describe, expect, it } from 'vitest';
import { PromptHistory } from '../../src/ui/input/history.js';
import { applyKey } from '../../src/ui/input/keymap.js';
import {
  backspace,
  bufferOf,
  cursorPosition,
  deleteForward,
  deleteWordBefore,
  insert,
  killToLineEnd,
  killToLineStart,
  lineEnd,
  lineStart,
  moveDown,
  moveLeft,
  moveRight,
  moveUp,
  wordLeft,
  wordRight,
  type TextBuffer,
} from '../../src/ui/input/textBuffer.js';
import { key } from './helpers.js';

/** `|` marks the cursor: `ab|c` is text "abc" with the cursor before c. */
const at = (marked: string): TextBuffer => bufferOf(marked.replace('|', ''), marked.indexOf('|'));
const show = (buffer: TextBuffer): string => buffer.text.slice(0, buffer.cursor) + '|' + buffer.text.slice(buffer.cursor);

describe('text buffer edits', () => {
  it('inserts at the cursor and normalises pasted line breaks', () => {
    expect(show(insert(at('ac|'), 'b'))).toBe('acb|');
    expect(show(insert(at('a|c'), 'b'))).toBe('ab|c');
    expect(show(insert(at('|'), 'x\r\ny\rz'))).toBe('x\ny\nz|');
  });

  it('deletes backwards and forwards, stopping at the ends', () => {
    expect(show(backspace(at('ab|c')))).toBe('a|c');
    expect(show(backspace(at('|abc')))).toBe('|abc');
    expect(show(deleteForward(at('a|bc')))).toBe('a|c');
    expect(show(deleteForward(at('abc|')))).toBe('abc|');
  });

  it('moves left and right within bounds', () => {
    expect(show(moveLeft(at('a|b')))).toBe('|ab');
    expect(show(moveLeft(at('|ab')))).toBe('|ab');
    expect(show(moveRight(at('a|b')))).toBe('ab|');
    expect(show(moveRight(at('ab|')))).toBe('ab|');
  });

  it('goes to the start and end of the current line only', () => {
    expect(show(lineStart(at('one\ntw|o')))).toBe('one\n|two');
    expect(show(lineEnd(at('o|ne\ntwo')))).toBe('one|\ntwo');
  });

  it('moves up and down keeping the column where the line allows', () => {
    expect(show(moveUp(at('abcdef\nxy|z')))).toBe('ab|cdef\nxyz');
    expect(show(moveUp(at('ab\nxyzw|')))).toBe('ab|\nxyzw');
    expect(show(moveDown(at('a|bc\nxyz')))).toBe('abc\nx|yz');
    expect(show(moveDown(at('abcd|\nx')))).toBe('abcd\nx|');
    expect(show(moveUp(at('fi|rst')))).toBe('fi|rst');
    expect(show(moveDown(at('la|st')))).toBe('la|st');
  });

  it('jumps by words over punctuation and spaces', () => {
    expect(show(wordLeft(at('foo bar.baz|')))).toBe('foo bar.|baz');
    expect(show(wordLeft(at('foo bar|')))).toBe('foo |bar');
    expect(show(wordLeft(at('foo |')))).toBe('|foo ');
    expect(show(wordRight(at('|foo bar')))).toBe('foo| bar');
    expect(show(wordRight(at('foo| bar')))).toBe('foo bar|');
  });

  it('kills to line end (joining lines at the end) and to line start', () => {
    expect(show(killToLineEnd(at('ab|cd\nef')))).toBe('ab|\nef');
    expect(show(killToLineEnd(at('ab|\nef')))).toBe('ab|ef');
    expect(show(killToLineStart(at('ab\ncd|ef')))).toBe('ab\n|ef');
  });

  it('deletes the whitespace-delimited word before the cursor', () => {
    expect(show(deleteWordBefore(at('git add src/a.ts|')))).toBe('git add |');
    expect(show(deleteWordBefore(at('git add  |')))).toBe('git |');
  });

  it('reports the cursor line and column', () => {
    expect(cursorPosition(at('ab\nc|d'))).toEqual({ line: 1, column: 1 });
  });
});

describe('key bindings', () => {
  const apply = (marked: string, input: string, overrides = {}) => applyKey(at(marked), input, key(overrides));
  const edited = (marked: string, input: string, overrides = {}): string => {
    const outcome = apply(marked, input, overrides);
    if (outcome.type !== 'edit') throw new Error(`expected an edit, got ${outcome.type}`);
    return show(outcome.buffer);
  };

  it('types printable input', () => expect(edited('a|', 'b')).toBe('ab|'));
  it('Enter submits', () => expect(apply('hi|', '', { return: true })).toEqual({ type: 'submit' }));
  it('backslash then Enter makes a newline instead', () => expect(edited('hi\\|', '', { return: true })).toBe('hi\n|'));
  it('Option+Enter makes a newline', () => expect(edited('hi|', '', { return: true, meta: true })).toBe('hi\n|'));
  it('Shift+Enter makes a newline where the terminal reports Shift', () =>
    expect(edited('hi|', '', { return: true, shift: true })).toBe('hi\n|'));
  it('Ctrl+J makes a newline', () => expect(edited('hi|', '\n')).toBe('hi\n|'));
  it('Backspace (sent as DEL) deletes back', () => expect(edited('ab|', '', { delete: true })).toBe('a|'));
  it('Backspace (sent as BS) deletes back', () => expect(edited('ab|', '', { backspace: true })).toBe('a|'));
  it('Alt+Backspace deletes a word', () => expect(edited('a bc|', '', { delete: true, meta: true })).toBe('a |'));
  it('arrows move', () => {
    expect(edited('ab|', '', { leftArrow: true })).toBe('a|b');
    expect(edited('|ab', '', { rightArrow: true })).toBe('a|b');
  });
  it('Ctrl/Alt+arrows jump words', () => {
    expect(edited('foo bar|', '', { leftArrow: true, ctrl: true })).toBe('foo |bar');
    expect(edited('|foo bar', '', { rightArrow: true, meta: true })).toBe('foo| bar');
  });
  it('Alt+B and Alt+F jump words', () => {
    expect(edited('foo bar|', 'b', { meta: true })).toBe('foo |bar');
    expect(edited('|foo bar', 'f', { meta: true })).toBe('foo| bar');
  });
  it('Home/End and Ctrl+A/Ctrl+E go to line start and end', () => {
    expect(edited('ab|c', '', { home: true })).toBe('|abc');
    expect(edited('a|bc', '', { end: true })).toBe('abc|');
    expect(edited('ab|c', 'a', { ctrl: true })).toBe('|abc');
    expect(edited('a|bc', 'e', { ctrl: true })).toBe('abc|');
  });
  it('Ctrl+B/Ctrl+F move by a character', () => {
    expect(edited('ab|', 'b', { ctrl: true })).toBe('a|b');
    expect(edited('|ab', 'f', { ctrl: true })).toBe('a|b');
  });
  it('Ctrl+K, Ctrl+U, Ctrl+W kill', () => {
    expect(edited('a|bc', 'k', { ctrl: true })).toBe('a|');
    expect(edited('ab|c', 'u', { ctrl: true })).toBe('|c');
    expect(edited('one two|', 'w', { ctrl: true })).toBe('one |');
  });
  it('Ctrl+D deletes forward, Ctrl+H deletes back', () => {
    expect(edited('a|bc', 'd', { ctrl: true })).toBe('a|c');
    expect(edited('ab|c', 'h', { ctrl: true })).toBe('a|c');
  });
  it('Up on the first line and Down on the last line walk the history', () => {
    expect(apply('a|b', '', { upArrow: true })).toEqual({ type: 'history', direction: 'previous' });
    expect(apply('a|b', '', { downArrow: true })).toEqual({ type: 'history', direction: 'next' });
  });
  it('Up and Down move between lines of a multiline draft', () => {
    expect(edited('ab\nc|d', '', { upArrow: true })).toBe('a|b\ncd');
    expect(edited('a|b\ncd', '', { downArrow: true })).toBe('ab\nc|d');
  });
  it('leaves Esc, Tab, Ctrl+C and unknown control keys to others', () => {
    expect(apply('a|', '', { escape: true, meta: true })).toEqual({ type: 'ignored' });
    expect(apply('a|', '', { tab: true })).toEqual({ type: 'ignored' });
    expect(apply('a|', 'c', { ctrl: true })).toEqual({ type: 'ignored' });
    expect(apply('a|', 'x', { meta: true })).toEqual({ type: 'ignored' });
  });
});

describe('prompt history', () => {
  it('walks back through prompts and returns to the unsent draft', () => {
    const history = new PromptHistory();
    history.add('first');
    history.add('second');
    history.add('second');
    expect(history.previous('draft')).toBe('second');
    expect(history.previous('second')).toBe('first');
    expect(history.previous('first')).toBeUndefined();
    expect(history.next()).toBe('second');
    expect(history.next()).toBe('draft');
    expect(history.next()).toBeUndefined();
  });
});
