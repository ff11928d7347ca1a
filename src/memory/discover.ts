// Where memory files are looked for, in load order: the user's own files, then each folder from
// the filesystem root down to the working directory.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { claudeConfigDir, pulseConfigDir } from '../utils/configDir.js';

export type MemoryType = 'user' | 'project' | 'local';

/** `rule` files may carry frontmatter; those scoped with `paths:` wait until matching files are touched. */
export type MemoryCandidate = { path: string; type: MemoryType; isRule: boolean };

export async function memoryCandidates(cwd: string): Promise<MemoryCandidate[]> {
  const userDir = claudeConfigDir();
  const dirs = rootToCwd(cwd);
  // Every rules folder is listed at once: one listing after another made start-up wait on each.
  const [userRules, ...projectRules] = await Promise.all([
    ruleFiles(join(userDir, 'rules'), 'user'),
    ...dirs.map((dir) => ruleFiles(join(dir, '.claude', 'rules'), 'project')),
  ]);
  const candidates: MemoryCandidate[] = [
    plain(join(userDir, 'CLAUDE.md'), 'user'),
    plain(join(userDir, 'AGENTS.md'), 'user'),
    plain(join(pulseConfigDir(), 'PULSE.md'), 'user'),
    ...(userRules ?? []),
  ];
  dirs.forEach((dir, index) => {
    candidates.push(
      plain(join(dir, 'CLAUDE.md'), 'project'),
      plain(join(dir, '.claude', 'CLAUDE.md'), 'project'),
      plain(join(dir, 'AGENTS.md'), 'project'),
      plain(join(dir, '.claude', 'AGENTS.md'), 'project'),
      ...(projectRules[index] ?? []),
      plain(join(dir, 'CLAUDE.local.md'), 'local'),
    );
  });
  return candidates;
}

function plain(path: string, type: MemoryType): MemoryCandidate {
  return { path, type, isRule: false };
}

function rootToCwd(cwd: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dirname(dir) === dir) return dirs;
  }
}

/** Every `.md` file under a rules folder, subfolders included, in a stable order. */
async function ruleFiles(rulesDir: string, type: MemoryType): Promise<MemoryCandidate[]> {
  if (!existsSync(rulesDir)) return [];
  let entries: string[];
  try {
    entries = await readdir(rulesDir, { recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.endsWith('.md'))
    .sort()
    .map((entry) => ({ path: join(rulesDir, entry), type, isRule: true }));
}
