// Old transcripts and their side folders are removed at startup so ~/.pulse does not grow
// forever. Best effort: a file that cannot be removed is counted and left for next time.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectsDir, sessionIdFromFileName, TRANSCRIPT_EXTENSION } from './paths.js';

export const DEFAULT_CLEANUP_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Side folders are named by session UUID; other folders in a project dir are not ours to judge. */
const SESSION_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CleanupResult = {
  removedTranscripts: number;
  removedFolders: number;
  failures: number;
};

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function modifiedMs(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Deletes transcripts last written more than `cleanupPeriodDays` ago, across every project, with
 * their side folders (spilled tool results, sub-agent logs), and side folders left without a
 * transcript. A period that is not a positive number deletes nothing. Never throws.
 */
export function cleanupOldTranscripts(
  cleanupPeriodDays: number = DEFAULT_CLEANUP_PERIOD_DAYS,
  now: number = Date.now(),
): CleanupResult {
  const result: CleanupResult = { removedTranscripts: 0, removedFolders: 0, failures: 0 };
  if (!Number.isFinite(cleanupPeriodDays) || cleanupPeriodDays <= 0) return result;
  const cutoff = now - cleanupPeriodDays * DAY_MS;
  for (const project of listNames(projectsDir())) {
    cleanProject(join(projectsDir(), project), cutoff, result);
  }
  return result;
}

function cleanProject(dir: string, cutoff: number, result: CleanupResult): void {
  for (const name of listNames(dir)) {
    const path = join(dir, name);
    const sessionId = sessionIdFromFileName(name);
    const modified = modifiedMs(path);
    if (modified === undefined || modified >= cutoff) continue;
    if (sessionId !== undefined) {
      if (remove(path, result)) result.removedTranscripts += 1;
      const sideFolder = join(dir, sessionId);
      if (existsSync(sideFolder) && remove(sideFolder, result)) result.removedFolders += 1;
      continue;
    }
    const orphan = SESSION_FOLDER.test(name) && !existsSync(join(dir, `${name}${TRANSCRIPT_EXTENSION}`));
    if (orphan && remove(path, result)) result.removedFolders += 1;
  }
}

function remove(path: string, result: CleanupResult): boolean {
  try {
    rmSync(path, { recursive: true, force: true });
    return true;
  } catch {
    result.failures += 1;
    return false;
  }
}
