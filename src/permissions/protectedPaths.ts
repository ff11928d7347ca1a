// Files that configure the user's shell, git or editor, or Pulse itself. A write there could run
// code later or widen permissions, so it always asks, whatever the mode or rules say.
import { resolve, sep } from 'node:path';

const PROTECTED_DIRECTORIES = new Set(['.git', '.vscode', '.idea', '.claude']);
const CLAUDE_EXEMPT_SUBDIRECTORIES = new Set(['commands', 'agents', 'skills', 'worktrees']);
const PROTECTED_FILES = new Set([
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile',
  '.ripgreprc', '.mcp.json', '.claude.json',
]);

/** Compared case-insensitively: case-insensitive file systems map `.GIT` onto `.git`. */
export function isProtectedPath(path: string): boolean {
  const segments = resolve(path).split(sep).map((segment) => segment.toLowerCase());
  const last = segments[segments.length - 1] ?? '';
  if (PROTECTED_FILES.has(last)) return true;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string;
    if (!PROTECTED_DIRECTORIES.has(segment)) continue;
    const next = segments[index + 1];
    if (segment === '.claude' && next !== undefined && CLAUDE_EXEMPT_SUBDIRECTORIES.has(next)) continue;
    return true;
  }
  return false;
}
