// The Bash tool's persistent working directory: `cd` in one call carries over to the next,
// but never out of the directories the session may work in.
import { stat } from 'node:fs/promises';
import path from 'node:path';

export type DirectoryChoice = { cwd: string; note?: string };

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

export function isInsideAny(dir: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const relative = path.relative(root, dir);
    const escapes = relative === '..' || relative.startsWith(`..${path.sep}`);
    return !escapes && !path.isAbsolute(relative);
  });
}

function resetNote(dir: string): string {
  return `Shell cwd was reset to ${dir}`;
}

/** Where the next command starts: the current cwd, or the first working directory if it vanished. */
export async function chooseStartDirectory(
  current: string,
  workingDirectories: readonly string[],
): Promise<DirectoryChoice> {
  if (await isDirectory(current)) return { cwd: current };
  const fallback = workingDirectories[0];
  if (fallback === undefined) return { cwd: current };
  return { cwd: fallback, note: resetNote(fallback) };
}

/** Where the shell ended up, if it still exists and is allowed; otherwise back home with a note. */
export async function settleFinalDirectory(
  reported: string | undefined,
  current: string,
  workingDirectories: readonly string[],
): Promise<DirectoryChoice> {
  if (reported === undefined || reported === current) return { cwd: current };
  if (!(await isDirectory(reported))) return { cwd: current };
  const home = workingDirectories[0];
  if (home === undefined || isInsideAny(reported, workingDirectories)) return { cwd: reported };
  return { cwd: home, note: resetNote(home) };
}
