// A path the model copied from a listing (Glob, Grep, `@`-completion) may hold a name shown in
// escaped form because it is not valid UTF-8 (tools/shared/fileNames.ts). The file tools open
// the file it names: the path itself when it exists, else the bytes it stands for.
import { lstat } from 'node:fs/promises';
import { shownPathCandidates } from './fileNames.js';

const exists = (path: string | Buffer): Promise<boolean> => lstat(path).then(() => true, () => false);

export async function pathOnDisk(absPath: string): Promise<string | Buffer> {
  const candidates = shownPathCandidates(absPath);
  if (candidates.length === 0 || (await exists(absPath))) return absPath;
  for (const candidate of candidates) if (await exists(candidate)) return candidate;
  return absPath;
}
