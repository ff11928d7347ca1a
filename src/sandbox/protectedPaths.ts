// Places a sandboxed command must not change even where it may write: what would run code or
// widen permissions later, outside the sandbox. Git hooks and config run at the next git command;
// Pulse's and Claude's settings hold hooks, rules and MCP servers; shell start-up files run at the
// next login. Only those inside a writable place matter; the mount plan drops the others.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MountEntry } from './mounts.js';

export type ProtectedLocations = {
  /** The working directories and any other writable roots. */
  writableRoots: readonly string[];
  home: string;
  pulseConfigDir: string;
  claudeConfigDir: string;
};

const HOME_FILES = ['.bashrc', '.bash_profile', '.bash_login', '.profile', '.zshrc', '.zprofile', '.zshenv', '.gitconfig', '.claude.json'];

function protect(target: string, isDirectory: boolean): MountEntry {
  return { path: target, kind: 'protect', isDirectory };
}

/** `.git` may be a folder, or a file naming the real one (worktrees, submodules). */
function gitDirectories(dotGit: string): string[] {
  try {
    if (statSync(dotGit).isDirectory()) return [dotGit];
    const named = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
    if (!named) return [];
    const gitDir = path.resolve(path.dirname(dotGit), named);
    const common = path.join(gitDir, 'commondir');
    const shared = existsSync(common) ? [path.resolve(gitDir, readFileSync(common, 'utf8').trim())] : [];
    return [gitDir, ...shared];
  } catch {
    return [];
  }
}

/** The git folders of the repository holding `dir`, found by walking up as git does. */
function repositoryGitDirectories(dir: string): string[] {
  for (let current = dir; ; current = path.dirname(current)) {
    const dotGit = path.join(current, '.git');
    if (existsSync(dotGit)) return gitDirectories(dotGit);
    if (path.dirname(current) === current) return [];
  }
}

export function protectedEntries(locations: ProtectedLocations): MountEntry[] {
  const entries: MountEntry[] = [];
  for (const root of locations.writableRoots) {
    entries.push(protect(path.join(root, '.claude'), true), protect(path.join(root, '.mcp.json'), false));
    for (const gitDir of repositoryGitDirectories(root)) {
      entries.push(protect(path.join(gitDir, 'hooks'), true), protect(path.join(gitDir, 'config'), false));
    }
  }
  entries.push(protect(locations.pulseConfigDir, true), protect(locations.claudeConfigDir, true));
  for (const name of HOME_FILES) entries.push(protect(path.join(locations.home, name), false));
  return entries;
}
