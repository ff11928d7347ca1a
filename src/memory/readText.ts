// Reads a memory file if it is a regular, reasonably small text file; anything else is skipped.
import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';

export const MAX_MEMORY_FILE_BYTES = 1024 * 1024;

export type TextFile = { realPath: string; text: string };

export async function readMemoryText(path: string): Promise<TextFile | undefined> {
  // Most places memory could be hold nothing. Asking synchronously costs microseconds; an async
  // stat that fails builds an error and a rejected promise for each, before the first request.
  if (!existsSync(path)) return undefined;
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_MEMORY_FILE_BYTES) return undefined;
    const text = await readFile(path, 'utf8');
    // A NUL byte means binary content that has no place in a prompt.
    if (text.includes('\u0000')) return undefined;
    return { realPath: await realpath(path), text };
  } catch {
    return undefined;
  }
}
