// Holds the Ctrl+R search while it is open and routes keys to it (see reverseSearch.ts).
import type { Key } from 'ink';
import type { ReplStore } from '../../state/store.js';
import { useLatestState } from '../hooks/useLatestState.js';
import type { PromptHistory } from './history.js';
import { NO_KEY } from './keymap.js';
import { applyReverseSearchKey, isReverseSearchKey, startReverseSearch, type ReverseSearchState } from './reverseSearch.js';

export type ReverseSearch = {
  state: ReverseSearchState | undefined;
  /** True when the key opened the search or went to it. */
  handleKey(input: string, key: Key): boolean;
  /** Pasted text while searching goes into the query; false when no search is open. */
  takePaste(text: string): boolean;
};

export function useReverseSearch(store: ReplStore, history: PromptHistory): ReverseSearch {
  const [state, setState, stateRef] = useLatestState<ReverseSearchState | undefined>(undefined);

  const handleKey = (input: string, key: Key): boolean => {
    const current = stateRef.current;
    if (!current) {
      if (!isReverseSearchKey(input, key)) return false;
      setState(() => startReverseSearch(store.getState().draft));
      return true;
    }
    const outcome = applyReverseSearchKey(current, input, key, history);
    if (outcome.type === 'searching') {
      setState(() => outcome.state);
      return true;
    }
    setState(() => undefined);
    store.getState().setDraft(outcome.buffer);
    return true;
  };

  const takePaste = (text: string): boolean => {
    if (!stateRef.current) return false;
    return handleKey(text.split('\n')[0] ?? '', NO_KEY);
  };

  return { state, handleKey, takePaste };
}
