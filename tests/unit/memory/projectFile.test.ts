// `# note` in the REPL and /memory both use the project memory file: CLAUDE.md at the root.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProjectMemoryNote, ensureProjectMemoryFile, memoryNoteOf } from '../../../src/memory/projectFile.js';

let dir: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-note-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('project memory file', () => {
  it('recognises # notes and nothing else', () => {
    expect(memoryNoteOf('# Always run npm test before committing')).toBe('Always run npm test before committing');
    expect(memoryNoteOf('#use tabs')).toBe('use tabs');
    expect(memoryNoteOf('## a heading')).toBeUndefined();
    expect(memoryNoteOf('#')).toBeUndefined();
    expect(memoryNoteOf('fix #12')).toBeUndefined();
  });

  it('creates CLAUDE.md when missing and appends each note on its own line', async () => {
    const path = await addProjectMemoryNote(dir, 'Use pnpm');
    expect(path).toBe(join(dir, 'CLAUDE.md'));
    writeFileSync(path, `${readFileSync(path, 'utf8')}Trailing text without newline`);
    await addProjectMemoryNote(dir, 'Prefer early returns ');
    expect(readFileSync(path, 'utf8')).toBe('- Use pnpm\nTrailing text without newline\n- Prefer early returns\n');
    expect(await ensureProjectMemoryFile(dir)).toBe(path);
    expect(readFileSync(path, 'utf8')).toContain('Use pnpm');
  });
});
