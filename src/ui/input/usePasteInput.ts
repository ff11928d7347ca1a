// Pasted text in the prompt editor: bracketed pastes are collected whole (an Enter inside one
// never sends the prompt), large ones are put in the draft as a placeholder, small ones as if
// typed. A multi-character chunk outside brackets is taken as a paste too (terminals without
// bracketed paste, or input that arrived in one read).
import type { Key } from 'ink';
import { useState } from 'react';
import type { ReplStore } from '../../state/store.js';
import { isUnbracketedPaste, PasteCollector } from './bracketedPaste.js';
import { isLargePaste, normalizePaste, pastedTextsFor, type PastedTexts } from './pastes.js';
import { insert } from './textBuffer.js';

export type PasteInput = {
  pastes: PastedTexts;
  /** True when the key was (part of) a paste and has been dealt with. */
  handleKey(input: string, key: Key): boolean;
};

/** `divert` takes pasted text instead of the draft (e.g. while reverse search is open). */
export function usePasteInput(store: ReplStore, divert: (text: string) => boolean): PasteInput {
  const [collector] = useState(() => new PasteCollector());
  const pastes = pastedTextsFor(store);

  const paste = (raw: string): void => {
    const text = normalizePaste(raw);
    if (text === '' || divert(text)) return;
    const state = store.getState();
    state.setDraft(insert(state.draft, isLargePaste(text) ? pastes.add(text) : text));
  };

  const handleKey = (input: string, key: Key): boolean => {
    const step = collector.accept(input, key);
    if (step.type === 'pasting') return true;
    if (step.type === 'pasted') {
      paste(step.text);
      return true;
    }
    if (!isUnbracketedPaste(input, key)) return false;
    paste(input);
    return true;
  };

  return { pastes, handleKey };
}
