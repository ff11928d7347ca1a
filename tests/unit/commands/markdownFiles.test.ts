import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fg from 'fast-glob';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMarkdownFiles } from '../../../src/utils/markdownFiles.js';

let root: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pulse-md-list-'));
  dir = join(root, 'commands');
  await mkdir(dir);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function files(base: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    await mkdir(dirname(join(base, path)), { recursive: true });
    await writeFile(join(base, path), 'x');
  }
}

describe('listMarkdownFiles', () => {
  it('lists .md files in nested folders as sorted relative paths with /', async () => {
    await files(dir, ['b.md', 'a/one.md', 'a/b/c/deep.md', 'Z/B.md', 'a-b.md', 'notes.txt', 'UPPER.MD', 'x.md/inside.md']);
    expect(await listMarkdownFiles(dir)).toEqual(['Z/B.md', 'a-b.md', 'a/b/c/deep.md', 'a/one.md', 'b.md', 'x.md/inside.md']);
  });

  it('skips hidden files and folders', async () => {
    await files(dir, ['.hidden.md', '.private/secret.md', 'a/.inner.md', 'a/.git/x/y.md', 'a/shown.md']);
    await symlink(join(dir, 'a'), join(dir, '.hiddenLink'));
    expect(await listMarkdownFiles(dir)).toEqual(['a/shown.md']);
  });

  it('follows symlinked folders and files; a broken symlink is skipped', async () => {
    const outside = join(root, 'outside');
    await files(outside, ['o.md', 'deep/d.md']);
    await symlink(outside, join(dir, 'linked'));
    await symlink(join(outside, 'o.md'), join(dir, 'alias.md'));
    await symlink(join(root, 'missing.md'), join(dir, 'broken.md'));
    expect(await listMarkdownFiles(dir)).toEqual(['alias.md', 'linked/deep/d.md', 'linked/o.md']);
  });

  it('stops at a symlink loop instead of following it', async () => {
    await files(dir, ['a/b/x.md']);
    await symlink(join(dir, 'a'), join(dir, 'a', 'b', 'up'));
    await symlink(dir, join(dir, 'self'));
    expect(await listMarkdownFiles(dir)).toEqual(['a/b/x.md']);
  });

  it('lists a folder reached through two symlinks under both names', async () => {
    await files(root, ['shared/s.md']);
    await symlink(join(root, 'shared'), join(dir, 'one'));
    await symlink(join(root, 'shared'), join(dir, 'two'));
    expect(await listMarkdownFiles(dir)).toEqual(['one/s.md', 'two/s.md']);
  });

  it('gives [] for a missing folder or a file in its place', async () => {
    expect(await listMarkdownFiles(join(root, 'nope'))).toEqual([]);
    await writeFile(join(root, 'plain'), 'x');
    expect(await listMarkdownFiles(join(root, 'plain'))).toEqual([]);
  });

  it('matches what fast-glob listed before (loop-free tree)', async () => {
    const outside = join(root, 'outside');
    await files(outside, ['o.md', '.h/x.md']);
    await files(dir, ['top.md', 'a/b.md', 'a/b/c.md', '.dot/x.md', 'a/.d.md', 'A.md', '_u/a.md', 'x.md/in.md', 'n.txt']);
    await symlink(outside, join(dir, 'linked'));
    await symlink(join(dir, 'a'), join(dir, '_u', 'again'));
    await symlink(join(root, 'missing'), join(dir, 'gone.md'));
    const before = (await fg('**/*.md', { cwd: dir, onlyFiles: true, followSymbolicLinks: true })).sort();
    expect(before.length).toBeGreaterThan(5);
    expect(await listMarkdownFiles(dir)).toEqual(before);
  });
});
