// Where a session's files live. Everything hangs off pulseConfigDir() so tests and users can
// move it with PULSE_CONFIG_DIR.
import { join } from 'node:path';
import { pulseConfigDir } from '../utils/configDir.js';
import { lazyCrypto } from '../utils/lazyCrypto.js';

/** Long enough for deep paths, short enough to stay well under common 255-byte name limits. */
const MAX_PROJECT_DIR_NAME = 200;

export const TRANSCRIPT_EXTENSION = '.jsonl';

/** Session ids become file names; anything else could walk out of the projects folder. */
export function isSafeSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(id);
}

export function projectsDir(): string {
  return join(pulseConfigDir(), 'projects');
}

/** The folder name for a working directory: every non-alphanumeric character becomes '-'. */
export function sanitizeProjectName(cwd: string): string {
  const sanitized = cwd.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_PROJECT_DIR_NAME) return sanitized;
  // Cutting alone could make two long paths collide; the hash of the full path keeps them apart.
  const hash = lazyCrypto().createHash('sha256').update(cwd).digest('hex').slice(0, 10);
  return `${sanitized.slice(0, MAX_PROJECT_DIR_NAME)}-${hash}`;
}

export function projectDirFor(cwd: string): string {
  return join(projectsDir(), sanitizeProjectName(cwd));
}

export function transcriptPath(cwd: string, sessionId: string): string {
  return join(projectDirFor(cwd), `${sessionId}${TRANSCRIPT_EXTENSION}`);
}

/** The session's side folder, beside its transcript: spilled tool results and sub-agent logs. */
export function sessionDir(cwd: string, sessionId: string): string {
  return join(projectDirFor(cwd), sessionId);
}

export function toolResultsDir(cwd: string, sessionId: string): string {
  return join(sessionDir(cwd, sessionId), 'tool-results');
}

export function subagentsDir(cwd: string, sessionId: string): string {
  return join(sessionDir(cwd, sessionId), 'subagents');
}

/** The session id a transcript file name stands for, or undefined for any other file. */
export function sessionIdFromFileName(name: string): string | undefined {
  if (!name.endsWith(TRANSCRIPT_EXTENSION)) return undefined;
  const id = name.slice(0, -TRANSCRIPT_EXTENSION.length);
  return id === '' ? undefined : id;
}
