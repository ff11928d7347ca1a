// Validation and the call share one plan: the file is read (and searched) once per edit.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetSession } from '../../../src/state/session.js';
import { EditTool } from '../../../src/tools/edit/EditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/tools/shared/fileText.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/tools/shared/fileText.js')>();
  return {
    ...actual,
    readTextFile: (path: string) => {
      reads.count++;
      return actual.readTextFile(path);
    },
  };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-edit-once-'));
  resetSession({ cwd: dir });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('reads the file once for validation and the call together', async () => {
  const ctx = makeToolContext(dir);
  const file = join(dir, 'a.txt');
  await writeFile(file, 'one\ntwo\n');
  await runTool(ReadTool, { file_path: file }, ctx);
  reads.count = 0;
  const result = await runTool(EditTool, { file_path: file, old_string: 'two', new_string: '2' }, ctx);
  expect(result.error).toBeUndefined();
  expect(await readFile(file, 'utf8')).toBe('one\n2\n');
  expect(reads.count).toBe(1);
});
