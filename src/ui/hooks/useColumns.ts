// The terminal's size, following resizes, for components that lay out text themselves.
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** What a terminal that reports no width is taken to have. */
export const FALLBACK_COLUMNS = 80;
/** What a terminal that reports no height is taken to have. */
export const FALLBACK_ROWS = 24;

function useStdoutSize<T>(read: (stdout: NodeJS.WriteStream) => T): T {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const update = (): void => setSize(read(stdout));
    stdout.on('resize', update);
    return () => {
      stdout.off('resize', update);
    };
    // `read` is one of the module-level readers below, the same function on every render.
  }, [stdout, read]);
  return size;
}

const readColumns = (stdout: NodeJS.WriteStream): number => stdout.columns || FALLBACK_COLUMNS;
const readRows = (stdout: NodeJS.WriteStream): number => stdout.rows || FALLBACK_ROWS;

export function useColumns(): number {
  return useStdoutSize(readColumns);
}

export function useRows(): number {
  return useStdoutSize(readRows);
}
