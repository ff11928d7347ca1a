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

/** Schedules the cleanup once per process; later calls do nothing. */
export function cleanupTranscriptsInBackground(cwd: string): void {
  if (scheduled) return;
  scheduled = true;
  const timer = setImmediate(() => {
    try {
      cleanupOldTranscripts(cleanupPeriodDays(cwd));
    } catch {
      // Best effort: whatever was not removed now is tried again next start.
    }
  });
  timer.unref();
}
