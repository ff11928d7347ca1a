// File names as the file system has them, in Grep, Read and the `@`-completion index: a name that
// is not UTF-8, one holding a newline and one holding a backslash sit beside a plain one. Every
// name is listed (before, Grep turned a bad byte into U+FFFD, which names no file, and a newline
// split one name into two lines), escaped names are shown as Glob shows them, Read opens a file
// by its shown name, and an escape can never stand for a byte a name would show as it is (no
// `\x2f` slash past the path checks).
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveEngine } from '../../../src/tools/grep/engine.js';
import { GrepTool } from '../../../src/tools/grep/GrepTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { shownPathCandidates } from '../../../src/tools/shared/fileNames.js';
import { listProjectFiles } from '../../../src/ui/input/fileIndex.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-names-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `content` under the name given as bytes, with a fixed mtime so the order is known. */
async function putBytes(name: Buffer, content: string, mtimeSeconds: number): Promise<void> {
  const path = Buffer.concat([Buffer.from(`${dir}/`), name]);
  await writeFile(path, content);
  await utimes(path, mtimeSeconds, mtimeSeconds);
}

const BAD = Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x74, 0x78, 0x74]); // bad\xff.txt
const NAMES = {
  bad: { bytes: BAD, shown: 'bad\\xff.txt', mtime: 4_000 },
  newline: { bytes: Buffer.from('two\nlines.txt'), shown: 'two\\x0alines.txt', mtime: 3_000 },
  backslash: { bytes: Buffer.from('back\\slash.txt'), shown: 'back\\slash.txt', mtime: 2_000 },
  plain: { bytes: Buffer.from('plain.txt'), shown: 'plain.txt', mtime: 1_000 },
};

async function putAll(): Promise<void> {
  for (const [key, name] of Object.entries(NAMES)) await putBytes(name.bytes, `context\nneedle in ${key}\n`, name.mtime);
}

const shownPath = (name: keyof typeof NAMES) => join(dir, NAMES[name].shown);

function grep(input: Record<string, unknown>) {
  return runTool(GrepTool, input, makeToolContext(dir));
}

describe('Grep with ripgrep and odd file names', () => {
  beforeEach(async () => {
    delete process.env.PULSE_GREP_ENGINE;
    expect((await resolveEngine()).kind).toBe('ripgrep');
    await putAll();
  });

  it('lists every matching file, newest first, escaped names escaped and backslashes kept', async () => {
    const result = await grep({ pattern: 'needle' });
    expect(result.data?.filenames).toEqual([shownPath('bad'), shownPath('newline'), shownPath('backslash'), shownPath('plain')]);
    // One name, one line: "Found 4 files" and four names.
    expect(String(GrepTool.toResultBlock(result.data!, 'tu').content).split('\n')).toHaveLength(5);
  });

  it('counts per file under the shown names', async () => {
    const result = await grep({ pattern: 'needle', output_mode: 'count' });
    expect(result.data?.content?.split('\n').sort()).toEqual(
      (['bad', 'newline', 'backslash', 'plain'] as const).map((name) => `${shownPath(name)}:1`).sort(),
    );
    expect(result.data?.numMatches).toBe(4);
  });

  it('shows content lines as path:N:text and context as path-N-text, and without numbers when asked', async () => {
    const numbered = (await grep({ pattern: 'needle in bad', output_mode: 'content', '-B': 1 })).data?.content;
    expect(numbered).toBe(`${shownPath('bad')}-1-context\n${shownPath('bad')}:2:needle in bad`);
    const plain = (await grep({ pattern: 'needle in (newline|backslash)', output_mode: 'content', '-n': false })).data?.content;
    expect(plain?.split('\n').sort()).toEqual([`${shownPath('backslash')}:needle in backslash`, `${shownPath('newline')}:needle in newline`].sort());
  });

  it('keeps the notice for a binary file named as the search path', async () => {
    await writeFile(join(dir, 'blob.dat'), Buffer.from('needle\0needle\n'));
    const content = (await grep({ pattern: 'needle', output_mode: 'content', path: join(dir, 'blob.dat') })).data?.content;
    expect(content).toMatch(new RegExp(`^${join(dir, 'blob.dat')}: binary file matches \\(`));
  });
});

describe('Read of a name shown escaped', () => {
  it('opens the file the shown name stands for, by absolute and by relative path', async () => {
    await putAll();
    for (const path of [shownPath('bad'), NAMES.bad.shown, shownPath('newline')]) {
      const result = await runTool(ReadTool, { file_path: path }, makeToolContext(dir));
      expect(result.error).toBeUndefined();
      expect(result.data?.content).toMatch(/^1\tcontext\n2\tneedle in (bad|newline)\n3\t$/);
    }
  });

  it('opens a name that really holds the escape text as itself, and a backslash name as itself', async () => {
    await putBytes(BAD, 'the bytes', 1);
    await writeFile(join(dir, 'bad\\xff.txt'), 'the text');
    await writeFile(join(dir, 'back\\slash.txt'), 'backslash');
    expect((await runTool(ReadTool, { file_path: 'bad\\xff.txt' }, makeToolContext(dir))).data?.content).toBe('1\tthe text');
    expect((await runTool(ReadTool, { file_path: 'back\\slash.txt' }, makeToolContext(dir))).data?.content).toBe('1\tbackslash');
  });

  it('never reads an escape back as a byte a name shows as it is', async () => {
    // Adversarial: `\x2f` would be a slash (leaving the folder the path names), `\x41` an "A".
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'secret'), 'secret');
    await writeFile(join(dir, 'A'), 'a');
    for (const path of ['sub\\x2f..\\x2fsecret', '\\x41', `${dir}\\x2fsecret`]) {
      expect(shownPathCandidates(join(dir, path))).toEqual([]);
      const result = await runTool(ReadTool, { file_path: path }, makeToolContext(dir));
      expect(result.error).toMatch(/does not exist/);
    }
  });

  it('reads back a root shown as it is with an escaped name below it', () => {
    // A listing under a folder holding a backslash: the root is shown raw, the name escaped.
    const candidates = shownPathCandidates('/tmp/a\\b/c\\\\d\\xfe');
    expect(candidates.map((bytes) => bytes.toString('latin1'))).toEqual(['/tmp/a\\b/c\\d\xfe']);
  });
});

describe('the @-completion file index', () => {
  it('lists every file of a repository, names that are not UTF-8 escaped, backslashes kept', async () => {
    await putAll();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '-A'], { cwd: dir });
    const listed = await listProjectFiles(dir);
    expect(listed.sort()).toEqual(Object.values(NAMES).map((name) => name.shown).sort());
  });
});
