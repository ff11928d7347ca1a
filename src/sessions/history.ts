// Prompt history for the input box's up-arrow: one JSON line per submitted prompt, shared by all
// projects, read newest first from the end of the file so a long history costs only what is shown.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { pulseConfigDir } from '../utils/configDir.js';
import { withFileLock } from '../utils/fileLock.js';
import { appendWholeSync } from './writeWhole.js';

export const DEFAULT_HISTORY_LIMIT = 200;
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

const historyEntrySchema = lazySchema(() =>
  z.object({
    display: z.string(),
    timestamp: z.number(),
    project: z.string(),
  }),
);
export type HistoryEntry = z.infer<ReturnType<typeof historyEntrySchema>>;

export function historyPath(): string {
  return join(pulseConfigDir(), 'history.jsonl');
}

/**
 * Appends one entry as one write to a file opened for appending. The write holds the history's
 * lock, since an entry that cannot land whole (a full disk) is cut back off, and that must never
 * cut a line another Pulse process appended meanwhile. Resolves false instead of throwing.
 */
export async function appendHistory(display: string, project: string, timestamp: number = Date.now()): Promise<boolean> {
  const entry: HistoryEntry = { display, timestamp, project };
  const path = historyPath();
  try {
    await withFileLock(path, async () => {
      const fd = openSync(path, 'a');
      try {
        appendWholeSync(fd, `${JSON.stringify(entry)}\n`);
      } finally {
        closeSync(fd);
      }
    });
    return true;
  } catch {
    return false;
  }
}

function parseEntry(line: Buffer): HistoryEntry | undefined {
  try {
    const parsed = historyEntrySchema().safeParse(JSON.parse(line.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** This project's most recent prompts, newest first, at most `limit`. */
export function readHistory(project: string, limit: number = DEFAULT_HISTORY_LIMIT): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  if (limit <= 0) return entries;
  let fd: number;
  try {
    fd = openSync(historyPath(), 'r');
  } catch {
    return entries;
  }
  const take = (line: Buffer): boolean => {
    const entry = parseEntry(line);
    if (entry?.project === project) entries.push(entry);
    return entries.length >= limit;
  };
  try {
    readBackwards(fd, take);
  } catch {
    // A history that cannot be read is an empty one; what was gathered so far is still good.
  } finally {
    closeSync(fd);
  }
  return entries;
}

/** Feeds lines to `take`, last line first, until it returns true or the file's start is reached. */
function readBackwards(fd: number, take: (line: Buffer) => boolean): void {
  let position = fstatSync(fd).size;
  // Bytes of the line cut by the previous (later) chunk's start, completed by this one.
  let carry = Buffer.alloc(0);
  while (position > 0) {
    const length = Math.min(CHUNK_BYTES, position);
    position -= length;
    const chunk = Buffer.alloc(length);
    readSync(fd, chunk, 0, length, position);
    const data = carry.length === 0 ? chunk : Buffer.concat([chunk, carry]);
    let end = data.length;
    while (end > 0) {
      const newline = data.lastIndexOf(NEWLINE, end - 1);
      if (newline === -1) break;
      if (newline + 1 < end && take(data.subarray(newline + 1, end))) return;
      end = newline;
    }
    carry = Buffer.from(data.subarray(0, end));
  }
  if (carry.length > 0) take(carry);
}
