// Large pastes stay out of the prompt box: the box shows a short placeholder and the pasted text
// is kept aside until the prompt is sent, when every placeholder still in the text is replaced
// by what it stands for. Small pastes go in as if typed.
import type { ReplStore } from '../../state/store.js';

/** A paste longer than this, or with more lines than `MAX_INLINE_LINES`, becomes a placeholder. */
export const MAX_INLINE_CHARS = 800;
export const MAX_INLINE_LINES = 2;

const PLACEHOLDER = /\[Pasted text #(\d+)(?: \+\d+ lines)?\]/g;

/** Terminals send CR or CRLF for line breaks in a paste; the prompt only holds LF. */
export function normalizePaste(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function isLargePaste(text: string): boolean {
  return text.length > MAX_INLINE_CHARS || text.split('\n').length > MAX_INLINE_LINES;
}

export function placeholderFor(id: number, text: string): string {
  const extraLines = text.split('\n').length - 1;
  return extraLines > 0 ? `[Pasted text #${id} +${extraLines} lines]` : `[Pasted text #${id}]`;
}

export class PastedTexts {
  private readonly texts = new Map<number, string>();
  private nextId = 1;

  /** Keeps `text` and returns the placeholder to show in its place. */
  add(text: string): string {
    const id = this.nextId++;
    this.texts.set(id, text);
    return placeholderFor(id, text);
  }

  /** The prompt with every known placeholder replaced by its text; unknown ones stay literal. */
  expand(prompt: string): string {
    if (this.texts.size === 0) return prompt;
    return prompt.replace(PLACEHOLDER, (whole, id: string) => this.texts.get(Number(id)) ?? whole);
  }

  /** After a prompt is sent its pastes are no longer needed; numbering starts again. */
  clear(): void {
    this.texts.clear();
    this.nextId = 1;
  }
}

// Keyed by the store so the pastes outlive the prompt component (dialogs unmount it) exactly as
// long as the draft that shows their placeholders.
const pastesByStore = new WeakMap<ReplStore, PastedTexts>();

export function pastedTextsFor(store: ReplStore): PastedTexts {
  let pastes = pastesByStore.get(store);
  if (!pastes) {
    pastes = new PastedTexts();
    pastesByStore.set(store, pastes);
  }
  return pastes;
}
