import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GlobTool } from '../../../src/tools/glob/GlobTool.js';
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

/** A file whose name holds the given bytes (not necessarily UTF-8) inside `dir`. */
async function putBytes(name: Buffer, content = 'x'): Promise<void> {
  await writeFile(Buffer.concat([Buffer.from(`${dir}/`), name]), content);
}

const ENGINES = ['ripgrep', 'builtin'] as const;

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

  it('caps results at 100: the files nearest the search root, newest first, and says how many match', async () => {
    // 30 at the top (the newest of all deep down), 90 one level deeper: the 30 and 70 of the 90 are shown.
    await Promise.all(Array.from({ length: 30 }, (_, i) => put(`many/f${String(i).padStart(3, '0')}.txt`, 1_000 + i)));
    await Promise.all(Array.from({ length: 90 }, (_, i) => put(`many/sub/g${String(i).padStart(3, '0')}.txt`, 5_000 + i)));
    const result = await glob({ pattern: 'many/**/*.txt' });
    const shown = result.data!.filenames;
    expect(result.data?.numFiles).toBe(100);
    expect(result.data?.totalFiles).toBe(120);
    expect(result.data?.truncated).toBe(true);
    expect(shown.filter((path) => path.includes('/sub/'))).toHaveLength(70);
    expect(shown).toContain(join(dir, 'many/f000.txt'));
    expect(shown).toContain(join(dir, 'many/sub/g069.txt'));
    expect(shown).not.toContain(join(dir, 'many/sub/g070.txt'));
    expect(shown[0]).toBe(join(dir, 'many/sub/g069.txt'));
    expect(shown.at(-1)).toBe(join(dir, 'many/f000.txt'));
    expect(String(text(result.data!))).toMatch(/\n\(120 files match; these 100 are those nearest the search path\. Narrow/);
  });

  it('shows exactly 100 without a note when exactly 100 match', async () => {
    await Promise.all(Array.from({ length: 100 }, (_, i) => put(`hundred/f${i}.txt`, 1_000 + i)));
    const result = await glob({ pattern: 'hundred/*.txt' });
    expect(result.data).toMatchObject({ numFiles: 100, totalFiles: 100, truncated: false });
    expect(result.data?.filenames[0]).toBe(join(dir, 'hundred/f99.txt'));
    expect(String(text(result.data!))).not.toMatch(/files match/);
  });

  it('matches a pattern without a slash only directly in the search folder', async () => {
    const top = await put('a.md');
    await put('docs/b.md');
    expect((await glob({ pattern: '*.md' })).data?.filenames).toEqual([top]);
    expect((await glob({ pattern: '**/*.md' })).data?.filenames.sort()).toEqual([top, join(dir, 'docs/b.md')].sort());
  });

  it('searches an ignored folder the pattern names, and node_modules when it is ignored too', async () => {
    await put('.gitignore', 1_000, 'dist/\nnode_modules/\n*.gen.ts\n');
    const bundle = await put('dist/app/bundle.js');
    const pkg = await put('node_modules/react/package.json');
    await put('src/types.gen.ts');
    const kept = await put('src/index.ts');
    expect((await glob({ pattern: 'dist/**/*.js' })).data?.filenames).toEqual([bundle]);
    expect((await glob({ pattern: 'node_modules/react/*.json' })).data?.filenames).toEqual([pkg]);
    expect((await glob({ pattern: '**/*.ts' })).data?.filenames).toEqual([kept]);
    expect((await glob({ pattern: '**/*.js' })).data?.filenames).toEqual([]);
  });

  it('skips nested node_modules unless the pattern names node_modules', async () => {
    await put('packages/a/node_modules/dep/index.js');
    const own = await put('packages/a/index.js');
    expect((await glob({ pattern: '**/index.js' })).data?.filenames).toEqual([own]);
    expect((await glob({ pattern: '**/node_modules/**/index.js' })).data?.filenames).toEqual([
      join(dir, 'packages/a/node_modules/dep/index.js'),
    ]);
  });

  it('matches braces, character classes and ? as fast-glob does', async () => {
    const a = await put('src/a.ts', 3_000);
    const b = await put('src/b.tsx', 2_000);
    await put('src/c.js');
    await put('src/ab.ts');
    expect((await glob({ pattern: 'src/*.{ts,tsx}' })).data?.filenames).toEqual([join(dir, 'src/ab.ts'), a, b]);
    expect((await glob({ pattern: 'src/[ab].ts*' })).data?.filenames).toEqual([a, b]);
    expect((await glob({ pattern: 'src/?.ts' })).data?.filenames).toEqual([a]);
  });

  it.each(ENGINES)('lists every file beside a name that is not UTF-8, shown escaped and usable in Bash (%s)', async (engine) => {
    process.env.PULSE_GREP_ENGINE = engine;
    try {
      await putBytes(Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x74, 0x78, 0x74]), 'bad bytes'); // "bad\xff.txt"
      const plain = await put('plain.txt');
      const result = await glob({ pattern: '*.txt' });
      expect((await glob({ pattern: '**/*' })).data?.numFiles).toBe(2);
      expect(result.data?.filenames).toContain(plain);
      if (engine === 'builtin') return; // the built-in walk only has the decoded name
      const shown = join(dir, 'bad\\xff.txt');
      expect(result.data?.filenames.sort()).toEqual([shown, plain].sort());
      const { stdout } = await promisify(execFile)('bash', ['-c', `cat $'${shown}'`]);
      expect(stdout).toBe('bad bytes');
    } finally {
      delete process.env.PULSE_GREP_ENGINE;
    }
  });

  it('keeps backslashes, and escapes a newline so one name stays one line', async () => {
    const backslash = await put('back\\slash.txt');
    await writeFile(join(dir, 'two\nlines.txt'), 'x');
    await putBytes(Buffer.from([0x61, 0x5c, 0x62, 0xfe, 0x2e, 0x74, 0x78, 0x74])); // "a\\b\xfe.txt"
    const found = (await glob({ pattern: '*.txt' })).data?.filenames.sort();
    expect(found).toEqual([join(dir, 'a\\\\b\\xfe.txt'), backslash, join(dir, 'two\\x0alines.txt')].sort());
    expect(String(text((await glob({ pattern: '*.txt' })).data!)).split('\n')).toHaveLength(3);
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
