// Reads a window of lines without loading the whole file, so `offset`/`limit` work on logs far
// bigger than memory should hold. Lines split on LF with a trailing CR dropped, and a final
// newline counts as one more (empty) line, as the reference numbers it.
import { createReadStream } from 'node:fs';

export type LineWindow = {
  /** The requested lines, CR-free. */
  lines: string[];
  totalLines: number;
  /** The whole text (BOM removed), when asked for. */
  text?: string;
};

export async function readLineWindow(
  absPath: string,
  firstLine: number,
  maxLines: number,
  keepText: boolean,
): Promise<LineWindow> {
  const lines: string[] = [];
  const chunks: string[] = [];
  let lineNumber = 0;
  let pending = '';
  let sawAnyByte = false;
  const lastLine = firstLine + maxLines - 1;

  const take = (line: string) => {
    lineNumber++;
    if (lineNumber >= firstLine && lineNumber <= lastLine) {
      lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
  };

  for await (const chunk of createReadStream(absPath, { encoding: 'utf8' })) {
    let piece = chunk as string;
    if (!sawAnyByte && piece.startsWith('\uFEFF')) piece = piece.slice(1);
    sawAnyByte ||= piece.length > 0;
    if (keepText) chunks.push(piece);
    const parts = (pending + piece).split('\n');
    pending = parts.pop() ?? '';
    parts.forEach(take);
  }
  if (sawAnyByte) take(pending);

  return { lines, totalLines: lineNumber, text: keepText ? chunks.join('') : undefined };
}
