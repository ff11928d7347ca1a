import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSession } from '../../../src/state/session.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-read-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function resultText(output: Parameters<typeof ReadTool.toResultBlock>[0]): string {
  const block = ReadTool.toResultBlock(output, 'toolu_1');
  return typeof block.content === 'string' ? block.content : '';
}

describe('Read', () => {
  it('numbers lines from 1 as N<TAB>line and counts a final newline as a line', async () => {
    const file = join(dir, 'hello.txt');
    await writeFile(file, 'Hello\nLine two\n');
    const result = await runTool(ReadTool, { file_path: file }, makeToolContext(dir));
    expect(result.data).toEqual({
      filePath: file,
      content: '1\tHello\n2\tLine two\n3\t',
      numLines: 3,
      startLine: 1,
      totalLines: 3,
    });
    expect(resultText(result.data!)).toBe('1\tHello\n2\tLine two\n3\t');
    expect(ReadTool.summarizeResult(result.data!)).toBe('Read 3 lines');
  });

  it('gives the SDK the lines as the file has them, whole, partial, CRLF or with a tab after a number', async () => {
    const sdkContent = async (name: string, text: string, input: Record<string, unknown> = {}) => {
      await writeFile(join(dir, name), text);
      const context = makeToolContext(dir);
      const result = await runTool(ReadTool, { file_path: join(dir, name), ...input }, context);
      const sdk = ReadTool.sdkResult(result.data!) as { type: string; file: { content: string } };
      expect(sdk.type).toBe('text');
      return { content: sdk.file.content, kept: context.readFileState.get(join(dir, name))?.content };
    };
    // The whole file: the very text readFileState keeps.
    expect(await sdkContent('whole.ts', 'const a = 1;\n12\ttabbed\n')).toEqual({ content: 'const a = 1;\n12\ttabbed\n', kept: 'const a = 1;\n12\ttabbed\n' });
    expect((await sdkContent('crlf.ts', 'a\r\nb\r\n')).content).toBe('a\nb\n');
    expect((await sdkContent('part.ts', 'one\ntwo\nthree\nfour\n', { offset: 2, limit: 2 })).content).toBe('two\nthree');
    // Made when the SDK's stream (or the transcript) writes it, in the reference's key order.
    const large = `${'x'.repeat(60)}\n`.repeat(200);
    await writeFile(join(dir, 'large.ts'), large);
    const result = await runTool(ReadTool, { file_path: join(dir, 'large.ts') }, makeToolContext(dir));
    const written = JSON.parse(JSON.stringify(ReadTool.sdkResult(result.data!)));
    expect(Object.keys(written.file)).toEqual(['filePath', 'content', 'numLines', 'startLine', 'totalLines']);
    expect(written.file.content).toBe(large);
  });

  it('resolves relative paths against the cwd and strips CR from CRLF lines', async () => {
    await writeFile(join(dir, 'crlf.txt'), 'a\r\nb');
    const result = await runTool(ReadTool, { file_path: 'crlf.txt' }, makeToolContext(dir));
    expect(result.data?.content).toBe('1\ta\n2\tb');
    expect(result.data?.filePath).toBe(join(dir, 'crlf.txt'));
  });

  it('reads a window with offset and limit and says how to continue', async () => {
    const file = join(dir, 'many.txt');
    await writeFile(file, Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
    const ctx = makeToolContext(dir);
    const result = await runTool(ReadTool, { file_path: file, offset: 4, limit: 2 }, ctx);
    expect(result.data?.content).toBe('4\tline 4\n5\tline 5');
    expect(result.data?.totalLines).toBe(10);
    expect(resultText(result.data!)).toContain('Read again with offset 6');
    expect(ctx.readFileState.get(file)).toMatchObject({ isPartialView: true, offset: 4, limit: 2 });
  });

  it('shows at most 2000 lines by default', async () => {
    const file = join(dir, 'long.txt');
    await writeFile(file, Array.from({ length: 2500 }, (_, i) => `${i}`).join('\n'));
    const result = await runTool(ReadTool, { file_path: file }, makeToolContext(dir));
    expect(result.data?.numLines).toBe(2000);
    expect(result.data?.totalLines).toBe(2500);
  });

  it('cuts very long lines with a marker', async () => {
    const file = join(dir, 'wide.txt');
    await writeFile(file, 'x'.repeat(2500));
    const result = await runTool(ReadTool, { file_path: file }, makeToolContext(dir));
    expect(result.data?.content).toBe(`1\t${'x'.repeat(2000)}… [line cut: 500 more characters]`);
  });

  it('records a full read in readFileState with the content and mtime', async () => {
    const file = join(dir, 'state.txt');
    await writeFile(file, 'one\ntwo\n');
    const ctx = makeToolContext(dir);
    await runTool(ReadTool, { file_path: file }, ctx);
    const record = ctx.readFileState.get(file);
    expect(record?.content).toBe('one\ntwo\n');
    expect(record?.isPartialView).toBe(false);
    expect(record?.timestamp).toBeGreaterThan(0);
  });

  it('refuses files over 256 KB without offset/limit but reads them in parts', async () => {
    const file = join(dir, 'big.log');
    await writeFile(file, `${'0123456789'.repeat(10)}\n`.repeat(3000));
    const ctx = makeToolContext(dir);
    const whole = await runTool(ReadTool, { file_path: file }, ctx);
    expect(whole.error).toMatch(/KB.*offset and limit/s);
    const part = await runTool(ReadTool, { file_path: file, offset: 2999, limit: 5 }, ctx);
    expect(part.data?.numLines).toBe(3);
    expect(part.data?.totalLines).toBe(3001);
  });

  it('refuses output over the token cap and suggests offset/limit', async () => {
    const file = join(dir, 'dense.txt');
    await writeFile(file, `${'y'.repeat(80)}\n`.repeat(1500));
    const result = await runTool(ReadTool, { file_path: file }, makeToolContext(dir));
    expect(result.error).toMatch(/tokens.*offset and limit/s);
  });

  it('refuses directories and points at ls or Glob', async () => {
    await mkdir(join(dir, 'sub'));
    const result = await runTool(ReadTool, { file_path: join(dir, 'sub') }, makeToolContext(dir));
    expect(result.error).toContain('is a directory; use Bash ls or Glob');
  });

  it('refuses binary files by content and by extension, images included', async () => {
    await writeFile(join(dir, 'blob.dat2'), Buffer.from([0x41, 0x00, 0x42]));
    await writeFile(join(dir, 'pic.png'), 'not really a png');
    const ctx = makeToolContext(dir);
    expect((await runTool(ReadTool, { file_path: 'blob.dat2' }, ctx)).error).toMatch(/binary/);
    expect((await runTool(ReadTool, { file_path: 'pic.png' }, ctx)).error).toMatch(/is an image/);
  });

  it('says so when a file is empty', async () => {
    await writeFile(join(dir, 'empty.txt'), '');
    const result = await runTool(ReadTool, { file_path: 'empty.txt' }, makeToolContext(dir));
    expect(result.data?.totalLines).toBe(0);
    expect(resultText(result.data!)).toBe('<system-reminder>This file exists but is empty.</system-reminder>');
  });

  it('reports the line count when offset is past the end', async () => {
    await writeFile(join(dir, 'short.txt'), 'a\nb');
    const result = await runTool(ReadTool, { file_path: 'short.txt', offset: 50 }, makeToolContext(dir));
    expect(result.data?.numLines).toBe(0);
    expect(resultText(result.data!)).toContain('The file has 2 lines');
  });

  it('suggests a similar name when the file is missing', async () => {
    await writeFile(join(dir, 'config.json'), '{}');
    const ctx = makeToolContext(dir);
    const wrongExt = await runTool(ReadTool, { file_path: 'config.yaml' }, ctx);
    expect(wrongExt.error).toContain('File does not exist');
    expect(wrongExt.error).toContain(`Did you mean ${join(dir, 'config.json')}?`);
    const unrelated = await runTool(ReadTool, { file_path: 'zzz-nothing.md' }, ctx);
    expect(unrelated.error).not.toContain('Did you mean');
  });

  it('expands ~ to the home directory', async () => {
    const previousHome = process.env.HOME;
    process.env.HOME = dir;
    try {
      await writeFile(join(dir, 'home.txt'), 'hi');
      const result = await runTool(ReadTool, { file_path: '~/home.txt' }, makeToolContext('/'));
      expect(result.data?.content).toBe('1\thi');
    } finally {
      process.env.HOME = previousHome;
    }
  });

  it('describes itself for the permission engine and the UI', () => {
    const ctx = makeToolContext(dir);
    expect(ReadTool.getPath({ file_path: 'a.txt' }, ctx)).toBe(join(dir, 'a.txt'));
    expect(ReadTool.isReadOnly()).toBe(true);
    expect(ReadTool.isConcurrencySafe()).toBe(true);
    expect(ReadTool.maxResultSizeChars).toBe(Infinity);
  });

  it('names the file relative to the session cwd when inside it', () => {
    resetSession({ cwd: dir });
    expect(ReadTool.describeUse({ file_path: join(dir, 'src/a.ts') })).toBe(join('src', 'a.ts'));
    expect(ReadTool.describeUse({ file_path: '/etc/hosts' })).toBe('/etc/hosts');
  });
});
