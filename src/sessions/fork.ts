// --fork-session: the history continues under a new session id in a fresh file; the original
// transcript is only read.
import { randomUuid } from '../utils/random.js';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { readLinesSync } from './lines.js';
import { isSafeSessionId, transcriptPath } from './paths.js';
import { appendWholeSync } from './writeWhole.js';

/** Top-level fields that hold a message uuid and must follow the renaming. */
const UUID_FIELDS = ['uuid', 'parentUuid', 'logicalParentUuid', 'sourceToolAssistantUUID', 'leafUuid', 'targetUuid'];

export type ForkResult = {
  sessionId: string;
  path: string;
  /** Lines of the source that were not JSON records and were left out. */
  skippedLines: number;
};

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return { ...value };
  } catch {
    return undefined;
  }
}

/**
 * Copies every record of `sourcePath` into `<project of cwd>/<newId>.jsonl` with the new session
 * id and fresh message uuids (links kept consistent), so the two sessions never share ids. Load
 * the fork, not the source, to continue it. The file appears whole or not at all.
 */
export function forkSession(sourcePath: string, newId: string, cwd: string): ForkResult {
  if (!isSafeSessionId(newId)) throw new Error(`Not a usable session id: ${JSON.stringify(newId)}`);
  const path = transcriptPath(cwd, newId);
  if (existsSync(path)) throw new Error(`Session ${newId} already exists: ${path}`);
  mkdirSync(dirname(path), { recursive: true });
  const renamed = new Map<string, string>();
  const rename = (uuid: string): string => {
    const known = renamed.get(uuid);
    if (known !== undefined) return known;
    const fresh = randomUuid();
    renamed.set(uuid, fresh);
    return fresh;
  };

  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  let skippedLines = 0;
  try {
    for (const line of readLinesSync(sourcePath)) {
      const record = parseObject(line.text);
      if (record === undefined) {
        skippedLines += 1;
        continue;
      }
      if (typeof record.sessionId === 'string') record.sessionId = newId;
      for (const field of UUID_FIELDS) {
        const value = record[field];
        if (typeof value === 'string') record[field] = rename(value);
      }
      appendWholeSync(fd, `${JSON.stringify(record)}\n`);
    }
    // A full disk may only show itself when the data is flushed; the fork must not be half a file.
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    closeQuietly(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  return { sessionId: newId, path, skippedLines };
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed before the failure.
  }
}
