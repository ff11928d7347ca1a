// The branch stamped on transcript lines, read straight from .git/HEAD: a subprocess per session
// start would cost more than the field is worth.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function gitDirOf(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, '.git');
    try {
      const stats = statSync(candidate);
      if (stats.isDirectory()) return candidate;
      // A worktree or submodule: `.git` is a file pointing at the real directory.
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, 'utf8'));
      if (pointer?.[1]) return resolve(dir, pointer[1].trim());
    } catch {
      // Not here; look further up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The checked-out branch, or undefined outside a repository or on a detached HEAD. */
export function currentGitBranch(cwd: string): string | undefined {
  const gitDir = gitDirOf(cwd);
  if (gitDir === undefined) return undefined;
  try {
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    const match = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
    return match?.[1];
  } catch {
    return undefined;
  }
}
