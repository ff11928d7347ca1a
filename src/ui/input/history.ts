// Prompt history for Up/Down. Walking back keeps the unsent draft so Down can return to it.
// Entries typed in earlier sessions of the project come in at the start; each new prompt is
// handed to `onAdd` so the caller can persist it.

export type PromptHistoryOptions = {
  /** Earlier prompts, oldest first. */
  initial?: readonly string[];
  onAdd?: (prompt: string) => void;
};

export type HistoryMatch = { index: number; entry: string };

export class PromptHistory {
  private readonly entries: string[];
  /** Index into `entries` while browsing; `entries.length` means "at the draft". */
  private position: number;
  private draft = '';
  private readonly onAdd: ((prompt: string) => void) | undefined;

  constructor(options: PromptHistoryOptions = {}) {
    this.entries = (options.initial ?? []).filter((entry, index, all) => entry.trim() !== '' && all[index - 1] !== entry);
    this.position = this.entries.length;
    this.onAdd = options.onAdd;
  }

  add(prompt: string): void {
    if (prompt.trim() !== '') this.onAdd?.(prompt);
    if (prompt.trim() !== '' && this.entries.at(-1) !== prompt) this.entries.push(prompt);
    this.position = this.entries.length;
    this.draft = '';
  }

  /** The older entry, or undefined at the oldest. `current` is saved when leaving the draft. */
  previous(current: string): string | undefined {
    if (this.position === 0) return undefined;
    if (this.position === this.entries.length) this.draft = current;
    this.position--;
    return this.entries[this.position];
  }

  /**
   * Ctrl+R: the newest entry older than `before` (an index from an earlier match; omit it to
   * start at the newest) that contains `query`, ignoring case.
   */
  search(query: string, before = this.entries.length): HistoryMatch | undefined {
    const needle = query.toLowerCase();
    for (let index = Math.min(before, this.entries.length) - 1; index >= 0; index--) {
      const entry = this.entries[index];
      if (entry !== undefined && entry.toLowerCase().includes(needle)) return { index, entry };
    }
    return undefined;
  }

  /** The newer entry, then the saved draft; undefined when already at the draft. */
  next(): string | undefined {
    if (this.position >= this.entries.length) return undefined;
    this.position++;
    return this.position === this.entries.length ? this.draft : this.entries[this.position];
  }
}
