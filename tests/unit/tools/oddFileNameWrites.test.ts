// Edit, Write, NotebookEdit and Grep's `path` with names that are not valid UTF-8, on a real file
// system: the tools open such a file by the escaped name Glob, Grep and Read show for it (before,
// Edit and Write said the file did not exist, or made a new file literally named `bad\xff.txt`),
// writes stay atomic (no temp file left, the mode kept), and the permission checks judge the file
// the escaped name stands for, so an oddly named symlink cannot carry a write out of the project.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveRealPath } from '../../../src/permissions/paths.js';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import { EditTool } from '../../../src/tools/edit/EditTool.js';
import { resolveEngine } from '../../../src/tools/grep/engine.js';
import { GrepTool } from '../../../src/tools/grep/GrepTool.js';
import { NotebookEditTool } from '../../../src/tools/notebookEdit/NotebookEditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { WriteTool } from '../../../src/tools/write/WriteTool.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';
import { buildRules, fakeContext, tools } from '../permissions/fakes.js';

let dir: string;
let ctx: ToolUseContext;
const savedEngine = process.env.PULSE_GREP_ENGINE;

beforeEach(async () => {
  dir = realpathSync(await mkdtemp(join(tmpdir(), 'pulse-oddwrite-')));
  ctx = makeToolContext(dir);
});
afterEach(async () => {
  if (savedEngine === undefined) delete process.env.PULSE_GREP_ENGINE;
  else process.env.PULSE_GREP_ENGINE = savedEngine;
  await rm(dir, { recursive: true, force: true });
});

/** `name` with each `\xHH` turned into that byte, below the test folder. */
function bytesPath(name: string): Buffer {
  const parts = name.split(/\\x([0-9a-f]{2})/);
  const bytes = parts.map((part, i) => (i % 2 === 1 ? Buffer.from([Number.parseInt(part, 16)]) : Buffer.from(part)));
  return Buffer.concat([Buffer.from(`${dir}/`), ...bytes]);
}

