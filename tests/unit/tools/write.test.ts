import { chmod, lstat, mkdtemp, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../../../src/state/session.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { WriteTool } from '../../../src/tools/write/WriteTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-write-'));
  resetSession({ cwd: dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Moves a file's mtime forward, as if someone saved it after the model read it. */
async function touchLater(file: string): Promise<void> {
  const { mtimeMs } = await stat(file);
  const later = new Date(mtimeMs + 5_000);
  await utimes(file, later, later);
}

describe('Write', () => {
  it('creates a new file and its missing parent folders', async () => {
    const ctx = makeToolContext(dir);
    const result = await runTool(WriteTool, { file_path: 'a/b/new.txt', content: 'hi\n' }, ctx);
    const file = join(dir, 'a/b/new.txt');
    expect(await readFile(file, 'utf8')).toBe('hi\n');
    expect(result.data).toMatchObject({ type: 'create', filePath: file, content: 'hi\n', originalFile: null });
    expect(result.data?.structuredPatch[0]?.lines).toEqual(['+hi']);
    expect(ctx.readFileState.get(file)).toMatchObject({ content: 'hi\n', isPartialView: false });
    const block = WriteTool.toResultBlock(result.data!, 'toolu_1');
    expect(block.content).toBe(`Created ${file}.`);
  });

  it('refuses to overwrite a file that was never read', async () => {
    const file = join(dir, 'old.txt');
    await writeFile(file, 'old');
    const result = await runTool(WriteTool, { file_path: file, content: 'new' }, makeToolContext(dir));
    expect(result.error).toMatch(/not read this file yet/);
    expect(await readFile(file, 'utf8')).toBe('old');
  });

  it('refuses to overwrite after only a partial read', async () => {
    const file = join(dir, 'part.txt');
    await writeFile(file, 'a\nb\nc\n');
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file, limit: 1 }, ctx);
    const result = await runTool(WriteTool, { file_path: file, content: 'x' }, ctx);
    expect(result.error).toMatch(/only read part of this file/);
  });

  it('overwrites a file read in full and reports the diff', async () => {
    const file = join(dir, 'full.txt');
    await writeFile(file, 'one\ntwo\n');
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file }, ctx);
    const result = await runTool(WriteTool, { file_path: file, content: 'one\nTWO\nthree\n' }, ctx);
    expect(await readFile(file, 'utf8')).toBe('one\nTWO\nthree\n');
    expect(result.data?.type).toBe('update');
    expect(result.data?.originalFile).toBe('one\ntwo\n');
    expect(WriteTool.summarizeResult(result.data!)).toBe('Updated full.txt with 2 additions and 1 removal');
    // The write itself counts as a read: a second write needs no new Read.
    const again = await runTool(WriteTool, { file_path: file, content: 'done\n' }, ctx);
    expect(again.error).toBeUndefined();
  });

  it('refuses when the file changed on disk after the read', async () => {
    const file = join(dir, 'stale.txt');
    await writeFile(file, 'v1');
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file }, ctx);
    await writeFile(file, 'v2 from the user');
    await touchLater(file);
    const result = await runTool(WriteTool, { file_path: file, content: 'mine' }, ctx);
    expect(result.error).toMatch(/changed on disk after you last read it/);
    expect(await readFile(file, 'utf8')).toBe('v2 from the user');
  });

  it('allows the write when the file was only touched, not changed', async () => {
    const file = join(dir, 'touched.txt');
    await writeFile(file, 'same');
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file }, ctx);
    await touchLater(file);
    const result = await runTool(WriteTool, { file_path: file, content: 'changed' }, ctx);
    expect(result.error).toBeUndefined();
  });

  it('keeps the file mode and leaves no temp files behind', async () => {
    const file = join(dir, 'script.sh');
    await writeFile(file, '#!/bin/sh\n');
    await chmod(file, 0o755);
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file }, ctx);
    await runTool(WriteTool, { file_path: file, content: '#!/bin/sh\necho hi\n' }, ctx);
    expect((await stat(file)).mode & 0o777).toBe(0o755);
    expect(await readdir(dir)).toEqual(['script.sh']);
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const target = join(dir, 'target.txt');
    const link = join(dir, 'link.txt');
    await writeFile(target, 'before');
    await symlink(target, link);
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: link }, ctx);
    const result = await runTool(WriteTool, { file_path: link, content: 'after' }, ctx);
    expect(result.error).toBeUndefined();
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('after');
  });

  it('refuses to write over a directory', async () => {
    await mkdir(join(dir, 'sub'));
    const result = await runTool(WriteTool, { file_path: 'sub', content: 'x' }, makeToolContext(dir));
    expect(result.error).toMatch(/is a directory/);
  });

  it('is a serial, writing tool that defers permission to the engine', async () => {
    const ctx = makeToolContext(dir);
    const input = { file_path: 'x.txt', content: '' };
    expect(WriteTool.isReadOnly()).toBe(false);
    expect(WriteTool.isConcurrencySafe()).toBe(false);
    expect(await WriteTool.checkPermissions()).toEqual({ behavior: 'passthrough' });
    expect(WriteTool.getPath(input, ctx)).toBe(join(dir, 'x.txt'));
  });
});
