// Old transcripts are removed once per start, off the critical path: the work is synchronous file
// system calls, so it runs only after the first request is on its way (or, in the REPL, after the
// first paint), and never keeps the process alive.
import { loadSettings } from '../../bootstrap/settings/index.js';
import { cleanupOldTranscripts, DEFAULT_CLEANUP_PERIOD_DAYS } from '../../sessions/index.js';

function cleanupPeriodDays(cwd: string): number {
  try {
    return loadSettings({ cwd }).merged.cleanupPeriodDays ?? DEFAULT_CLEANUP_PERIOD_DAYS;
  } catch {
    return DEFAULT_CLEANUP_PERIOD_DAYS;
  }
}

let scheduled = false;
let pending: { timer: NodeJS.Immediate; run: () => void } | undefined;

/** Schedules the cleanup once per process; later calls do nothing. */
export function cleanupTranscriptsInBackground(cwd: string): void {
  if (scheduled) return;
  scheduled = true;
  const run = (): void => {
    pending = undefined;
    try {
      cleanupOldTranscripts(cleanupPeriodDays(cwd));
    } catch {
      // Best effort: whatever was not removed now is tried again next start.
    }
  };
  const timer = setImmediate(run);
  timer.unref();
  pending = { timer, run };
}

/**
 * A short run can reach its exit before the scheduled cleanup got a turn; the session's end
 * runs it then, once the answer is out.
 */
export function finishPendingCleanup(): void {
  if (pending === undefined) return;
  clearImmediate(pending.timer);
  pending.run();
}
