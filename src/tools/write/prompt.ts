export const WRITE_DESCRIPTION = 'Create a file, or replace the whole content of one.';

export function writePrompt(): string {
  return `Writes a file to the local filesystem, replacing anything already there.

How to use it:
- Give file_path as an absolute path (a relative path is taken from the current working directory). Missing parent directories are created.
- To overwrite an existing file you must have read all of it with Read earlier in this conversation, and it must not have changed since; otherwise the write is refused.
- Prefer Edit for changing part of an existing file: it sends only the change and is easier to review. Use Write for new files or complete rewrites.
- Do not create documentation files (README, *.md) unless the user asked for them.
- Only add emoji to a file if the user asked for it.`;
}
