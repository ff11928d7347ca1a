import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptCompletion, atTokenAt } from '../../src/ui/input/atCompletion.js';
import { FileIndex, listProjectFiles } from '../../src/ui/input/fileIndex.js';
import { indexPaths, matchPaths } from '../../src/ui/input/pathMatch.js';
import { bufferOf } from '../../src/ui/input/textBuffer.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempProject(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'pulse-fileindex-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const pathsOf = (entries: { path: string }[]): string[] => entries.map((entry) => entry.path);

/** 50,000 paths shaped like a big monorepo: packages/pNNN/src/moduleNN/fileNN.ts. */
function bigRepo(): string[] {
  const files: string[] = [];
  for (let pkg = 0; pkg < 500; pkg++) {
    for (let file = 0; file < 100; file++) {
      files.push(`packages/p${pkg}/src/module${file % 10}/file${file}.ts`);
    }
  }
  return files;
}

describe('path matching', () => {
  it('indexes folders once each, alongside the files', () => {
    const entries = indexPaths(['src/auth/login.ts', 'src/auth/logout.ts', 'README.md']);
    expect(pathsOf(entries)).toEqual(['src/', 'src/auth/', 'src/auth/login.ts', 'src/auth/logout.ts', 'README.md']);
    expect(entries.find((entry) => entry.path === 'src/auth/')?.isDirectory).toBe(true);
  });

  it('ranks a whole-path prefix first, folders (shallower) before the files in them', () => {
    const entries = indexPaths(['src/auth/login.ts', 'src/audio.ts', 'lib/src/au.ts', 'docs/austria.md', 'src/ui/Auth.tsx']);
    expect(pathsOf(matchPaths(entries, 'src/au', 4))).toEqual(['src/auth/', 'src/audio.ts', 'src/auth/login.ts', 'lib/src/au.ts']);
  });

  it('matches segment by segment and by characters in order when nothing better exists', () => {
    const entries = indexPaths(['src/components/PromptInput.tsx', 'scripts/bench/run.mjs']);
    expect(pathsOf(matchPaths(entries, 's/comp/pro'))).toEqual(['src/components/PromptInput.tsx']);
    expect(pathsOf(matchPaths(entries, 'brun'))).toEqual(['scripts/bench/run.mjs']);
    expect(matchPaths(entries, 'zzz')).toEqual([]);
  });

  it('finds the right top results among 50,000 paths', () => {
    const entries = indexPaths(bigRepo());
    expect(entries.length).toBeGreaterThan(50_000);
    expect(pathsOf(matchPaths(entries, 'packages/p42/src/module3/', 3))).toEqual([
      'packages/p42/src/module3/',
      'packages/p42/src/module3/file3.ts',
      'packages/p42/src/module3/file13.ts',
    ]);
    // A bare file name matches at a segment start, shallowest and shortest first.
    expect(pathsOf(matchPaths(entries, 'file99', 2))).toEqual([
      'packages/p0/src/module9/file99.ts',
      'packages/p1/src/module9/file99.ts',
    ]);
    expect(pathsOf(matchPaths(entries, 'p499/m7/file97'))).toEqual(['packages/p499/src/module7/file97.ts']);
  });
});

describe('the @ word under the cursor', () => {
  it('finds the word from its @ and replaces it with the chosen path', () => {
    const buffer = bufferOf('look at @src/au please', 'look at @src/au'.length);
    const token = atTokenAt(buffer);
    expect(token).toEqual({ start: 8, end: 15, query: 'src/au' });
    const [file] = indexPaths(['src/auth.ts']).filter((entry) => !entry.isDirectory);
    const after = acceptCompletion(buffer, token!, file!);
    expect(after.text).toBe('look at @src/auth.ts please');
    expect(after.cursor).toBe('look at @src/auth.ts '.length);
  });

  it('leaves a chosen folder open for more typing', () => {
    const buffer = bufferOf('@sr');
    const [dir] = indexPaths(['src/a.ts']);
    expect(acceptCompletion(buffer, atTokenAt(buffer)!, dir!)).toEqual({ text: '@src/', cursor: 5 });
  });

  it('ignores an @ inside a word (an email address)', () => {
    expect(atTokenAt(bufferOf('mail me@example.com'))).toBeUndefined();
  });
});

describe('FileIndex', () => {
  it('lists in the background once, then only again when the list has aged', async () => {
    let listings = 0;
    let now = 0;
    const index = new FileIndex('/project', {
      list: async () => {
        listings++;
        return listings === 1 ? ['src/a.ts'] : ['src/a.ts', 'src/b.ts'];
      },
      maxAgeMs: 1_000,
      now: () => now,
    });
    expect(index.query('src')).toEqual([]);
    index.refreshIfStale();
    index.refreshIfStale();
    await index.settled();
    expect(listings).toBe(1);
    expect(pathsOf(index.query('src/'))).toEqual(['src/', 'src/a.ts']);

    now = 500;
    index.refreshIfStale();
    await index.settled();
    expect(listings).toBe(1);

    now = 1_500;
    index.refreshIfStale();
    await index.settled();
    expect(listings).toBe(2);
    expect(pathsOf(index.query('src/b'))).toEqual(['src/b.ts']);
  });

  it('narrows from the previous query as it grows and gives what a full scan gives', async () => {
    const files = bigRepo();
    const index = new FileIndex('/big', { list: async () => files });
    index.refreshIfStale();
    await index.settled();
    const all = indexPaths(files);
    for (const query of ['p', 'p4', 'p49', 'p49/', 'p49/m', 'p49/mod', 'p4', 'file1']) {
      expect(pathsOf(index.query(query, 5))).toEqual(pathsOf(matchPaths(all, query, 5)));
    }
  });

  it('uses git inside a repository: tracked and untracked files, not ignored ones', async () => {
    const root = await tempProject({
      '.gitignore': 'dist/\n*.log\n',
      'src/tracked.ts': 'x',
      'src/untracked.ts': 'x',
      'dist/bundle.js': 'x',
      'debug.log': 'x',
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', 'src/tracked.ts', '.gitignore'], { cwd: root });
    const files = (await listProjectFiles(root)).sort();
    expect(files).toEqual(['.gitignore', 'src/tracked.ts', 'src/untracked.ts']);
  });

  it('walks the folder outside a repository, honouring .gitignore', async () => {
    const root = await tempProject({
      '.gitignore': 'build/\n',
      'app/main.ts': 'x',
      'app/.gitignore': 'secret.txt\n',
      'app/secret.txt': 'x',
      'build/out.js': 'x',
      'node_modules/dep/index.js': 'x',
    });
    // A parent folder with .git would make this a repository; the temp dir has none.
    const files = (await listProjectFiles(root)).sort();
    expect(files).toEqual(['.gitignore', 'app/.gitignore', 'app/main.ts']);
  });
});
