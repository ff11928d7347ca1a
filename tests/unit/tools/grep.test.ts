import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveEngine } from '../../../src/tools/grep/engine.js';
import { GrepTool, type GrepOutput } from '../../../src/tools/grep/GrepTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-grep-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(rel: string, content: string, mtimeSeconds = 1_700_000_000): Promise<string> {
  const file = join(dir, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  await utimes(file, mtimeSeconds, mtimeSeconds);
  return file;
}

function text(output: GrepOutput): string {
  return String(GrepTool.toResultBlock(output, 'toolu_1').content);
}

describe('engine resolution', () => {
  it('prefers the packaged ripgrep, and PULSE_GREP_ENGINE=builtin forces the JS search', async () => {
    expect((await resolveEngine({ PATH: '' })).kind).toBe('ripgrep');
    expect(await resolveEngine({ PULSE_GREP_ENGINE: 'builtin' })).toEqual({ kind: 'builtin' });
    expect(await resolveEngine({ PULSE_RIPGREP_PATH: '/opt/rg' })).toEqual({ kind: 'ripgrep', rgPath: '/opt/rg' });
  });
});

describe.each(['ripgrep', 'builtin'] as const)('Grep with the %s engine', (engine) => {
  const previous = process.env.PULSE_GREP_ENGINE;
  beforeAll(async () => {
    if (engine === 'builtin') process.env.PULSE_GREP_ENGINE = 'builtin';
    else delete process.env.PULSE_GREP_ENGINE;
    expect((await resolveEngine()).kind).toBe(engine);
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.PULSE_GREP_ENGINE;
    else process.env.PULSE_GREP_ENGINE = previous;
  });

  function grep(input: Record<string, unknown>) {
    return runTool(GrepTool, input, makeToolContext(dir));
  }

  it('lists matching files newest first by default', async () => {
    const older = await put('a.ts', 'const needle = 1;\n', 1_000);
    const newer = await put('sub/b.ts', 'needle();\n', 2_000);
    await put('c.ts', 'nothing here\n');
    const result = await grep({ pattern: 'needle' });
    expect(result.data).toEqual({ mode: 'files_with_matches', filenames: [newer, older], numFiles: 2 });
    expect(text(result.data!)).toBe(`Found 2 files\n${newer}\n${older}`);
    expect(GrepTool.summarizeResult(result.data!)).toBe('Found 2 files');
  });

  it('says "No files found" when nothing matches', async () => {
    await put('a.txt', 'hay\n');
    const result = await grep({ pattern: 'needle' });
    expect(text(result.data!)).toBe('No files found');
  });

  it('shows content as path:line:text', async () => {
    const file = await put('a.txt', 'one\nfind me\nthree\nfind me too\n');
    const result = await grep({ pattern: 'find', output_mode: 'content' });
    expect(result.data?.content).toBe(`${file}:2:find me\n${file}:4:find me too`);
    expect(result.data?.numLines).toBe(2);
    const noNumbers = await grep({ pattern: 'find', output_mode: 'content', '-n': false });
    expect(noNumbers.data?.content).toBe(`${file}:find me\n${file}:find me too`);
  });

  it('adds context lines the way rg prints them', async () => {
    const file = await put('x.txt', 'a\nfoo 1\nb\nc\nd\ne\nfoo 2\nf\n');
    const result = await grep({ pattern: 'foo', output_mode: 'content', '-C': 1 });
    expect(result.data?.content).toBe(
      [`${file}-1-a`, `${file}:2:foo 1`, `${file}-3-b`, '--', `${file}-6-e`, `${file}:7:foo 2`, `${file}-8-f`].join('\n'),
    );
    const after = await grep({ pattern: 'foo 2', output_mode: 'content', '-A': 1 });
    expect(after.data?.content).toBe(`${file}:7:foo 2\n${file}-8-f`);
  });

  it('counts matching lines per file with a total', async () => {
    const a = await put('a.txt', 'x\nx\ny\n');
    const b = await put('b.txt', 'x\n');
    const result = await grep({ pattern: 'x', output_mode: 'count' });
    expect(result.data?.content).toBe(`${a}:2\n${b}:1`);
    expect(result.data?.numMatches).toBe(3);
    expect(text(result.data!)).toBe(`${a}:2\n${b}:1\n\nFound 3 total occurrences across 2 files.`);
  });

  it('matches case-insensitively with -i', async () => {
    const file = await put('a.txt', 'Hello\n');
    expect((await grep({ pattern: 'hello' })).data?.numFiles).toBe(0);
    expect((await grep({ pattern: 'hello', '-i': true })).data?.filenames).toEqual([file]);
  });

  it('filters by glob (several, with braces and exclusions) and by type', async () => {
    const ts = await put('src/a.ts', 'hit\n');
    const tsx = await put('src/b.tsx', 'hit\n');
    const js = await put('src/c.js', 'hit\n');
    await put('src/a.test.ts', 'hit\n');
    const sortPaths = (r: { data?: GrepOutput }) => [...(r.data?.filenames ?? [])].sort();
    expect(sortPaths(await grep({ pattern: 'hit', glob: '*.{ts,tsx}' }))).toEqual([join(dir, 'src/a.test.ts'), ts, tsx].sort());
    expect(sortPaths(await grep({ pattern: 'hit', glob: '*.ts !*.test.ts' }))).toEqual([ts]);
    expect(sortPaths(await grep({ pattern: 'hit', glob: '*.js,*.tsx' }))).toEqual([js, tsx].sort());
    expect(sortPaths(await grep({ pattern: 'hit', type: 'js' }))).toEqual([js]);
  });

  it('searches hidden files but skips VCS folders, gitignored and binary files', async () => {
    const hidden = await put('.config/settings', 'token\n');
    await put('.git/HEAD', 'token\n');
    await put('build/out.txt', 'token\n');
    await put('.gitignore', 'build/\n');
    await writeFile(join(dir, 'blob.bin2'), Buffer.from('to\0ken token'));
    const result = await grep({ pattern: 'token' });
    expect(result.data?.filenames).toEqual([hidden]);
  });

  it('searches a single file given as path', async () => {
    const file = await put('one.txt', 'alpha\nbeta\n');
    await put('two.txt', 'alpha\n');
    const result = await grep({ pattern: 'alpha', path: file, output_mode: 'content' });
    expect(result.data?.content).toBe(`${file}:1:alpha`);
  });

  it('matches across lines in multiline mode', async () => {
    const file = await put('m.txt', 'start\nmiddle\nend\n');
    const single = await grep({ pattern: 'start.middle', output_mode: 'content' });
    expect(single.data?.content).toBe('');
    const multi = await grep({ pattern: 'start.middle', output_mode: 'content', multiline: true });
    expect(multi.data?.content).toBe(`${file}:1:start\n${file}:2:middle`);
  });

  it('applies head_limit and offset and says so', async () => {
    await put('n.txt', Array.from({ length: 10 }, (_, i) => `hit ${i + 1}`).join('\n'));
    const first = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 3, '-n': false });
    expect(first.data?.numLines).toBe(3);
    expect(first.data?.appliedLimit).toBe(3);
    expect(text(first.data!)).toMatch(/\[Results shown with limit 3\. More results exist/);
    const page = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 3, offset: 8 });
    expect(page.data?.content?.split('\n').map((line) => line.split(':').pop())).toEqual(['hit 9', 'hit 10']);
    expect(page.data?.appliedLimit).toBeUndefined();
    expect(page.data?.appliedOffset).toBe(8);
    const unlimited = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 0 });
    expect(unlimited.data?.numLines).toBe(10);
  });

  it('replaces very long lines with rg\'s marker', async () => {
    const file = await put('wide.txt', `needle ${'z'.repeat(600)}\n`);
    const result = await grep({ pattern: 'needle', output_mode: 'content' });
    expect(result.data?.content).toBe(`${file}:1:[Omitted long matching line]`);
  });

  it('reports an invalid pattern and a missing path as errors', async () => {
    await put('a.txt', 'x\n');
    expect((await grep({ pattern: '(' })).error).toBeDefined();
    expect((await grep({ pattern: 'x', path: join(dir, 'missing') })).error).toMatch(/does not exist/);
  });

  it('stops when the abort signal fires', async () => {
    await put('a.txt', 'x\n');
    const controller = new AbortController();
    controller.abort();
    const ctx = makeToolContext(dir, { abortSignal: controller.signal });
    expect((await runTool(GrepTool, { pattern: 'x' }, ctx)).error).toBeDefined();
  });
});
