// The stat-based checks every file tool starts with, phrased so the model knows what to do next.
import type { PathLike, Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

export async function statOrUndefined(absPath: PathLike): Promise<Stats | undefined> {
  try {
    return await stat(absPath);
  } catch (error) {
    if (isMissingFileError(error)) return undefined;
    throw error;
  }
}

export function isMissingFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function directoryMessage(absPath: string): string {
  return `${absPath} is a directory; use Bash ls or Glob to see what it contains.`;
}
