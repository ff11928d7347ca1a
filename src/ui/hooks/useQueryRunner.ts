// Gives the REPL one TurnRunner for its lifetime: submit() runs or queues a prompt through
// query(), interrupt() aborts the running turn. Unmounting aborts whatever is still running.
import { useEffect, useMemo } from 'react';
import type { ReplStore } from '../../state/store.js';
import { TurnRunner, type TurnRunnerOptions } from '../runner/turnRunner.js';

export function useQueryRunner(store: ReplStore, options: TurnRunnerOptions): TurnRunner {
  // The runner lives as long as the REPL; options are fixed at startup, so only the store counts.
  const runner = useMemo(() => new TurnRunner(store, options), [store]);
  useEffect(() => () => void runner.interrupt(), [runner]);
  return runner;
}
