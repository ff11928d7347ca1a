// A lock on a file shared by every Pulse process (two windows in one project, a script running
// `pulse mcp add` twenty times at once): proper-lockfile makes a `<file>.lock` folder with
// mkdir, which only one process can win, and keeps its mtime fresh while the holder works. A lock
// whose holder crashed stops being refreshed and is taken over once it is STALE_MS old, so no
// kill ever leaves a file locked for good. Loaded on first use: start-up never takes a lock.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** How old an unrefreshed lock must be before its holder counts as gone (the library's default). */
export const STALE_MS = 10_000;

/** Waits long enough for a crashed holder's lock to go stale, polling at most every 200 ms. */
const RETRIES = { retries: 120, factor: 1.25, minTimeout: 10, maxTimeout: 200, randomize: true };

export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `work` while holding the lock on `path` (which need not exist yet). `work` is given a check
 * to call just before it commits: it throws when the lock was lost meanwhile (the holder was
 * paused past STALE_MS and another process took over), so a late writer never overwrites.
 */
export async function withFileLock<T>(path: string, work: (assertHeld: () => void) => Promise<T>): Promise<T> {
  const { lock } = await import('proper-lockfile');
  await mkdir(dirname(path), { recursive: true });
  let lost: unknown;
  let release: () => Promise<void>;
  try {
    release = await lock(path, {
      realpath: false,
      lockfilePath: `${path}.lock`,
      stale: STALE_MS,
      retries: RETRIES,
      onCompromised: (error) => {
        lost = error;
      },
    });
  } catch (error) {
    throw new FileLockError(`could not lock ${path} (${reasonOf(error)}); nothing was changed`, { cause: error });
  }
  const assertHeld = (): void => {
    if (lost !== undefined) throw new FileLockError(`lost the lock on ${path} (${reasonOf(lost)}); nothing was changed`);
  };
  try {
    return await work(assertHeld);
  } finally {
    // A lost lock is no longer ours to remove.
    if (lost === undefined) await release().catch(() => undefined);
  }
}