/** What the folder holds, names as bytes written `\xHH`: the proof that no stray file appeared. */
function listing(sub = ''): string[] {
  const at = sub === '' ? Buffer.from(dir) : bytesPath(sub);
  return readdirSync(at, { encoding: 'buffer' })
    .map((name) => [...name].map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`)).join(''))
    .sort();
}

const BAD = 'bad\\xff.txt';

async function readFirst(shown: string): Promise<void> {
  const read = await runTool(ReadTool, { file_path: shown }, ctx);
  expect(read.error).toBeUndefined();
}

describe('Edit and Write by the escaped name', () => {
  it('edits the file the escaped name stands for, by absolute and by relative path, keeping its mode', async () => {
    await writeFile(bytesPath(BAD), 'one\ntwo\n');
    await chmod(bytesPath(BAD), 0o640);
    for (const [path, from, to] of [[join(dir, BAD), 'two', 'three'], [BAD, 'three', 'four']] as const) {
      await readFirst(path);
      const edit = await runTool(EditTool, { file_path: path, old_string: from, new_string: to }, ctx);
      expect(edit.error).toBeUndefined();
      expect(edit.data?.filePath).toBe(join(dir, BAD));
    }
    expect(readFileSync(bytesPath(BAD), 'utf8')).toBe('one\nfour\n');
    expect(statSync(bytesPath(BAD)).mode & 0o777).toBe(0o640);
    // No literal `bad\xff.txt`, no temp file left behind.
    expect(listing()).toEqual(['bad\\xff.txt']);
  });

  it('still asks for a Read first, and for a fresh one after the file changed', async () => {
    await writeFile(bytesPath(BAD), 'one\n');
    const unread = await runTool(EditTool, { file_path: BAD, old_string: 'one', new_string: 'two' }, ctx);
    expect(unread.error).toMatch(/not read this file yet/);
    await readFirst(BAD);
    await writeFile(bytesPath(BAD), 'changed\n');
    const future = new Date(Date.now() + 5_000);
    await utimes(bytesPath(BAD), future, future);
    const stale = await runTool(WriteTool, { file_path: BAD, content: 'mine\n' }, ctx);
    expect(stale.error).toMatch(/changed on disk/);
    expect(readFileSync(bytesPath(BAD), 'utf8')).toBe('changed\n');
  });

  it('writes over the file the escaped name stands for, and creates a file inside an escaped folder', async () => {
    await writeFile(bytesPath(BAD), 'old\n');
    await readFirst(BAD);
    const replaced = await runTool(WriteTool, { file_path: BAD, content: 'new\n' }, ctx);
    expect(replaced.error).toBeUndefined();
    expect(replaced.data?.type).toBe('update');
    expect(readFileSync(bytesPath(BAD), 'utf8')).toBe('new\n');

    await mkdir(bytesPath('dir\\xfe'));
    const created = await runTool(WriteTool, { file_path: 'dir\\xfe/made.txt', content: 'made\n' }, ctx);
    expect(created.error).toBeUndefined();
    expect(created.data?.type).toBe('create');
    expect(readFileSync(bytesPath('dir\\xfe/made.txt'), 'utf8')).toBe('made\n');
    const edited = await runTool(EditTool, { file_path: 'dir\\xfe/other.txt', old_string: '', new_string: 'other\n' }, ctx);
    expect(edited.error).toBeUndefined();
    expect(listing('dir\\xfe')).toEqual(['made.txt', 'other.txt']);
    expect(listing()).toEqual(['bad\\xff.txt', 'dir\\xfe']);
  });

  it('takes a new escaped-looking name literally, and a real file with that text as its name as itself', async () => {
    // Nothing with those bytes exists and the folder does: the name is what the model wrote.
    const created = await runTool(WriteTool, { file_path: 'new\\x41.txt', content: 'literal\n' }, ctx);
    expect(created.error).toBeUndefined();
    expect(readFileSync(join(dir, 'new\\x41.txt'), 'utf8')).toBe('literal\n');
    await writeFile(bytesPath(BAD), 'bytes\n');
    await writeFile(join(dir, BAD), 'text\n');
    await readFirst(BAD);
    expect((await runTool(EditTool, { file_path: BAD, old_string: 'text', new_string: 'TEXT' }, ctx)).error).toBeUndefined();
    expect(readFileSync(join(dir, BAD), 'utf8')).toBe('TEXT\n');
    expect(readFileSync(bytesPath(BAD), 'utf8')).toBe('bytes\n');
  });

  it('never reads an escape back as a slash: an edit cannot leave its folder that way', async () => {
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'target.txt'), 'keep\n');
    const result = await runTool(WriteTool, { file_path: 'sub\\x2f..\\x2ftarget.txt', content: 'overwritten\n' }, ctx);
    expect(result.error).toBeUndefined();
    expect(readFileSync(join(dir, 'target.txt'), 'utf8')).toBe('keep\n');
    expect(lstatSync(join(dir, 'sub\\x2f..\\x2ftarget.txt')).isFile()).toBe(true);
  });
});

describe('NotebookEdit by the escaped name', () => {
  it('changes a cell of the notebook the escaped name stands for', async () => {
    const notebook = { cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['print(1)'], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 };
    await writeFile(bytesPath('nb\\xff.ipynb'), JSON.stringify(notebook, null, 1));
    await readFirst('nb\\xff.ipynb');
    const result = await runTool(NotebookEditTool, { notebook_path: 'nb\\xff.ipynb', cell_id: 'c1', new_source: 'print(2)' }, ctx);
    expect(result.error).toBeUndefined();
    const written = JSON.parse(await readFile(bytesPath('nb\\xff.ipynb'), 'utf8')) as { cells: Array<{ source: string[] | string }> };
    expect([written.cells[0]?.source].flat().join('')).toBe('print(2)');
    expect(listing()).toEqual(['nb\\xff.ipynb']);
  });
});

describe('Grep with an escaped name as its path', () => {
  for (const engine of ['ripgrep', 'builtin'] as const) {
    it(`searches the folder or file it stands for and names results under it (${engine})`, async () => {
      process.env.PULSE_GREP_ENGINE = engine;
      expect((await resolveEngine()).kind).toBe(engine);
      await mkdir(bytesPath('dir\\xfe'));
      await writeFile(bytesPath('dir\\xfe/a.txt'), 'needle here\n');
      await writeFile(bytesPath('dir\\xfe/b.txt'), 'nothing\n');
      await writeFile(bytesPath(BAD), 'a needle\n');
      const folder = await runTool(GrepTool, { pattern: 'needle', path: 'dir\\xfe' }, ctx);
      expect(folder.error).toBeUndefined();
      expect(folder.data?.filenames).toEqual([join(dir, 'dir\\xfe', 'a.txt')]);
      const content = await runTool(GrepTool, { pattern: 'needle', path: join(dir, BAD), output_mode: 'content' }, ctx);
      expect(content.data?.content).toBe(`${join(dir, BAD)}:1:a needle`);
      const count = await runTool(GrepTool, { pattern: 'needle', path: 'dir\\xfe', output_mode: 'count' }, ctx);
      expect(count.data?.content).toBe(`${join(dir, 'dir\\xfe', 'a.txt')}:1`);
      // The link it searched through is gone; nothing was written beside the files.
      expect(listing()).toEqual(['bad\\xff.txt', 'dir\\xfe']);
    });
  }

  it('says the path does not exist when neither the text nor the bytes name anything', async () => {
    const result = await runTool(GrepTool, { pattern: 'x', path: 'gone\\xff' }, ctx);
    expect(result.error).toBe(`Path does not exist: ${join(dir, 'gone\\xff')}`);
  });
});

describe('permissions judge the file an escaped name stands for', () => {
  // Adversarial, after CVE-2026-25724 (Claude Code before 2.1.7 judged deny rules on a symlink's
  // own path, not on the file it leads to; https://www.sentinelone.com/vulnerability-database/cve-2026-25724):
  // a name the tools open by its escape must not hide where it leads either.
  it('asks before a write through an oddly named symlink that leads out of the project', async () => {
    const outside = realpathSync(await mkdtemp(join(tmpdir(), 'pulse-oddwrite-out-')));
    try {
      await writeFile(join(outside, 'profile'), 'safe\n');
      await mkdir(join(dir, 'project'));
      await symlink(join(outside, 'profile'), bytesPath('project/link\\xff'));
      await symlink(outside, bytesPath('project/out\\xfe'));
      const project = join(dir, 'project');
      const permissions = fakeContext({ cwd: project, mode: 'acceptEdits' });
      for (const input of [{ file_path: join(project, 'link\\xff'), content: 'x' }, { file_path: join(project, 'out\\xfe', 'new.txt'), content: 'x' }]) {
        expect((await resolvePermission(tools.Write, input, permissions)).behavior).toBe('ask');
      }
      expect(resolveRealPath(join(project, 'link\\xff'))).toBe(join(outside, 'profile'));
      // Beside it, the positive case: an oddly named file inside the project is an edit like any other.
      await writeFile(bytesPath('project/mine\\xff.txt'), 'mine\n');
      expect((await resolvePermission(tools.Write, { file_path: join(project, 'mine\\xff.txt'), content: 'x' }, permissions)).behavior).toBe('allow');
      expect(resolveRealPath(join(project, 'mine\\xff.txt'))).toBe(join(project, 'mine\\xff.txt'));
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('denies a read through an oddly named symlink to a denied file, and reads an allowed one', async () => {
    await mkdir(join(dir, 'secrets'));
    await writeFile(join(dir, 'secrets', 'key.pem'), 'KEY');
    await writeFile(join(dir, 'notes.txt'), 'notes');
    await symlink(join(dir, 'secrets', 'key.pem'), bytesPath('key\\xff'));
    await symlink(join(dir, 'notes.txt'), bytesPath('notes\\xff'));
    const permissions = fakeContext({ cwd: dir, rules: buildRules({ deny: ['Read(./secrets/**)'] }) });
    expect((await resolvePermission(tools.Read, { file_path: join(dir, 'key\\xff') }, permissions)).behavior).toBe('deny');
    expect((await resolvePermission(tools.Read, { file_path: join(dir, 'notes\\xff') }, permissions)).behavior).toBe('allow');
  });
});
