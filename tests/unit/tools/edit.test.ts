import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../../../src/state/session.js';
import { EditTool } from '../../../src/tools/edit/EditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;
let ctx: ToolUseContext;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-edit-'));
  resetSession({ cwd: dir });
  ctx = makeToolContext(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a file and reads it through the Read tool, as the model would before editing. */
async function seen(name: string, content: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, content);
  await runTool(ReadTool, { file_path: file }, ctx);
  return file;
}

function edit(input: Record<string, unknown>) {
  return runTool(EditTool, input, ctx);
}

describe('Edit', () => {
  it('replaces a unique string and reports the patch', async () => {
    const file = await seen('a.ts', 'const a = 1;\nconst b = 2;\n');
    const result = await edit({ file_path: file, old_string: 'const b = 2;', new_string: 'const b = 3;\nconst c = 4;' });
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\nconst b = 3;\nconst c = 4;\n');
    expect(result.data).toMatchObject({
      filePath: file,
      oldString: 'const b = 2;',
      originalFile: null,
      originalFileSha256: createHash('sha256').update('const a = 1;\nconst b = 2;\n').digest('hex'),
      structuredPatch: [
        { oldStart: 1, oldLines: 2, newStart: 1, newLines: 3, lines: [' const a = 1;', '-const b = 2;', '+const b = 3;', '+const c = 4;'] },
      ],
      replaceAll: false,
    });
    expect(EditTool.summarizeResult(result.data!)).toBe('Updated a.ts with 2 additions and 1 removal');
    expect(EditTool.toResultBlock(result.data!, 'toolu_1').content).toBe(`Updated ${file}.`);
    expect(ctx.readFileState.get(file)?.content).toBe('const a = 1;\nconst b = 3;\nconst c = 4;\n');
  });

  it('refuses identical strings', async () => {
    const file = await seen('same.txt', 'x');
    expect((await edit({ file_path: file, old_string: 'x', new_string: 'x' })).error).toMatch(/identical/);
  });

  it('refuses a file that was never read', async () => {
    const file = join(dir, 'unread.txt');
    await writeFile(file, 'hello');
    const result = await edit({ file_path: file, old_string: 'hello', new_string: 'bye' });
    expect(result.error).toMatch(/not read this file yet/);
    expect(await readFile(file, 'utf8')).toBe('hello');
  });

  it('accepts a partial read but edits the file as it is on disk', async () => {
    const file = join(dir, 'partial.txt');
    await writeFile(file, 'one\ntwo\nthree\n');
    await runTool(ReadTool, { file_path: file, offset: 1, limit: 1 }, ctx);
    const result = await edit({ file_path: file, old_string: 'three', new_string: '3' });
    expect(result.error).toBeUndefined();
    expect(await readFile(file, 'utf8')).toBe('one\ntwo\n3\n');
  });

  it('refuses a file changed on disk since the read', async () => {
    const file = await seen('stale.txt', 'alpha');
    await writeFile(file, 'alpha beta');
    const later = new Date((await stat(file)).mtimeMs + 5_000);
    await utimes(file, later, later);
    const result = await edit({ file_path: file, old_string: 'alpha', new_string: 'gamma' });
    expect(result.error).toMatch(/changed on disk/);
  });

  it('shows the missing string when old_string is not found', async () => {
    const file = await seen('nf.txt', 'abc');
    const result = await edit({ file_path: file, old_string: 'xyz', new_string: 'q' });
    expect(result.error).toContain('old_string was not found');
    expect(result.error).toContain('xyz');
  });

  it('refuses several matches without replace_all and says how many', async () => {
    const file = await seen('dup.txt', 'foo\nfoo\nfoo\n');
    const result = await edit({ file_path: file, old_string: 'foo', new_string: 'bar' });
    expect(result.error).toMatch(/matches 3 places/);
    expect(result.error).toMatch(/replace_all/);
  });

  it('replaces every occurrence with replace_all', async () => {
    const file = await seen('all.txt', 'foo foo\nfoo\n');
    const result = await edit({ file_path: file, old_string: 'foo', new_string: 'bar', replace_all: true });
    expect(await readFile(file, 'utf8')).toBe('bar bar\nbar\n');
    expect(result.data?.replaceAll).toBe(true);
  });

  it('creates a missing file when old_string is empty', async () => {
    const result = await edit({ file_path: 'new/dir/file.txt', old_string: '', new_string: 'fresh\n' });
    expect(await readFile(join(dir, 'new/dir/file.txt'), 'utf8')).toBe('fresh\n');
    expect(EditTool.summarizeResult(result.data!)).toBe('Created new/dir/file.txt');
  });

  it('refuses an empty old_string on an existing non-empty file', async () => {
    const file = await seen('exists.txt', 'content');
    expect((await edit({ file_path: file, old_string: '', new_string: 'x' })).error).toMatch(/already exists/);
  });

  it('refuses notebooks', async () => {
    const file = await seen('nb.ipynb', '{}');
    expect((await edit({ file_path: file, old_string: '{}', new_string: '[]' })).error).toMatch(/NotebookEdit/);
  });

  it('points to NotebookEdit for any notebook, read or not, and leaves it unchanged', async () => {
    const notebook = '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n';
    const unread = join(dir, 'Analysis.IPYNB');
    await writeFile(unread, notebook);
    const result = await edit({ file_path: unread, old_string: '"cells": []', new_string: '"cells": [1]' });
    expect(result.error).toBe(`${unread} is a Jupyter notebook; Edit does not change notebooks. Use NotebookEdit instead.`);
    expect(await readFile(unread, 'utf8')).toBe(notebook);
    // Even creating one through Edit is refused: notebooks are NotebookEdit's job.
    const fresh = join(dir, 'new.ipynb');
    expect((await edit({ file_path: fresh, old_string: '', new_string: notebook })).error).toMatch(/Use NotebookEdit instead/);
  });

  it('refuses a missing file with a non-empty old_string', async () => {
    const result = await edit({ file_path: 'ghost.txt', old_string: 'a', new_string: 'b' });
    expect(result.error).toMatch(/File does not exist/);
  });

  it('matches straight quotes against curly ones and keeps the curly style', async () => {
    const file = await seen('quotes.md', 'She said \u201Chello\u201D and it\u2019s fine.\n');
    const result = await edit({ file_path: file, old_string: 'said "hello" and it\'s', new_string: 'said "bye" and it\'s' });
    expect(result.error).toBeUndefined();
    expect(await readFile(file, 'utf8')).toBe('She said \u201Cbye\u201D and it\u2019s fine.\n');
  });

  it('keeps CRLF line endings', async () => {
    const file = await seen('win.txt', 'line1\r\nline2\r\nline3\r\n');
    await edit({ file_path: file, old_string: 'line1\nline2', new_string: 'first\nsecond\nextra' });
    expect(await readFile(file, 'utf8')).toBe('first\r\nsecond\r\nextra\r\nline3\r\n');
  });

  it('does not leave a blank line when deleting a whole line', async () => {
    const file = await seen('del.txt', 'keep\ndrop me\nkeep too\n');
    await edit({ file_path: file, old_string: 'drop me', new_string: '' });
    expect(await readFile(file, 'utf8')).toBe('keep\nkeep too\n');
  });

  it('treats $ patterns in new_string literally', async () => {
    const file = await seen('dollar.txt', 'price\n');
    await edit({ file_path: file, old_string: 'price', new_string: "$& and $' cost" });
    expect(await readFile(file, 'utf8')).toBe("$& and $' cost\n");
  });

  it('lets a second edit follow the first without a new Read', async () => {
    const file = await seen('chain.txt', 'a b c');
    await edit({ file_path: file, old_string: 'a', new_string: 'A' });
    const second = await edit({ file_path: file, old_string: 'c', new_string: 'C' });
    expect(second.error).toBeUndefined();
    expect(await readFile(file, 'utf8')).toBe('A b C');
  });

  it('records the change of a large file, not the file: the hunk around the edit and the old text\'s hash', async () => {
    const lines = Array.from({ length: 60_000 }, (_, n) => `line ${n + 1}: ${'x'.repeat(40)}`);
    const original = `${lines.join('\n')}\n`;
    const file = join(dir, 'big.txt');
    await writeFile(file, original);
    await runTool(ReadTool, { file_path: file, offset: 1, limit: 10 }, ctx);
    const result = await edit({ file_path: file, old_string: lines[29_999], new_string: 'line 30000: changed' });
    expect(result.error).toBeUndefined();
    expect(result.data?.structuredPatch).toEqual([
      {
        oldStart: 29_997,
        oldLines: 7,
        newStart: 29_997,
        newLines: 7,
        lines: [...lines.slice(29_996, 29_999).map((l) => ` ${l}`), `-${lines[29_999]}`, '+line 30000: changed', ...lines.slice(30_000, 30_003).map((l) => ` ${l}`)],
      },
    ]);
    expect(result.data?.originalFileSha256).toBe(createHash('sha256').update(original).digest('hex'));
    // What the transcript keeps grows with the edit, not with the file.
    expect(JSON.stringify(result.data).length).toBeLessThan(1_000);
    expect(await readFile(file, 'utf8')).toBe(original.replace(lines[29_999] as string, 'line 30000: changed'));
  });

  it('replaces every occurrence across a file and reports each hunk', async () => {
    const body = Array.from({ length: 40 }, (_, n) => (n % 10 === 0 ? 'TODO' : `keep ${n}`));
    const file = await seen('todo.txt', `${body.join('\n')}\n`);
    const result = await edit({ file_path: file, old_string: 'TODO', new_string: 'DONE', replace_all: true });
    expect(result.data?.structuredPatch.map((hunk) => hunk.oldStart)).toEqual([1, 8, 18, 28]);
    expect(EditTool.summarizeResult(result.data!)).toBe('Updated todo.txt with 4 additions and 4 removals');
  });

  it('plans again when the file changed between validation and the call', async () => {
    const file = await seen('moving.txt', 'alpha\nbeta\n');
    const input = EditTool.inputSchema.parse({ file_path: file, old_string: 'beta', new_string: 'gamma' });
    expect(await EditTool.validateInput(input, ctx)).toEqual({ ok: true });
    // A formatter hook rewrites the file (and Pulse learns of it, as the model would through a Read).
    await writeFile(file, 'alpha\n\nbeta\n');
    await runTool(ReadTool, { file_path: file }, ctx);
    const generator = EditTool.call(input, ctx);
    let step = await generator.next();
    while (!step.done) step = await generator.next();
    expect(await readFile(file, 'utf8')).toBe('alpha\n\ngamma\n');
    expect(step.value.data.structuredPatch[0]?.oldStart).toBe(1);
  });

  it('keeps a UTF-8 byte-order mark', async () => {
    const file = await seen('bom.txt', '\uFEFFhello');
    await edit({ file_path: file, old_string: 'hello', new_string: 'world' });
    expect(await readFile(file, 'utf8')).toBe('\uFEFFworld');
  });
});
