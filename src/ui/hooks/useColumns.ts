// The terminal's width, following resizes, for components that lay out text themselves.
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

/** What a terminal that reports no width is taken to have. */
export const FALLBACK_COLUMNS = 80;

export function useColumns(): number {
  const { stdout } = useStdout();
  const [columns, setColumns] = useState(stdout.columns || FALLBACK_COLUMNS);
  useEffect(() => {
    const update = (): void => setColumns(stdout.columns || FALLBACK_COLUMNS);
    stdout.on('resize', update);
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout]);
  return columns;
}
