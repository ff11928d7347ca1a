// Synchronous line readers over a file, reading in chunks so memory holds one chunk plus the line
// being assembled, whatever the file's size. Lines are split on bytes, so a multi-byte character
// cut by a chunk edge is decoded whole.
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

export type FileLine = {
  text: string;
  /** False only for a final line with no newline after it: a write torn by a crash. */
  terminated: boolean;
};

function* readChunks(path: string, chunkBytes: number): Generator<Buffer> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const read = readSync(fd, buffer, 0, chunkBytes, null);
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** Every non-empty line of the file, in order. Stopping early closes the file. */
export function* readLinesSync(path: string, chunkBytes = CHUNK_BYTES): Generator<FileLine> {
  let parts: Buffer[] = [];
  for (const chunk of readChunks(path, chunkBytes)) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      parts.push(chunk.subarray(start, end));
      const text = Buffer.concat(parts).toString('utf8');
      parts = [];
      start = end + 1;
      if (text.trim() !== '') yield { text, terminated: true };
    }
    // The chunk buffer is reused for the next read, so the unfinished tail must be copied.
    if (start < chunk.length) parts.push(Buffer.from(chunk.subarray(start)));
  }
  const rest = Buffer.concat(parts).toString('utf8');
  if (rest.trim() !== '') yield { text: rest, terminated: false };
}

/**
 * Calls `onLine` with the first `prefixBytes` bytes of every non-empty line, without decoding or
 * holding whole lines: enough to classify records by their leading `{"type":"…"` cheaply.
 */
export function forEachLinePrefix(
  path: string,
  prefixBytes: number,
  onLine: (prefix: string) => void,
  chunkBytes = CHUNK_BYTES,
): void {
  let prefix: Buffer[] = [];
  let prefixLength = 0;
  const takePrefix = (bytes: Buffer): void => {
    if (prefixLength >= prefixBytes || bytes.length === 0) return;
    const taken = Buffer.from(bytes.subarray(0, prefixBytes - prefixLength));
    prefix.push(taken);
    prefixLength += taken.length;
  };
  const endLine = (): void => {
    const text = Buffer.concat(prefix).toString('utf8');
    prefix = [];
    prefixLength = 0;
    if (text.trim() !== '') onLine(text);
  };
  for (const chunk of readChunks(path, chunkBytes)) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      takePrefix(chunk.subarray(start, end));
      endLine();
      start = end + 1;
    }
    takePrefix(chunk.subarray(start));
  }
  endLine();
}
