// Every file Pulse replaces (tool writes and edits, settings, MCP config, credentials, the code
// cache) goes through here, so a crash, Ctrl+C or a full disk never leaves half a file. The new
// bytes go to a temp file beside the target; the write is looped until every byte is out (a write
// may be short on a nearly full disk, and write-file-atomic 7 took a short write for success),
// flushed with fsync, and its size checked with fstat before the temp file is renamed over the
// target. On any failure the temp file is removed and the target is left exactly as it was.
// Symlinks are followed (editing a linked file changes its target), and an existing file keeps
// its mode and, where the process may set it, its owner. A path may be bytes, for a name that is
// not valid UTF-8 (the file tools open such names by their escaped form).
import {
  closeSync,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { mkdir, open, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomHex } from './random.js';

export type AtomicWriteOptions = {
  /** The mode of a file created here; an existing file keeps its own. Default 0o666 less the umask. */
  mode?: number;
  /** Also set `mode` on a file that exists (credentials must stay owner-only). */
  forceMode?: boolean;
  /** How a failure names a path given as bytes (by default its bytes read as UTF-8). */
  shownPath?: string;
};

type FilePath = string | Buffer;

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
  EFBIG: 'file too large',
};

/** Thrown for every failed write: one line saying what failed and that the old file is intact. */
export class AtomicWriteError extends Error {
  readonly code: string | undefined;

  constructor(path: string, existed: boolean, cause: unknown) {
    const code = errorCode(cause);
    const reason = code !== undefined && REASONS[code] ? `${REASONS[code]} (${code})` : describe(cause);
    const kept = existed ? 'the file was left as it was' : 'no file was created';
    super(`Could not write ${path}: ${reason}; ${kept}.`, { cause });
    this.name = 'AtomicWriteError';
    this.code = code;
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

/** A short write that the kernel did not explain: reported as the disk being full, which it almost always is. */
function noProgress(): NodeJS.ErrnoException {
  return Object.assign(new Error('the write made no progress'), { code: 'ENOSPC' });
}

function sizeMismatch(written: number, expected: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`only ${written} of ${expected} bytes reached the disk`), { code: 'ENOSPC' });
}

function tempPathFor(target: FilePath): FilePath {
  const suffix = `.${process.pid}.${randomHex(4)}.tmp`;
  return typeof target === 'string' ? target + suffix : Buffer.concat([target, Buffer.from(suffix)]);
}

/** The folder of a path; a byte path is taken apart as latin1 text, which keeps every byte. */
function folderOf(target: FilePath): FilePath {
  return typeof target === 'string' ? dirname(target) : Buffer.from(dirname(target.toString('latin1')), 'latin1');
}

function shownName(path: FilePath, options: AtomicWriteOptions): string {
  return typeof path === 'string' ? path : (options.shownPath ?? path.toString('utf8'));
}

/** The mode and owner the replacement should carry. */
function wantedAttributes(existing: Stats | undefined, options: AtomicWriteOptions): { mode?: number; uid?: number; gid?: number } {
  if (existing === undefined) return options.mode === undefined ? {} : { mode: options.mode };
  const mode = options.forceMode && options.mode !== undefined ? options.mode : existing.mode & 0o7777;
  return { mode, uid: existing.uid, gid: existing.gid };
}

/** Changing the owner needs privileges most processes lack; a file we cannot chown keeps ours. */
function ignorableOwnerError(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'EPERM' || code === 'EINVAL' || code === 'ENOSYS';
}

async function writeAllAsync(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, offset);
    if (bytesWritten <= 0) throw noProgress();
    offset += bytesWritten;
  }
}

function writeAllSync(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    const written = writeSync(fd, bytes, offset, bytes.length - offset, offset);
    if (written <= 0) throw noProgress();
    offset += written;
  }
}

async function resolveTarget(path: FilePath): Promise<FilePath> {
  const real = typeof path === 'string' ? realpath(path) : realpath(path, { encoding: 'buffer' });
  return real.catch(() => path);
}

function resolveTargetSync(path: FilePath): FilePath {
  try {
    // Only the native realpath takes a byte path (the JS one runs it through path.resolve).
    return typeof path === 'string' ? realpathSync(path) : realpathSync.native(path, { encoding: 'buffer' });
  } catch {
    return path;
  }
}

export async function writeFileAtomically(path: FilePath, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const target = await resolveTarget(path);
  const existing = await stat(target).catch(() => undefined);
  const bytes = toBytes(content);
  const temp = tempPathFor(target);
  try {
    await mkdir(folderOf(target), { recursive: true });
    const attributes = wantedAttributes(existing, options);
    const handle = await open(temp, 'wx', attributes.mode);
    try {
      if (attributes.uid !== undefined && attributes.gid !== undefined) {
        await handle.chown(attributes.uid, attributes.gid).catch((error: unknown) => {
          if (!ignorableOwnerError(error)) throw error;
        });
      }
      // open() applies the umask; an existing file's own mode is restored exactly.
      if (attributes.mode !== undefined && existing !== undefined) await handle.chmod(attributes.mode);
      await writeAllAsync(handle, bytes);
      await handle.sync();
      const { size } = await handle.stat();
      if (size !== bytes.length) throw sizeMismatch(size, bytes.length);
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new AtomicWriteError(shownName(path, options), existing !== undefined, error);
  }
}

/** The same for callers that cannot wait (the code cache, spilled tool results). */
export function writeFileAtomicallySync(path: FilePath, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const target = resolveTargetSync(path);
  let existing: Stats | undefined;
  try {
    existing = statSync(target);
  } catch {
    existing = undefined;
  }
  const bytes = toBytes(content);
  const temp = tempPathFor(target);
  try {
    mkdirSync(folderOf(target), { recursive: true });
    const attributes = wantedAttributes(existing, options);
    const fd = openSync(temp, 'wx', attributes.mode);
    try {
      if (attributes.uid !== undefined && attributes.gid !== undefined) {
        try {
          fchownSync(fd, attributes.uid, attributes.gid);
        } catch (error) {
          if (!ignorableOwnerError(error)) throw error;
        }
      }
      if (attributes.mode !== undefined && existing !== undefined) fchmodSync(fd, attributes.mode);
      writeAllSync(fd, bytes);
      fsyncSync(fd);
      const { size } = fstatSync(fd);
      if (size !== bytes.length) throw sizeMismatch(size, bytes.length);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new AtomicWriteError(shownName(path, options), existing !== undefined, error);
  }
}
