// Appending one record line to a JSONL file (transcripts, history, forks). writeSync may write
// fewer bytes than asked (a signal, a nearly full disk), so the write is looped; and a line that
// cannot go out whole is cut back off, so the file never keeps half a record for the next line
// to be glued to.
import { fstatSync, ftruncateSync, writeSync } from 'node:fs';

function noProgress(): NodeJS.ErrnoException {
  return Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' });
}

/** Appends `text` to a file opened for appending: all of it, or (after a throw) none of it. */
export function appendWholeSync(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  const start = fstatSync(fd).size;
  let offset = 0;
  try {
    while (offset < bytes.length) {
      const written = writeSync(fd, bytes, offset, bytes.length - offset);
      if (written <= 0) throw noProgress();
      offset += written;
    }
  } catch (error) {
    if (offset > 0) cutBack(fd, start);
    throw error;
  }
}

function cutBack(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // The file keeps a torn last line; loaders skip it and the next writer starts a fresh line.
  }
}
