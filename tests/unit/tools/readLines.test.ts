// Reads at an offset in files too large to read whole: found by scanning bytes for newlines,
// decoding only the lines returned. Each case is compared with the plain reading of the text.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { readLineWindow } from '../../../src/tools/read/readLines.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-read-lines-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What a window must be: the text split on LF, CRs at line ends dropped. */
function expected(text: string, first: number, max: number) {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const all = body === '' ? [] : body.split('\n');
  return { lines: all.slice(first - 1, first - 1 + max).map((line) => line.replace(/\r$/, '')), totalLines: all.length };
}

async function both(name: string, text: string, first: number, max: number) {
  const file = join(dir, name);
  await writeFile(file, text);
  const scanned = await readLineWindow(file, first, max, false);
  const whole = await readLineWindow(file, first, max, true);
  return { scanned, whole, want: expected(text, first, max) };
}

describe('readLineWindow', () => {
  it.each([
    ['an empty file', '', 1, 5],
    ['a BOM alone', '\uFEFF', 1, 5],
    ['a single newline', '\n', 1, 5],
    ['no final newline', 'a\nb\nc', 2, 5],
    ['a final newline (one more, empty, line)', 'a\nb\n', 1, 5],
    ['a BOM before the first line', '\uFEFFfirst\nsecond\n', 1, 1],
    ['CRLF lines at an offset', 'r1\r\nr2\r\nr3\r\nr4\r\n', 3, 2],
    ['mixed CR, CRLF and lone CR inside a line', 'a\rb\r\nc\n\r\nd\r', 2, 10],
    ['an offset past the end', 'one\ntwo\n', 9, 3],
  ])('%s', async (_, text, first, max) => {
    const { scanned, whole, want } = await both('f.txt', text, first, max);
    expect({ lines: scanned.lines, totalLines: scanned.totalLines }).toEqual(want);
    expect({ lines: whole.lines, totalLines: whole.totalLines }).toEqual(want);
  });

  it('finds lines past a huge line, and returns a huge line whole (the tool cuts it for display)', async () => {
    const huge = 'h'.repeat(3 * 1024 * 1024 + 17);
    const text = `before\n${huge}\nafter 1\r\nafter 2\n`;
    expect((await both('huge.txt', text, 3, 2)).scanned.lines).toEqual(['after 1', 'after 2']);
    const window = await both('huge.txt', text, 2, 1);
    expect(window.scanned.lines[0]?.length).toBe(huge.length);
    expect(window.scanned.totalLines).toBe(5);
  });

  it('decodes characters whose bytes straddle the 1 MiB read boundary, and CRLF split across it', async () => {
    // Line 1's CR is the last byte of the first chunk and its LF the first of the second; line 2
    // (three-byte characters after one ASCII byte) crosses the next boundary inside a character.
    const pad = 'p'.repeat(1024 * 1024 - 1);
    const wide = `q${'€'.repeat(400_000)}`;
    const text = `${pad}\r\n${wide}\r\nlast\r\n`;
    const { scanned, want } = await both('wide.txt', text, 1, 3);
    expect(scanned.lines).toEqual(want.lines);
    expect(scanned.lines[1]).toBe(wide);
    expect(scanned.totalLines).toBe(4);
  });

  it('reads CRLF text at an offset through the tool, numbered as in the file', async () => {
    const rows = Array.from({ length: 200_000 }, (_, n) => `row ${n + 1}`);
    const file = join(dir, 'big-crlf.txt');
    await writeFile(file, `${rows.join('\r\n')}\r\n`);
    const result = await runTool(ReadTool, { file_path: file, offset: 150_000, limit: 3 }, makeToolContext(dir));
    expect(result.data).toMatchObject({ content: '150000\trow 150000\n150001\trow 150001\n150002\trow 150002', totalLines: 200_001 });
  });
});
