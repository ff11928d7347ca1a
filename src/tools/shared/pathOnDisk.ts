// A path the model copied from a listing (Glob, Grep, `@`-completion) may hold a name shown in
// escaped form because it is not valid UTF-8 (tools/shared/fileNames.ts). The file tools open
// the file it names, and the permission checks judge that same file: the path itself when it
// exists, else the bytes it stands for. Only a path holding an escape costs a file system call.
import { lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import { shownPathCandidates } from './fileNames.js';

const exists = (path: string | Buffer): boolean => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/** The folder a byte path is in (path functions work on its bytes read as latin1, one char a byte). */
function parentOf(path: Buffer): Buffer {
  return Buffer.from(dirname(path.toString('latin1')), 'latin1');
}

/**
 * The file a path names. For a file that does not exist yet (Write, Edit creating one) the path
 * goes where its folder is: the escaped folder name stands for the folder only when the path
 * as written has no such folder.
 */
export function pathOnDisk(absPath: string): string | Buffer {
  const candidates = shownPathCandidates(absPath);
  if (candidates.length === 0 || exists(absPath)) return absPath;
  for (const candidate of candidates) if (exists(candidate)) return candidate;
  if (exists(dirname(absPath))) return absPath;
  for (const candidate of candidates) if (exists(parentOf(candidate))) return candidate;
  return absPath;
}
