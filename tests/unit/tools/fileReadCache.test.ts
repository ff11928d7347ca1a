import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPostCompactAttachments } from '../../../src/compact/postCompactAttachments.js';
import { resetSession } from '../../../src/state/session.js';
import { EditTool } from '../../../src/tools/edit/EditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { FileReadCache, MAX_READ_BYTES, MAX_READ_RECORDS, recordHolds } from '../../../src/tools/shared/fileReadCache.js';
import { NOT_READ_MESSAGE } from '../../../src/tools/shared/readState.js';
import type { FileReadRecord, ToolUseContext } from '../../../src/tools/Tool.js';
import { WriteTool } from '../../../src/tools/write/WriteTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const record = (content: string, isPartialView = false): FileReadRecord => ({ content, timestamp: 1, isPartialView });

describe('FileReadCache', () => {
  it('keeps the reference limits by default: 5,000 records, 25 MiB of texts', () => {
    const cache = new FileReadCache();
    expect(cache.limits).toEqual({ maxEntries: 5000, maxBytes: 25 * 1024 * 1024 });
    expect([MAX_READ_RECORDS, MAX_READ_BYTES]).toEqual([5000, 26_214_400]);
    for (let n = 0; n < MAX_READ_RECORDS; n++) cache.set(`/f${n}`, record(`text ${n}`));
    expect(cache.has('/f0')).toBe(true);
    cache.set(`/f${MAX_READ_RECORDS}`, record('one more'));
    expect(cache.size).toBe(MAX_READ_RECORDS);
    expect(cache.has('/f0')).toBe(false);
    expect(cache.has('/f1')).toBe(true);
  });

  it('lets the least recently used record go first; get and set both count as use', () => {
    const cache = new FileReadCache(undefined, { maxEntries: 3, maxBytes: 1_000 });
    cache.set('/a', record('a'));
    cache.set('/b', record('b'));
    cache.set('/c', record('c'));
    expect(cache.get('/a')?.content).toBe('a');
    cache.set('/d', record('d'));
    expect([...cache.keys()]).toEqual(['/c', '/a', '/d']);
    cache.set('/c', record('c again'));
    cache.set('/e', record('e'));
    expect([...cache.keys()]).toEqual(['/d', '/c', '/e']);
  });

  it('counts the texts in UTF-8 bytes and forgets them on delete and clear', () => {
    const cache = new FileReadCache();
    cache.set('/a', record('é'.repeat(10)));
    cache.set('/empty', record(''));
    expect(cache.bytes).toBe(21);
    cache.set('/a', record('abc'));
    expect(cache.bytes).toBe(4);
    expect(cache.delete('/a')).toBe(true);
    expect(cache.delete('/a')).toBe(false);
    expect(cache.bytes).toBe(1);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('keeps a text over 4 KB whole only while its record is the newest set, then only its hash', () => {
    const cache = new FileReadCache();
    const large = (n: number) => `${n}`.padEnd(9_000, 'x');
    cache.set('/small', record('small text'));
    cache.set('/one', record(large(1)));
    expect(cache.get('/one')?.content).toBe(large(1));
    // Reading it again (or a get) does not make it newest: only a set does.
    cache.set('/two', record(large(2), true));
    const one = cache.get('/one');
    expect(one?.content).toBe('');
    expect(one && recordHolds(one, large(1))).toBe(true);
    expect(one && recordHolds(one, large(2))).toBe(false);
    cache.set('/two', record(large(2)));
    expect(cache.get('/two')?.content).toBe(large(2));
    cache.set('/small', record('small text'));
    expect(cache.get('/two')).toMatchObject({ content: '', isPartialView: false });
    expect(cache.get('/small')?.content).toBe('small text');
    expect([cache.size, cache.bytes]).toEqual([3, 12]);
  });

  it('keeps the record just made whole, even alone over the byte limit, without pushing others out', () => {
    const cache = new FileReadCache(undefined, { maxEntries: 10, maxBytes: 100 });
    cache.set('/tiny', record('t'));
    cache.set('/huge', record('h'.repeat(10_000)));
    expect(cache.get('/huge')?.content).toHaveLength(10_000);
    expect(cache.get('/tiny')?.content).toBe('t');
    cache.set('/next', record('n'));
    expect(cache.get('/huge')?.content).toBe('');
    expect(cache.bytes).toBe(3);
  });

  it('lets the oldest small texts go when they alone are over the byte limit', () => {
    const cache = new FileReadCache(undefined, { maxEntries: 10, maxBytes: 15 });
    for (const name of ['a', 'b', 'c']) cache.set(`/${name}`, record(name.repeat(10)));
    expect([...cache.keys()]).toEqual(['/b', '/c']);
  });

  it('copies for a sub-agent with the same limits; the copy’s reads stay its own', () => {
    const parent = new FileReadCache(undefined, { maxEntries: 2, maxBytes: 1_000 });
    parent.set('/a', record('a'));
    const child = FileReadCache.copyOf(parent);
    child.set('/b', record('b'));
    child.set('/c', record('c'));
    expect(child.limits).toEqual(parent.limits);
    expect([...child.keys()]).toEqual(['/b', '/c']);
    expect([...parent.keys()]).toEqual(['/a']);
    expect(FileReadCache.copyOf(new Map([['/x', record('x')]])).limits.maxEntries).toBe(MAX_READ_RECORDS);
  });
});

describe('Edit, Write and compaction after the read records were bounded', () => {
  let dir: string;
  let ctx: ToolUseContext;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pulse-read-cache-'));
    resetSession({ cwd: dir });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function readFiles(names: string[], text: (name: string) => string): Promise<string[]> {
    const paths = [];
    for (const name of names) {
      const path = join(dir, name);
      await writeFile(path, text(name));
      const read = await runTool(ReadTool, { file_path: path }, ctx);
      expect(read.error).toBeUndefined();
      paths.push(path);
    }
    return paths;
  }

  it('asks for a fresh Read of a file whose record was let go, as the reference does', async () => {
    ctx = makeToolContext(dir, { readFileState: new FileReadCache(undefined, { maxEntries: 3, maxBytes: MAX_READ_BYTES }) });
    const paths = await readFiles(['a.txt', 'b.txt', 'c.txt', 'd.txt'], (name) => `marker in ${name}\n`);
    const [first, last] = [paths[0]!, paths[3]!];
    const refused = await runTool(EditTool, { file_path: first, old_string: 'marker', new_string: 'changed' }, ctx);
    expect(refused.error).toBe(NOT_READ_MESSAGE);
    const overwrite = await runTool(WriteTool, { file_path: first, content: 'new\n' }, ctx);
    expect(overwrite.error).toBe(NOT_READ_MESSAGE);
    expect(await readFile(first, 'utf8')).toBe('marker in a.txt\n');
    const edited = await runTool(EditTool, { file_path: last, old_string: 'marker', new_string: 'changed' }, ctx);
    expect(edited.error).toBeUndefined();
    expect(await readFile(last, 'utf8')).toBe('changed in d.txt\n');
  });

  it('edits a large file read long ago by its hash, and still refuses it once changed on disk', async () => {
    ctx = makeToolContext(dir, { readFileState: new FileReadCache(undefined, { maxEntries: 100, maxBytes: 30_000 }) });
    const body = (name: string) => `marker in ${name}\n${'line of text\n'.repeat(1_500)}`;
    const paths = await readFiles(['one.txt', 'two.txt', 'three.txt'], body);
    const [first, second] = [paths[0]!, paths[1]!];
    expect(ctx.readFileState.get(first)?.content).toBe('');
    // Touched but unchanged (a checkout, an editor's save): the hash says it is what was read.
    const later = new Date((await stat(first)).mtimeMs + 5_000);
    await utimes(first, later, later);
    const edited = await runTool(EditTool, { file_path: first, old_string: 'marker', new_string: 'changed' }, ctx);
    expect(edited.error).toBeUndefined();
    expect((await readFile(first, 'utf8')).startsWith('changed in one.txt\n')).toBe(true);

    expect(ctx.readFileState.get(second)?.content).toBe('');
    await writeFile(second, `${body('two.txt')}added by the user\n`);
    await utimes(second, later, later);
    const stale = await runTool(EditTool, { file_path: second, old_string: 'marker', new_string: 'changed' }, ctx);
    expect(stale.error).toMatch(/changed on disk/);
  });

  it('re-attaches a file kept only as its hash from disk while the disk holds what was read', async () => {
    ctx = makeToolContext(dir);
    const texts: Record<string, string> = {
      'whole.ts': `// whole\n${'whole line\n'.repeat(1_000)}`,
      'changed.ts': `// changed\n${'changed line\n'.repeat(1_000)}`,
      'window.ts': Array.from({ length: 3_000 }, (_, i) => `window line ${i + 1}`).join('\n'),
      'small.ts': 'small\n',
    };
    for (const [name, text] of Object.entries(texts)) await writeFile(join(dir, name), text);
    for (const name of ['whole.ts', 'changed.ts', 'small.ts']) await runTool(ReadTool, { file_path: join(dir, name) }, ctx);
    await runTool(ReadTool, { file_path: join(dir, 'window.ts'), offset: 1_001, limit: 900 }, ctx);
    await runTool(ReadTool, { file_path: join(dir, 'small.ts') }, ctx);
    expect(['whole.ts', 'changed.ts', 'window.ts'].map((name) => ctx.readFileState.get(join(dir, name))?.content)).toEqual(['', '', '']);
    await writeFile(join(dir, 'changed.ts'), `${texts['changed.ts']}added later\n`);

    let n = 0;
    const { messages, restoredFiles } = await buildPostCompactAttachments({ history: [], readFileState: ctx.readFileState, uuid: () => `u${n++}` });
    expect(restoredFiles.sort()).toEqual([join(dir, 'small.ts'), join(dir, 'whole.ts')]);
    const attached = messages.map((message) => String(message.message.content));
    expect(attached.some((text) => text.includes(texts['whole.ts']!.slice(0, 2_000)))).toBe(true);
    expect(attached.some((text) => text.includes('window line 1001\nwindow line 1002') && text.includes('Only part of this file'))).toBe(true);
    expect(attached.some((text) => text.includes('window line 1000\n'))).toBe(false);
    expect(attached.some((text) => text.includes('changed.ts'))).toBe(false);
  });
});
