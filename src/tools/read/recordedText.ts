// The text a Read records in readFileState for what it showed, and that same text read again
// from the file. The read state keeps only a hash of a large text (tools/shared/fileReadCache.ts),
// so compaction re-attaches such a file from disk, and only while the disk still holds what the
// model read.
import type { PathLike } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FileReadRecord } from '../Tool.js';
import { statOrUndefined } from '../shared/fileChecks.js';
import { recordHolds } from '../shared/fileReadCache.js';
import { isNotebookPath } from '../shared/notebook.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { DEFAULT_LINE_LIMIT, MAX_FULL_READ_BYTES } from './limits.js';
import { type LineWindow, readLineWindow } from './readLines.js';

/** The lines a Read with this offset and limit shows. */
export function windowOf(input: { offset?: number; limit?: number }): { startLine: number; maxLines: number } {
  return { startLine: Math.max(1, input.offset ?? 1), maxLines: input.limit ?? DEFAULT_LINE_LIMIT };
}

/** What a Read records: the file's own text when it showed all of it, else the lines it showed. */
export function recordedText(window: LineWindow, startLine: number): { text: string; isWholeFile: boolean } {
  const isWholeFile = startLine === 1 && window.lines.length >= window.totalLines;
  return { text: isWholeFile && window.text !== undefined ? window.text : window.lines.join('\n'), isWholeFile };
}

/** The lines a Read shows; a file Read may show whole is decoded at once, its text kept. */
export function readWindow(onDisk: PathLike, fileBytes: number, startLine: number, maxLines: number): Promise<LineWindow> {
  return readLineWindow(onDisk, startLine, maxLines, fileBytes <= MAX_FULL_READ_BYTES);
}

/**
 * The text `record` holds (kept or hashed), from the file as it is now: undefined once the file
 * holds something else, or is too large to read again for it (a window of a huge log).
 */
export async function recordedTextOnDisk(absPath: string, record: FileReadRecord): Promise<string | undefined> {
  if (record.contentHash === undefined) return record.content;
  const onDisk = pathOnDisk(absPath);
  const stats = await statOrUndefined(onDisk);
  if (!stats?.isFile() || stats.size > MAX_FULL_READ_BYTES) return undefined;
  try {
    const text = isNotebookPath(absPath)
      ? await readFile(onDisk, 'utf8')
      : await textOfWindow(onDisk, stats.size, record.isPartialView ? windowOf(record) : { startLine: 1, maxLines: Infinity });
    return recordHolds(record, text) ? text : undefined;
  } catch {
    // Gone or unreadable since the stat: as good as changed.
    return undefined;
  }
}

async function textOfWindow(onDisk: PathLike, fileBytes: number, window: { startLine: number; maxLines: number }): Promise<string> {
  return recordedText(await readWindow(onDisk, fileBytes, window.startLine, window.maxLines), window.startLine).text;
}
