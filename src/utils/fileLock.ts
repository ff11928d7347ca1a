// A lock on a file shared by every Pulse process (two windows in one project, a script running
// `pulse mcp add` twenty times at once). It is proper-lockfile's scheme without the package: a
// `<file>.lock` folder made with mkdir, which exactly one process can win, whose mtime the holder
// keeps fresh while it works. A holder that crashed stops refreshing, and once its lock is
// STALE_MS old the next writer takes it over, so no kill ever leaves a file locked for good.
// (proper-lockfile itself loads graceful-fs, which replaces process.cwd, process.chdir and
// fs.close for the whole process, and signal-exit, which hooks a dozen signals: too much to
// change in a process that must control its own exit.)
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomHex } from './random.js';

/** How old an unrefreshed lock must be before its holder counts as gone. */
export const STALE_MS = 10_000;
const REFRESH_MS = STALE_MS / 4;
/** A writer gives up after this long: longer than a crashed holder's lock takes to go stale. */
const GIVE_UP_MS = STALE_MS * 2;
const MAX_POLL_MS = 200;

export class FileLockError extends Error {
  override readonly name = 'FileLockError';
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when the lock folder was made by this call. */
async function makeLockDir(lockDir: string): Promise<boolean> {
  try {
    await mkdir(lockDir);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
}

/** One attempt: take a free lock, or one whose holder stopped refreshing it. */
async function tryAcquire(lockDir: string): Promise<boolean> {
  if (await makeLockDir(lockDir)) return true;
  const held = await stat(lockDir).catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  });
  // Released between our mkdir and stat: the next attempt will likely win it.
  if (held === undefined) return false;
  if (Date.now() - held.mtimeMs < STALE_MS) return false;
  await rm(lockDir, { recursive: true, force: true });
  return makeLockDir(lockDir);
}

async function acquire(lockDir: string, path: string): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  let delay = 5;
  while (!(await tryAcquire(lockDir))) {
    if (Date.now() > deadline) throw new FileLockError(`${path} stayed locked by another Pulse process for ${GIVE_UP_MS / 1000} s; nothing was changed`);
    // Jitter keeps twenty waiting processes from polling in step.
    await pause(delay * (0.5 + Math.random()));
    delay = Math.min(MAX_POLL_MS, delay * 1.5);
  }
}

/** Locked work still under way. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Resolves once every locked read-modify-write started so far has finished, so a prompt or a
 * "don't ask again" answered just before the person quits still reaches its file.
 */
export async function lockedWorkSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/**
 * Runs `work` while holding the lock on `path` (which need not exist yet). `work` is given a check
 * to await just before it commits: it throws when the lock was lost meanwhile (this process was
 * paused past STALE_MS and another took over), so a late writer never overwrites a newer file.
 */
export function withFileLock<T>(path: string, work: (assertHeld: () => Promise<void>) => Promise<T>): Promise<T> {
  const running = lockAndRun(path, work);
  inFlight.add(running);
  void running.finally(() => inFlight.delete(running)).catch(() => undefined);
  return running;
}

async function lockAndRun<T>(path: string, work: (assertHeld: () => Promise<void>) => Promise<T>): Promise<T> {
  const lockDir = `${path}.lock`;
  const ownerFile = join(lockDir, 'owner');
  const token = `${process.pid} ${randomHex(8)}`;
  await mkdir(dirname(path), { recursive: true });
  await acquire(lockDir, path);
  try {
    await writeFile(ownerFile, token);
  } catch (error) {
    await rm(lockDir, { recursive: true, force: true });
    throw error;
  }
  const refresh = setInterval(() => {
    const now = new Date();
    utimes(lockDir, now, now).catch(() => undefined);
  }, REFRESH_MS);
  refresh.unref();
  const assertHeld = async (): Promise<void> => {
    const owner = await readFile(ownerFile, 'utf8').catch(() => undefined);
    if (owner !== token) throw new FileLockError(`lost the lock on ${path} to another Pulse process; nothing was changed`);
  };
  try {
    return await work(assertHeld);
  } finally {
    clearInterval(refresh);
    // A lock taken over by another process is theirs now: only our own is removed.
    if ((await readFile(ownerFile, 'utf8').catch(() => undefined)) === token) await rm(lockDir, { recursive: true, force: true });
  }
}
