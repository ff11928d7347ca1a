// Ctrl+R reverse search through prompt history, as in readline: each typed character narrows
// the search, Ctrl+R steps to an older match, Enter or Right puts the match in the editor, and
// Esc or Ctrl+G goes back to the draft as it was. Pure, so every key is tested without a terminal.
import type { Key } from 'ink';
import type { HistoryMatch, PromptHistory } from './history.js';
import { bufferOf, type TextBuffer } from './textBuffer.js';

export type ReverseSearchState = {
  query: string;
  match: HistoryMatch | undefined;
  /** Nothing (older) matches the query; the last match stays shown. */
  failing: boolean;
  /** The draft before the search, restored on cancel. */
  original: TextBuffer;
};

export type ReverseSearchOutcome =
  | { type: 'searching'; state: ReverseSearchState }
  | { type: 'done'; buffer: TextBuffer };

export function startReverseSearch(original: TextBuffer): ReverseSearchState {
  return { query: '', match: undefined, failing: false, original };
}

export const isReverseSearchKey = (input: string, key: Key): boolean => key.ctrl && input === 'r';

function searching(state: ReverseSearchState): ReverseSearchOutcome {
  return { type: 'searching', state };
}

/** Searches for `query` starting below `before`; on a miss keeps the old match and says so. */
function find(state: ReverseSearchState, history: PromptHistory, query: string, before?: number): ReverseSearchOutcome {
  if (query === '') return searching({ ...state, query, match: undefined, failing: false });
  const match = history.search(query, before);
  return searching(match ? { ...state, query, match, failing: false } : { ...state, query, failing: true });
}

export function applyReverseSearchKey(
  state: ReverseSearchState,
  input: string,
  key: Key,
  history: PromptHistory,
): ReverseSearchOutcome {
  if (key.escape || (key.ctrl && (input === 'g' || input === 'c'))) return { type: 'done', buffer: state.original };
  if (key.return || key.rightArrow) {
    return { type: 'done', buffer: state.match ? bufferOf(state.match.entry) : state.original };
  }
  if (isReverseSearchKey(input, key)) return find(state, history, state.query, state.match?.index);
  if (key.backspace || key.delete) return find(state, history, state.query.slice(0, -1));
  if (key.ctrl || key.meta || key.tab || input === '' || input.includes('\u001B')) return searching(state);
  // The current match stays a candidate while the query grows, as in readline.
  const from = state.match ? state.match.index + 1 : undefined;
  return find(state, history, state.query + input, from);
}

/** The line shown in place of the prompt, e.g. "(reverse-i-search)`git': git status". */
export function reverseSearchLine(state: ReverseSearchState): { label: string; match: string } {
  const label = `(${state.failing ? 'failed ' : ''}reverse-i-search)\`${state.query}': `;
  return { label, match: (state.match?.entry ?? '').replace(/\n/g, ' ↵ ') };
}
