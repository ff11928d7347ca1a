// Reads a window of lines without loading the whole file, so `offset`/`limit` work on logs far
// bigger than memory should hold. Lines split on LF with a trailing CR dropped, and a final
// newline counts as one more (empty) line, as the reference numbers it. A large file is
// scanned as bytes for its newlines, and only the lines of the window are decoded.
import type { PathLike } from 'node:fs';
import { open, readFile } from 'node:fs/promises';

export type LineWindow = {
  /** The requested lines, CR-free. */
  lines: string[];
  totalLines: number;
  /** The whole text (BOM removed), when asked for. */
  text?: string;
};

const BOM = '\uFEFF';
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

export async function readLineWindow(
  absPath: PathLike,
  firstLine: number,
  maxLines: number,
  keepText: boolean,
): Promise<LineWindow> {
  return keepText ? readWhole(absPath, firstLine, maxLines) : scanForWindow(absPath, firstLine, firstLine + maxLines - 1);
}

/** A file small enough to read at once: decoded whole, since its text is kept anyway. */
async function readWhole(absPath: PathLike, firstLine: number, maxLines: number): Promise<LineWindow> {
  const raw = await readFile(absPath, 'utf8');
  const text = raw.startsWith(BOM) ? raw.slice(1) : raw;
  if (text === '') return { lines: [], totalLines: 0, text };
  const all = text.split('\n');
  return { lines: all.slice(firstLine - 1, firstLine - 1 + maxLines).map(withoutCr), totalLines: all.length, text };
}

async function scanForWindow(absPath: PathLike, firstLine: number, lastLine: number): Promise<LineWindow> {
  const lines: string[] = [];
  // The bytes of the window line being read, which may span chunks.
  let pieces: Buffer[] = [];
  let lineNumber = 1;
  let sawAnyByte = false;
  const finishLine = (inWindow: boolean) => {
    if (inWindow) {
      lines.push(withoutCr(Buffer.concat(pieces).toString('utf8')));
      pieces = [];
    }
    lineNumber++;
  };

  const file = await open(absPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let position = 0; ; ) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let from = position === 0 && UTF8_BOM.every((byte, i) => chunk[i] === byte) ? UTF8_BOM.length : 0;
      position += bytesRead;
      sawAnyByte ||= from < bytesRead;
      for (let newline = chunk.indexOf(NEWLINE, from); ; newline = chunk.indexOf(NEWLINE, from)) {
        const inWindow = lineNumber >= firstLine && lineNumber <= lastLine;
        if (newline === -1) {
          if (inWindow) pieces.push(Buffer.from(chunk.subarray(from)));
          break;
        }
        if (inWindow) pieces.push(Buffer.from(chunk.subarray(from, newline)));
        finishLine(inWindow);
        from = newline + 1;
      }
    }
  } finally {
    await file.close();
  }
  if (sawAnyByte) finishLine(lineNumber >= firstLine && lineNumber <= lastLine);
  return { lines, totalLines: sawAnyByte ? lineNumber - 1 : 0 };
}
