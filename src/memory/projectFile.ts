// The project memory file people edit: CLAUDE.md at the project root. `#` notes and /memory
// both land here; it is created on first use.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../utils/atomicWrite.js';

export function projectMemoryPath(projectDir: string): string {
  return join(projectDir, 'CLAUDE.md');
}

/** Creates an empty memory file when there is none, so an editor has something to open. */
export async function ensureProjectMemoryFile(projectDir: string): Promise<string> {
  const path = projectMemoryPath(projectDir);
  await writeFile(path, '', { flag: 'a' });
  return path;
}

/** Appends `note` as a list item, on its own line whatever the file ended with. */
export async function addProjectMemoryNote(projectDir: string, note: string): Promise<string> {
  const path = projectMemoryPath(projectDir);
  const existing = await readFile(path, 'utf8').catch(() => '');
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  // Rewritten whole rather than appended: a full disk must not leave half a note in the file.
  await writeFileAtomically(path, `${existing}${separator}- ${note.trim()}\n`);
  return path;
}

/** `# note` at the start of a prompt: the note, or undefined for any other prompt. */
export function memoryNoteOf(prompt: string): string | undefined {
  const match = /^#(?!#)\s*(\S[\s\S]*)$/.exec(prompt.trim());
  return match?.[1]?.trim();
}
