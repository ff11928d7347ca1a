// How the file tools turn what the model typed into a real path, and back into a short label.
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { session } from '../../state/session.js';
import { homeDir } from '../../utils/configDir.js';

/** Absolute paths pass through, `~` means home, anything else is relative to `cwd`. */
export function expandPath(raw: string, cwd: string): string {
  const trimmed = raw.trim();
  if (trimmed === '~') return homeDir();
  if (trimmed.startsWith('~/') || trimmed.startsWith(`~${sep}`)) {
    return join(homeDir(), trimmed.slice(2));
  }
  return isAbsolute(trimmed) ? normalize(trimmed) : resolve(cwd, trimmed);
}

/** `src/a.ts` when the path is inside `cwd`, the absolute path otherwise. */
export function displayPath(absPath: string, cwd: string = session.cwd): string {
  const rel = relative(cwd, absPath);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return absPath;
  return rel;
}

/** For `describeUse`, which has no context: the session cwd is the best anchor there is. */
export function describePath(rawPath: string | undefined): string {
  if (!rawPath) return '';
  return displayPath(expandPath(rawPath, session.cwd));
}
