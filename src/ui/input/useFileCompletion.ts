// `@` path completion for the prompt: while the cursor is in an `@word`, a menu of matching
// project paths; Up/Down move, Tab or Enter put the path in, Esc hides the menu for that word.
// The match list is cached per (query, index version) so keys and renders share one scan.
import type { Key } from 'ink';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Draft, ReplStore } from '../../state/store.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { acceptCompletion, atTokenAt, type AtToken } from './atCompletion.js';
import type { FileIndex } from './fileIndex.js';
import type { IndexedPath } from './pathMatch.js';

export const COMPLETION_LIMIT = 8;

export type FileCompletion = {
  token: AtToken | undefined;
  matches: IndexedPath[];
  selected: number;
  /** The list is still being built for the first time. */
  indexing: boolean;
  /** Handles a key meant for the menu; false when the editor should have it. */
  handleKey(key: Key): boolean;
  /** Back to the first match (the draft changed). */
  reset(): void;
};

/** Completion is off in shell mode, where `@` means nothing to the shell. */
function tokenFor(draft: Draft): AtToken | undefined {
  return draft.text.startsWith('!') ? undefined : atTokenAt(draft);
}

export function useFileCompletion(store: ReplStore, index: FileIndex, draft: Draft): FileCompletion {
  const subscribe = useCallback((listener: () => void) => index.subscribe(listener), [index]);
  const version = useSyncExternalStore(subscribe, () => index.version);
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const [, setDismissed, dismissedRef] = useLatestState<string | undefined>(undefined);
  const cache = useRef<{ key: string; matches: IndexedPath[] }>({ key: '', matches: [] });

  const matchesFor = (token: AtToken | undefined): IndexedPath[] => {
    if (!token || dismissedRef.current === `${token.start}:${token.query}`) return [];
    const key = `${index.version}\u0000${token.query}`;
    if (cache.current.key !== key) cache.current = { key, matches: index.query(token.query, COMPLETION_LIMIT) };
    return cache.current.matches;
  };

  const token = tokenFor(draft);
  const query = token?.query;
  useEffect(() => {
    if (query !== undefined) index.refreshIfStale();
  }, [index, query]);

  const handleKey = (key: Key): boolean => {
    const current = store.getState().draft;
    const currentToken = tokenFor(current);
    const matches = matchesFor(currentToken);
    if (!currentToken || matches.length === 0) return false;
    if (key.escape) {
      setDismissed(() => `${currentToken.start}:${currentToken.query}`);
      return true;
    }
    if (key.upArrow || key.downArrow) {
      const step = key.upArrow ? -1 : 1;
      setSelected((at) => (at + step + matches.length) % matches.length);
      return true;
    }
    if ((key.tab && !key.shift) || (key.return && !key.meta)) {
      const choice = matches[Math.min(selectedRef.current, matches.length - 1)];
      if (!choice) return false;
      store.getState().setDraft(acceptCompletion(current, currentToken, choice));
      setSelected(() => 0);
      return true;
    }
    return false;
  };

  const matches = matchesFor(token);
  return {
    token,
    matches,
    selected: Math.min(selected, Math.max(0, matches.length - 1)),
    indexing: token !== undefined && version === 0 && !index.isReady,
    handleKey,
    reset: () => setSelected(() => 0),
  };
}
