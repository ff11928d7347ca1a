// Components read the REPL store through a selector so each re-renders only when its own
// slice changes (a streamed token touches the live line, not the transcript).
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ReplState, ReplStore } from '../../state/store.js';

export const ReplStoreContext = createContext<ReplStore | null>(null);

export function useReplStoreApi(): ReplStore {
  const store = useContext(ReplStoreContext);
  if (!store) throw new Error('REPL components must be rendered inside ReplStoreContext');
  return store;
}

export function useRepl<T>(selector: (state: ReplState) => T): T {
  return useStore(useReplStoreApi(), selector);
}
