// Each command runs as the leader of its own process group (spawned detached), so one signal
// to the negative pid reaches the shell, its children and their children alike.

import { constants as osConstants } from 'node:os';
import { guardProcessGroup, releaseProcessGroup } from '../../utils/processGuard.js';

/** How long processes get to exit after SIGTERM before SIGKILL. */
export const KILL_GRACE_MS = 500;

/**
 * After a shell exits, how long to keep reading pipes that something outside its process group
 * (a `setsid` daemon) still holds open before letting go of them.
 */
export const PIPE_DRAIN_LIMIT_MS = KILL_GRACE_MS + 500;

/** Death by signal N reads as 128 + N, as shells report it, so callers see one number. */
export function shellExitCode(code: number | null | undefined, signal: NodeJS.Signals | null | undefined): number {
  if (code !== null && code !== undefined) return code;
  const signalNumber = signal ? osConstants.signals[signal] : undefined;
  return signalNumber === undefined ? 1 : 128 + signalNumber;
}

/** Remember a group so it ends with Pulse, however Pulse ends (utils/processGuard.ts). */
export function trackProcessGroup(pgid: number): void {
  guardProcessGroup(pgid);
}

export function untrackProcessGroup(pgid: number): void {
  releaseProcessGroup(pgid);
}

export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function isProcessGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM means members exist that we may not signal; ESRCH means the group is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * SIGTERM the whole group now and SIGKILL whatever is left after the grace period. Resolves
 * once the group is gone or has been sent SIGKILL, never later than the grace period.
 */
export function terminateProcessGroup(pgid: number, graceMs = KILL_GRACE_MS): Promise<void> {
  if (!signalProcessGroup(pgid, 'SIGTERM')) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (isProcessGroupAlive(pgid)) signalProcessGroup(pgid, 'SIGKILL');
      resolve();
    }, graceMs);
    // Pulse exiting must not wait for this; the process guard SIGKILLs tracked groups at exit.
    timer.unref();
  });
}
