// The sandbox's own folder under the system temp dir, one per user: `tmp/` is the temp folder
// sandboxed commands may write (their TMPDIR). Another user could
// have made the folder first, or put a symlink there, so its owner and mode are checked.
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type RuntimeDir = {
  root: string;
  /** Writable inside the sandbox, and its TMPDIR. */
  tmp: string;
};

function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stats = lstatSync(dir);
  const uid = process.getuid?.();
  if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o077) !== 0) {
    throw new Error(`${dir} is not a private directory of this user; remove it and try again`);
  }
}

let cached: RuntimeDir | undefined;

export function sandboxRuntimeDir(): RuntimeDir {
  if (cached) return cached;
  const root = path.join(tmpdir(), `pulse-sandbox-${process.getuid?.() ?? 'user'}`);
  ensurePrivateDirectory(root);
  const tmp = path.join(root, 'tmp');
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  cached = { root, tmp };
  return cached;
}
