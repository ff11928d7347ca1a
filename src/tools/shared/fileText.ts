// Reading and writing text files the way Edit and Write need: keep a UTF-8 byte-order mark and
// the file's line endings exactly as they were, so a one-line edit never rewrites every line.
import { readFile, stat } from 'node:fs/promises';
import { writeFileAtomically } from '../../utils/atomicWrite.js';

const BOM = '\uFEFF';

export type LineEnding = '\n' | '\r\n';

export type TextFile = {
  /** The text without a byte-order mark, line endings untouched. */
  text: string;
  hasBom: boolean;
  lineEnding: LineEnding;
  mtimeMs: number;
  /** Bytes on disk, byte-order mark included. */
  size: number;
};

/** `onDisk` is the file as tools/shared/pathOnDisk.ts finds it (bytes for a name that is not UTF-8). */
export async function readTextFile(onDisk: string | Buffer): Promise<TextFile> {
  const raw = await readFile(onDisk, 'utf8');
  const { mtimeMs, size } = await stat(onDisk);
  const hasBom = raw.startsWith(BOM);
  const text = hasBom ? raw.slice(1) : raw;
  return { text, hasBom, lineEnding: detectLineEnding(text), mtimeMs, size };
}

/** CRLF when most line breaks are CRLF; a file with no breaks counts as LF. */
export function detectLineEnding(text: string): LineEnding {
  let crlf = 0;
  let all = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    all++;
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
  }
  return crlf > 0 && crlf * 2 >= all ? '\r\n' : '\n';
}

/** Turns the model's LF text into the file's own line ending. */
export function withLineEnding(text: string, lineEnding: LineEnding): string {
  return lineEnding === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
}

export function toLf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** Writes atomically and returns the new mtime, for the read-state record. */
export async function writeTextFile(absPath: string, text: string, hasBom = false, onDisk: string | Buffer = absPath): Promise<number> {
  await writeFileAtomically(onDisk, hasBom ? BOM + text : text, { shownPath: absPath });
  return (await stat(onDisk)).mtimeMs;
}
