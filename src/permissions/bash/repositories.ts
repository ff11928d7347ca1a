// git in a folder of the project that is a repository of its own (a nested checkout, or a bare
// repository committed as plain files) uses that repository's config and hooks, which can run
// programs (`core.fsmonitor`, `core.pager`): such a git command is not read-only.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInsideDirectory, resolveRealPath } from '../paths.js';

function isRepository(dir: string): boolean {
  if (existsSync(join(dir, '.git'))) return true;
  return ['HEAD', 'objects', 'refs'].every((name) => existsSync(join(dir, name)));
}

/** The repository other than the project's that `dir` lies in, between it and the project root. */
export function otherRepository(dir: string, projectRoot: string): string | undefined {
  const root = resolveRealPath(projectRoot);
  const start = resolveRealPath(dir);
  if (start === root || !isInsideDirectory(start, root)) return undefined;
  for (let current = start; current !== root; current = dirname(current)) {
    if (isRepository(current)) return current;
    if (dirname(current) === current) return undefined;
  }
  return undefined;
}
