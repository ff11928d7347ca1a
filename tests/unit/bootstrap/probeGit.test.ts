import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeGit } from '../../../src/bootstrap/environment.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pulse-probe-git-'));
  dirs.push(dir);
  return dir;
}

describe('probeGit', () => {
  it('reads the branch and changes of a repository', async () => {
    const dir = await tempDir();
    execFileSync('git', ['init', '-q', '-b', 'trunk'], { cwd: dir });
    await writeFile(join(dir, 'new.txt'), 'x\n');
    const info = await probeGit(dir, 5_000);
    expect(info).toEqual({ kind: 'repo', branch: 'trunk', changes: ['?? new.txt'], moreChanges: 0 });
  });

  it('says none outside a repository', async () => {
    const dir = await tempDir();
    expect(await probeGit(dir, 5_000)).toEqual({ kind: 'none' });
  });

  it('says unknown when git does not answer in time', async () => {
    const dir = await tempDir();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    // A git that hangs, so the deadline is what ends the probe however fast the machine is.
    const bin = await tempDir();
    await writeFile(join(bin, 'git'), '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      expect(await probeGit(dir, 50)).toEqual({ kind: 'unknown' });
    } finally {
      process.env.PATH = path;
    }
  });

  it('does not run git where no .git is found above the directory', async () => {
    const dir = await tempDir();
    const bin = await tempDir();
    const marker = join(bin, 'ran');
    await writeFile(join(bin, 'git'), `#!/bin/sh\ntouch ${marker}\nexit 128\n`, { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      expect(await probeGit(dir, 5_000)).toEqual({ kind: 'none' });
    } finally {
      process.env.PATH = path;
    }
    expect(existsSync(marker)).toBe(false);
  });
});
