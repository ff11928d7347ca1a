import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planMounts } from '../../../src/sandbox/mounts.js';

let root: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'pulse-mounts-')));
  await mkdir(path.join(root, 'home', '.ssh'), { recursive: true });
  await mkdir(path.join(root, 'home', 'proj', '.git', 'hooks'), { recursive: true });
  await writeFile(path.join(root, 'home', 'proj', '.env'), 'x');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const at = (...parts: string[]): string => path.join(root, ...parts);

describe('the mount plan', () => {
  it('binds writable places, then hides and protects inside them', () => {
    const plan = planMounts([
      { path: at('home', '.ssh'), kind: 'hide' },
      { path: at('home', 'proj', '.git', 'hooks'), kind: 'protect', isDirectory: true },
      { path: at('home', 'proj'), kind: 'write' },
      { path: at('home', 'proj', '.env'), kind: 'hide' },
    ]);
    expect(plan.args).toEqual([
      '--bind', at('home', 'proj'), at('home', 'proj'),
      '--tmpfs', at('home', '.ssh'),
      '--ro-bind', '/dev/null', at('home', 'proj', '.env'),
      '--ro-bind', at('home', 'proj', '.git', 'hooks'), at('home', 'proj', '.git', 'hooks'),
      '--remount-ro', at('home', '.ssh'),
    ]);
    expect(plan.mountPoints).toEqual([]);
  });

  it('leaves out what changes nothing: protecting a read-only place, hiding inside a hidden one', () => {
    const plan = planMounts([
      { path: at('home', '.ssh'), kind: 'protect' },
      { path: at('home'), kind: 'hide' },
      { path: at('home', 'proj', '.env'), kind: 'hide' },
      { path: at('missing'), kind: 'write' },
    ]);
    expect(plan.args).toEqual(['--tmpfs', at('home'), '--remount-ro', at('home')]);
  });

  it('re-opens a folder for reading, and a writable one for writing, inside a hidden region', () => {
    const plan = planMounts([
      { path: at('home'), kind: 'hide' },
      { path: at('home', '.ssh'), kind: 'read' },
      { path: at('home', 'proj'), kind: 'write' },
    ]);
    expect(plan.args).toEqual([
      '--tmpfs', at('home'),
      '--bind', at('home', 'proj'), at('home', 'proj'),
      '--ro-bind', at('home', '.ssh'), at('home', '.ssh'),
      '--remount-ro', at('home'),
    ]);
  });

  it('puts an empty read-only mount point where a protected path does not exist yet', () => {
    const plan = planMounts([
      { path: at('home', 'proj'), kind: 'write' },
      { path: at('home', 'proj', '.claude'), kind: 'protect', isDirectory: true },
      { path: at('home', 'proj', '.mcp.json'), kind: 'protect', isDirectory: false },
      { path: at('home', 'proj', 'a', 'b', 'c'), kind: 'protect', isDirectory: false },
    ]);
    expect(plan.mountPoints).toEqual([at('home', 'proj', '.claude'), at('home', 'proj', '.mcp.json'), at('home', 'proj', 'a')]);
    expect(plan.args).toEqual([
      '--bind', at('home', 'proj'), at('home', 'proj'),
      '--tmpfs', at('home', 'proj', '.claude'),
      '--ro-bind', '/dev/null', at('home', 'proj', '.mcp.json'),
      '--tmpfs', at('home', 'proj', 'a'),
      '--remount-ro', at('home', 'proj', '.claude'),
      '--remount-ro', at('home', 'proj', 'a'),
    ]);
  });
});
