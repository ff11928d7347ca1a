import { MAX_LINE_CHARS } from '../shared/lineNumbers.js';
import { DEFAULT_LINE_LIMIT, MAX_FULL_READ_BYTES, MAX_OUTPUT_TOKENS } from './limits.js';

export const READ_DESCRIPTION = 'Read a text file from the local filesystem, with line numbers.';

export function readPrompt(): string {
  return `Reads a text file and returns it with line numbers.

How to use it:
- Give file_path as an absolute path. A relative path is taken from the current working directory, and ~ means the home directory.
- Without offset and limit you get the first ${DEFAULT_LINE_LIMIT} lines. For long files, pass offset (the first line number to show, counting from 1) and limit (how many lines) to read the part you need.
- Each line comes back as the line number, a tab, then the text. The number and the tab are not part of the file: leave them out when you copy text into Edit.
- Lines longer than ${MAX_LINE_CHARS} characters are cut short and marked.
- Files over ${MAX_FULL_READ_BYTES / 1024} KB, or whose text would exceed about ${MAX_OUTPUT_TOKENS} tokens, must be read in parts with offset and limit. Grep is often the faster way to find the part that matters.
- Read shows files, not directories: list a directory with Glob or with ls through Bash.
- Binary files (archives, executables, images, PDFs) are refused.
- When several files may be relevant, read them in the same turn: calls to Read run in parallel.
- You must Read a file before you change it with Edit or Write.
- Reading a file that does not exist is harmless: you get an error, sometimes with the name of a similar file.`;
}
