// Bracketed paste: the terminal wraps pasted text in ESC[200~ … ESC[201~ so a paste is never
// mistaken for typing (an Enter inside it must not send the prompt). Ink 6.8 splits input on
// escape sequences and strips the leading ESC, so the markers reach useInput as `[200~` and
// `[201~` with the text in between as one or more chunks; keys inside a paste (a lone CR, a
// tab) arrive as key events whose text we put back.
import type { Key } from 'ink';
import { useStdout } from 'ink';
import { useEffect } from 'react';
import { NO_KEY } from './keymap.js';

export const ENABLE_BRACKETED_PASTE = '\u001B[?2004h';
export const DISABLE_BRACKETED_PASTE = '\u001B[?2004l';
const PASTE_START = '[200~';
const PASTE_END = '[201~';

export type PasteStep = { type: 'pasting' } | { type: 'pasted'; text: string } | { type: 'not_paste' };

const NOT_PASTE: PasteStep = { type: 'not_paste' };
const PASTING: PasteStep = { type: 'pasting' };

/** The text a key event stands for inside a paste. */
function textOf(input: string, key: Key): string {
  if (key.return) return '\r';
  if (key.tab) return '\t';
  return input;
}

/** Collects the chunks between the paste markers; one per prompt editor. */
export class PasteCollector {
  private chunks: string[] | undefined;

  get isPasting(): boolean {
    return this.chunks !== undefined;
  }

  accept(input: string, key: Key): PasteStep {
    if (input === PASTE_START) {
      this.chunks = [];
      return PASTING;
    }
    if (!this.chunks) return NOT_PASTE;
    if (input === PASTE_END) {
      const text = this.chunks.join('');
      this.chunks = undefined;
      return { type: 'pasted', text };
    }
    this.chunks.push(textOf(input, key));
    return PASTING;
  }
}

/** C0 control characters other than tab and line breaks: keys, never pasted text. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Without bracketed paste (or in tests) a paste arrives as one chunk of several characters that
 * is not a key. Keys typed in a burst over a slow link arrive the same way, so a chunk holding a
 * control key, or text then one Enter, is typing: `keystrokesOf` splits it back into keys.
 */
export function isUnbracketedPaste(input: string, key: Key): boolean {
  if (input.length < 2 || key.ctrl || key.meta || input.includes('\u001B')) return false;
  if (key.return || key.tab || key.backspace || key.delete || key.escape) return false;
  if (CONTROL_CHARACTER.test(input)) return false;
  return !/^[^\r\n]+[\r\n]$/.test(input);
}

/** The key a control character stands for, as Ink would report it typed alone. */
function controlKey(char: string): [string, Key] | undefined {
  if (char === '\r') return ['', { ...NO_KEY, return: true }];
  // Ctrl+J: the editor takes a bare line feed as a new line.
  if (char === '\n') return ['\n', NO_KEY];
  if (char === '\t') return ['', { ...NO_KEY, tab: true }];
  if (char === '\u007F' || char === '\b') return ['', { ...NO_KEY, backspace: true }];
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...NO_KEY, ctrl: true }];
  return undefined;
}

/** A chunk of typing that arrived in one read, as the keystrokes it was; a lone key as itself. */
export function keystrokesOf(input: string, key: Key): Array<[string, Key]> {
  if (input.length < 2 || key.ctrl || key.meta || input.includes('\u001B')) return [[input, key]];
  const keys: Array<[string, Key]> = [];
  let text = '';
  for (const char of input) {
    const control = controlKey(char);
    if (!control) {
      text += char;
      continue;
    }
    if (text !== '') keys.push([text, NO_KEY]);
    text = '';
    keys.push(control);
  }
  if (text !== '') keys.push([text, NO_KEY]);
  return keys;
}

/**
 * Turns bracketed paste on while the prompt is on screen and off when it goes (a dialog would
 * otherwise see the markers) or the process exits. Only on a real terminal.
 */
export function useBracketedPaste(enabled: boolean): void {
  const { stdout } = useStdout();
  useEffect(() => {
    if (!enabled || !stdout.isTTY) return;
    const disable = (): void => {
      stdout.write(DISABLE_BRACKETED_PASTE);
    };
    stdout.write(ENABLE_BRACKETED_PASTE);
    process.once('exit', disable);
    return () => {
      process.removeListener('exit', disable);
      disable();
    };
  }, [enabled, stdout]);
}
