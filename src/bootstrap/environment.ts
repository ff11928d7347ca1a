// What the model should know about where it runs: directory, platform, date and a glance at
// git. The git probe is one fast `git status` with a hard deadline, so a slow or huge
// repository never holds up startup. It uses node:child_process directly, loaded only when
// there is a repository to ask about: loading execa costs more start-up time than the probe.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const GIT_PROBE_TIMEOUT_MS = 300;
const MAX_STATUS_LINES = 20;

export type GitInfo =
  | { kind: 'repo'; branch?: string; changes: string[]; moreChanges: number }
  | { kind: 'none' }
  | { kind: 'unknown' };

export type EnvironmentInfo = {
  cwd: string;
  platform: string;
  date: string;
  git: GitInfo;
};

/** Reads `## main...origin/main` / `## No commits yet on main` into a branch name. */
function branchFrom(header: string | undefined): string | undefined {
  if (!header?.startsWith('## ')) return undefined;
  const rest = header.slice(3).replace(/^No commits yet on /, '').replace(/^Initial commit on /, '');
  const name = rest.split('...')[0]?.split(' ')[0];
  return name && name !== 'HEAD' ? name : undefined;
}

export function parseGitStatus(stdout: string): GitInfo {
  const lines = stdout.split('\n').filter((line) => line.trim() !== '');
  const header = lines[0]?.startsWith('## ') ? lines.shift() : undefined;
  const info: GitInfo = {
    kind: 'repo',
    changes: lines.slice(0, MAX_STATUS_LINES),
    moreChanges: Math.max(0, lines.length - MAX_STATUS_LINES),
  };
  const branch = branchFrom(header);
  if (branch) info.branch = branch;
  return info;
}

/**
 * Whether git could find a repository here: a `.git` (folder, or file for worktrees) in this
 * directory or above, or GIT_DIR set. Spawning git costs ~10 ms of start-up even to hear "no".
 */
function mayBeInRepository(cwd: string): boolean {
  if (process.env.GIT_DIR) return true;
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

export async function probeGit(cwd: string, timeoutMs = GIT_PROBE_TIMEOUT_MS): Promise<GitInfo> {
  if (!mayBeInRepository(cwd)) return { kind: 'none' };
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    try {
      const child = execFile(
        'git',
        ['status', '--porcelain', '--branch', '--untracked-files=normal'],
        {
          cwd,
          timeout: timeoutMs,
          maxBuffer: 1024 * 1024,
          encoding: 'utf8',
          // A status probe must not take git's index lock away from the user's own git commands.
          env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
        },
        (error, stdout) => {
          // A huge status is cut at maxBuffer; the first lines are still a fair summary.
          if (!error || error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') resolve(parseGitStatus(stdout));
          else resolve(error.killed ? { kind: 'unknown' } : { kind: 'none' });
        },
      );
      child.stdin?.end();
    } catch {
      resolve({ kind: 'unknown' });
    }
  });
}

export async function probeEnvironment(cwd: string, now = new Date()): Promise<EnvironmentInfo> {
  return {
    cwd,
    platform: process.platform,
    date: now.toISOString().slice(0, 10),
    git: await probeGit(cwd),
  };
}
