import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GlobTool, TRUNCATED_NOTE } from '../../../src/tools/glob/GlobTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-glob-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Creates a file with a chosen mtime (seconds since the epoch) so ordering is deterministic. */
async function put(rel: string, mtimeSeconds = 1_700_000_000, content = 'x'): Promise<string> {
  const file = join(dir, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  await utimes(file, mtimeSeconds, mtimeSeconds);
  return file;
}

function glob(input: Record<string, unknown>) {
  return runTool(GlobTool, input, makeToolContext(dir));
}

function text(output: Parameters<typeof GlobTool.toResultBlock>[0]): unknown {
  return GlobTool.toResultBlock(output, 'toolu_1').content;
}

describe('Glob', () => {
  it('returns absolute file paths, newest first', async () => {
    const old = await put('src/old.ts', 1_000);
    const fresh = await put('src/fresh.ts', 3_000);
    const mid = await put('src/deep/mid.ts', 2_000);
    await put('src/skip.js');
    const result = await glob({ pattern: '**/*.ts' });
    expect(result.data?.filenames).toEqual([fresh, mid, old]);
    expect(result.data?.numFiles).toBe(3);
    expect(result.data?.truncated).toBe(false);
    expect(GlobTool.summarizeResult(result.data!)).toBe('Found 3 files');
  });

  it('searches below path when given, and refuses a path that is not a directory', async () => {
    const inner = await put('pkg/a.md');
    await put('other/b.md');
    expect((await glob({ pattern: '*.md', path: join(dir, 'pkg') })).data?.filenames).toEqual([inner]);
    expect((await glob({ pattern: '*.md', path: join(dir, 'nope') })).error).toMatch(/does not exist/);
    expect((await glob({ pattern: '*.md', path: inner })).error).toMatch(/not a directory/);
  });

  it('accepts an absolute pattern', async () => {
    const file = await put('abs/x.json');
    const result = await glob({ pattern: join(dir, 'abs', '*.json') });
    expect(result.data?.filenames).toEqual([file]);
  });

  it('includes dotfiles but skips .git, node_modules and gitignored files', async () => {
    const dotfile = await put('.env.example');
    await put('.git/config');
    await put('node_modules/lib/index.js');
    await put('dist/bundle.js');
    await put('logs/app.log');
    const kept = await put('src/main.js');
    await writeFile(join(dir, '.gitignore'), 'dist/\n*.log\n');
    const result = await glob({ pattern: '**/*' });
    expect(result.data?.filenames.sort()).toEqual([join(dir, '.gitignore'), dotfile, kept].sort());
  });

  it('honours nested .gitignore files and re-includes with !', async () => {
    await put('pkg/.gitignore', 1_000, 'generated/\n');
    await put('pkg/generated/out.ts');
    const src = await put('pkg/src/in.ts');
    await put('.gitignore', 1_000, '*.ts\n!pkg/src/in.ts\n');
    await put('top.ts');
    const result = await glob({ pattern: '**/*.ts' });
    expect(result.data?.filenames).toEqual([src]);
  });

  it('applies the repository root .gitignore when searching a subfolder', async () => {
    await mkdir(join(dir, '.git'));
    await put('.gitignore', 1_000, '*.gen.ts\ndist/\n');
    await put('pkg/types.gen.ts');
    const kept = await put('pkg/index.ts');
    expect((await glob({ pattern: '**/*.ts', path: join(dir, 'pkg') })).data?.filenames).toEqual([kept]);
  });

  it('finds files inside an ignored folder when that folder is the search path', async () => {
    await mkdir(join(dir, '.git'));
    await put('.gitignore', 1_000, 'dist/\n');
    const bundle = await put('dist/bundle.js');
    expect((await glob({ pattern: '**/*.js' })).data?.filenames).toEqual([]);
    expect((await glob({ pattern: '**/*.js', path: join(dir, 'dist') })).data?.filenames).toEqual([bundle]);
  });

  it('looks inside node_modules when the pattern asks for it', async () => {
    const file = await put('node_modules/lib/package.json');
    expect((await glob({ pattern: 'node_modules/**/package.json' })).data?.filenames).toEqual([file]);
  });

  it('caps results at 100 and says the list was truncated', async () => {
    await Promise.all(Array.from({ length: 120 }, (_, i) => put(`many/f${i}.txt`, 1_000 + i)));
    const result = await glob({ pattern: 'many/*.txt' });
    expect(result.data?.numFiles).toBe(100);
    expect(result.data?.truncated).toBe(true);
    expect(result.data?.filenames[0]).toBe(join(dir, 'many/f119.txt'));
    expect(String(text(result.data!))).toMatch(new RegExp(`${TRUNCATED_NOTE.replace(/[()]/g, '\\$&')}$`));
  });

  it('says "No files found" when nothing matches', async () => {
    const result = await glob({ pattern: '**/*.rs' });
    expect(text(result.data!)).toBe('No files found');
  });

  it('is a read-only, concurrency-safe tool whose path is the search root', () => {
    const ctx = makeToolContext(dir);
    expect(GlobTool.isReadOnly()).toBe(true);
    expect(GlobTool.isConcurrencySafe()).toBe(true);
    expect(GlobTool.getPath({}, ctx)).toBe(dir);
    expect(GlobTool.getPath({ path: 'sub' }, ctx)).toBe(join(dir, 'sub'));
  });
});
