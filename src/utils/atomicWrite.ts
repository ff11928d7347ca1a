// Files are replaced in one step so an interrupted write (crash, Ctrl+C, full disk) never leaves
// the user with half a source file. write-file-atomic writes a temp file beside the target,
// fsyncs it, copies the old file's mode and owner, then renames it over the target; it also
// follows symlinks so editing a linked file changes the link's target, not the link.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export async function writeFileAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, content, { encoding: 'utf8' });
}
