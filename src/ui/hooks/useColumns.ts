// The terminal's size, following resizes, for components that lay out text themselves. Every
// row of the transcript asks for it, so all of them share one 'resize' listener per stream: one
// each let a resumed history of twenty rows pass Node's limit of ten, and its warning went out
// over the REPL.
import { useStdout } from 'ink';
import { useCallback, useSyncExternalStore } from 'react';

/** What a terminal that reports no width is taken to have. */
export const FALLBACK_COLUMNS = 80;
/** What a terminal that reports no height is taken to have. */
export const FALLBACK_ROWS = 24;

type Watch = { subscribers: Set<() => void>; onResize: () => void };

const watches = new WeakMap<NodeJS.WriteStream, Watch>();

function subscribeTo(stdout: NodeJS.WriteStream, notify: () => void): () => void {
  let watch = watches.get(stdout);
  if (!watch) {
    const subscribers = new Set<() => void>();
    watch = { subscribers, onResize: () => subscribers.forEach((subscriber) => subscriber()) };
    watches.set(stdout, watch);
  }
  const { subscribers, onResize } = watch;
  if (subscribers.size === 0) stdout.on('resize', onResize);
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0) stdout.off('resize', onResize);
  };
}

function useStdoutSize(read: (stdout: NodeJS.WriteStream) => number): number {
  const { stdout } = useStdout();
  // One subscription per component for the session: `stdout` never changes.
  const subscribe = useCallback((notify: () => void) => subscribeTo(stdout, notify), [stdout]);
  return useSyncExternalStore(subscribe, () => read(stdout));
}

const readColumns = (stdout: NodeJS.WriteStream): number => stdout.columns || FALLBACK_COLUMNS;
const readRows = (stdout: NodeJS.WriteStream): number => stdout.rows || FALLBACK_ROWS;

export function useColumns(): number {
  return useStdoutSize(readColumns);
}

export function useRows(): number {
  return useStdoutSize(readRows);
}
