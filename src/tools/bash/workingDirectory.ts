// The Bash tool's persistent working directory: `cd` in one call carries over to the next,
// but never out of the directories the session may work in, and never into one that is gone.
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
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

function movedNote(vanished: string, dir: string): string {
  return `The shell's working directory ${vanished} no longer exists, so commands now run in ${dir}.`;
}

/**
 * Where the next command starts: the current cwd or, when it was deleted, the first of the
 * session's working directories that still exists (the project root first), else HOME, else /.
 * Spawning in a directory that is gone fails every time, so staying put is never an option.
 */
export async function chooseStartDirectory(
  current: string,
  workingDirectories: readonly string[],
  home: string = homedir(),
): Promise<DirectoryChoice> {
  if (await isDirectory(current)) return { cwd: current };
  for (const candidate of [...workingDirectories, home, path.parse(current).root || '/']) {
    if (candidate !== current && (await isDirectory(candidate))) return { cwd: candidate, note: movedNote(current, candidate) };
  }
  return { cwd: current };
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
