// Finding sessions on disk for --continue, --resume and the picker. Listing reads only what a
// picker shows: the head of each file for the first prompt and line starts for the count.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { forEachLinePrefix, readLinesSync } from './lines.js';
import { isSafeSessionId, projectDirFor, projectsDir, sessionIdFromFileName, transcriptPath } from './paths.js';
import { summarizePrompt, typedPromptText } from './promptText.js';
import { MESSAGE_RECORD_TYPES, userRecordSchema } from './records.js';

export type SessionSummary = {
  sessionId: string;
  path: string;
  modified: Date;
  /** The first typed prompt, one line of at most 80 characters. */
  firstPrompt?: string;
  messageCount: number;
};

/** How many lines from the top to look through for the first typed prompt. */
const HEAD_LINES_FOR_PROMPT = 200;
/** The first prompt is almost always in the first few kilobytes; read no more than that. */
const HEAD_CHUNK_BYTES = 16 * 1024;
const TYPE_PREFIX = '{"type":"';
/** Long enough to hold `{"type":"assistant"`, the longest message record start. */
const TYPE_PREFIX_BYTES = 32;

function firstPromptOf(path: string): string | undefined {
  let seen = 0;
  for (const line of readLinesSync(path, HEAD_CHUNK_BYTES)) {
    seen += 1;
    if (seen > HEAD_LINES_FOR_PROMPT) return undefined;
    if (!line.text.includes('"user"')) continue;
    const record = parseUserRecord(line.text);
    if (record === undefined) continue;
    const text = typedPromptText({ ...record, isSynthetic: record.isSynthetic === true });
    if (text !== undefined) return summarizePrompt(text);
  }
  return undefined;
}

function parseUserRecord(text: string) {
  try {
    const parsed = userRecordSchema().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Message lines, judged by their first bytes: Pulse writes `type` first, so a line starting with
 * `{"type":"` names its kind; lines in other layouts count as messages.
 */
function countMessages(path: string): number {
  let count = 0;
  forEachLinePrefix(path, TYPE_PREFIX_BYTES, (prefix) => {
    if (!prefix.startsWith(TYPE_PREFIX)) {
      count += 1;
      return;
    }
    const type = prefix.slice(TYPE_PREFIX.length).split('"')[0] ?? '';
    if (MESSAGE_RECORD_TYPES.has(type)) count += 1;
  });
  return count;
}

type TranscriptFile = { sessionId: string; path: string; modified: Date };

function transcriptFilesIn(dir: string): TranscriptFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const files: TranscriptFile[] = [];
  for (const name of names) {
    const sessionId = sessionIdFromFileName(name);
    if (sessionId === undefined) continue;
    const path = join(dir, name);
    try {
      const stats = statSync(path);
      if (stats.isFile()) files.push({ sessionId, path, modified: stats.mtime });
    } catch {
      // Deleted between the listing and the stat (a cleanup in another Pulse): not a session.
    }
  }
  return files.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

function summarize(file: TranscriptFile): SessionSummary | undefined {
  try {
    const summary: SessionSummary = { ...file, messageCount: countMessages(file.path) };
    const firstPrompt = firstPromptOf(file.path);
    if (firstPrompt !== undefined) summary.firstPrompt = firstPrompt;
    return summary;
  } catch {
    return undefined;
  }
}

/** Sessions with at least one message in this directory's project, newest first. */
export function listSessions(cwd: string): SessionSummary[] {
  return transcriptFilesIn(projectDirFor(cwd))
    .map(summarize)
    .filter((summary): summary is SessionSummary => summary !== undefined && summary.messageCount > 0);
}

/** The most recently written session with messages: what --continue resumes. */
export function latestSession(cwd: string): SessionSummary | undefined {
  for (const file of transcriptFilesIn(projectDirFor(cwd))) {
    const summary = summarize(file);
    if (summary !== undefined && summary.messageCount > 0) return summary;
  }
  return undefined;
}

export class SessionLookupError extends Error {
  constructor(
    readonly reason: 'not_found' | 'ambiguous',
    readonly query: string,
    readonly candidates: string[] = [],
  ) {
    super(
      reason === 'ambiguous'
        ? `Session prefix "${query}" matches ${candidates.length} sessions: ${candidates.join(', ')}`
        : `No session found with id "${query}"`,
    );
    this.name = 'SessionLookupError';
  }
}

/**
 * --resume <id>: the full id or a unique prefix in this project, else the exact id in any other
 * project (a session started from another directory). Throws SessionLookupError.
 */
export function findSession(cwd: string, idOrPrefix: string): SessionSummary {
  const query = idOrPrefix.trim();
  if (!isSafeSessionId(query)) throw new SessionLookupError('not_found', idOrPrefix);
  const exact = transcriptPath(cwd, query);
  if (existsSync(exact)) return summarizeOrThrow(exact, query);

  const matches = transcriptFilesIn(projectDirFor(cwd)).filter((file) => file.sessionId.startsWith(query));
  const [only] = matches;
  if (matches.length > 1) throw new SessionLookupError('ambiguous', query, matches.map((file) => file.sessionId));
  if (only !== undefined) return summarizeOrThrow(only.path, only.sessionId);

  const elsewhere = findInOtherProjects(query);
  if (elsewhere !== undefined) return summarizeOrThrow(elsewhere, query);
  throw new SessionLookupError('not_found', query);
}

function findInOtherProjects(sessionId: string): string | undefined {
  let dirs: string[];
  try {
    dirs = readdirSync(projectsDir());
  } catch {
    return undefined;
  }
  for (const dir of dirs) {
    const path = join(projectsDir(), dir, `${sessionId}.jsonl`);
    if (existsSync(path)) return path;
  }
  return undefined;
}

function summarizeOrThrow(path: string, sessionId: string): SessionSummary {
  let summary: SessionSummary | undefined;
  try {
    summary = summarize({ sessionId, path, modified: statSync(path).mtime });
  } catch {
    summary = undefined;
  }
  if (summary === undefined) throw new SessionLookupError('not_found', sessionId);
  return summary;
}
