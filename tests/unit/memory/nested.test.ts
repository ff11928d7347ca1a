// Memory that loads mid-session: `paths:` rules once a matching file is touched, CLAUDE.md files
// below cwd once a file there is read, each handed out once, with imports expanded.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNestedMemory, loadMemoryFiles } from '../../../src/memory/index.js';
import { foldersBelow } from '../../../src/memory/nested.js';

let root: string;
let repo: string;
const saved: Record<string, string | undefined> = {};

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-nested-')));
  repo = join(root, 'repo');
  mkdirSync(repo, { recursive: true });
  for (const key of ['HOME', 'CLAUDE_CONFIG_DIR', 'PULSE_CONFIG_DIR']) saved[key] = process.env[key];
  process.env.HOME = join(root, 'home');
  process.env.CLAUDE_CONFIG_DIR = join(root, 'home', '.claude');
  process.env.PULSE_CONFIG_DIR = join(root, 'home', '.pulse');
});

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('nested memory', () => {
  it('loads a paths: rule only once a matching file is touched, and only once', async () => {
    write(join(repo, '.claude', 'rules', 'api.md'), '---\npaths:\n  - "src/api/**/*.ts"\n---\nAPI handlers validate input with zod.\n');
    write(join(repo, '.claude', 'rules', 'always.md'), 'Always-on rule.\n');
    const startup = (await loadMemoryFiles({ cwd: repo })).map((file) => file.content);
    expect(startup).toContain('Always-on rule.');
    expect(startup.join('\n')).not.toContain('zod');

    const memory = createNestedMemory({ cwd: repo });
    expect(await memory.forFiles([join(repo, 'README.md')])).toEqual([]);
    expect(await memory.forFiles([join(repo, 'src', 'ui', 'app.ts')])).toEqual([]);
    const matched = await memory.forFiles([join(repo, 'src', 'api', 'v1', 'users.ts')]);
    expect(matched.map((file) => file.content)).toEqual(['API handlers validate input with zod.']);
    expect(await memory.forFiles([join(repo, 'src', 'api', 'orders.ts')])).toEqual([]);
    expect(memory.loaded()).toEqual(matched);
  });

  it('loads CLAUDE.md and AGENTS.md of folders below cwd when a file there is read, imports expanded', async () => {
    write(join(repo, 'packages', 'web', 'CLAUDE.md'), 'Web rules. @./extra.md\n```\n@not-imported.md\n```\n');
    write(join(repo, 'packages', 'web', 'extra.md'), 'Extra detail. @./CLAUDE.md\n');
    write(join(repo, 'packages', 'web', 'not-imported.md'), 'SHOULD NOT APPEAR\n');
    write(join(repo, 'packages', 'AGENTS.md'), 'Packages agents file.\n');
    write(join(repo, 'packages', 'api', 'CLAUDE.md'), 'Api rules.\n');
    const memory = createNestedMemory({ cwd: repo });
    const files = await memory.forFiles([join(repo, 'packages', 'web', 'src', 'index.ts')]);
    expect(files.map((file) => file.path.slice(repo.length + 1))).toEqual(['packages/AGENTS.md', 'packages/web/CLAUDE.md']);
    expect(files[1]?.content).toBe('Web rules. Extra detail. @./CLAUDE.md\n```\n@not-imported.md\n```');
    expect(await memory.forFiles([join(repo, 'packages', 'web', 'other.ts')])).toEqual([]);
    expect((await memory.forFiles([join(repo, 'packages', 'api', 'x.ts')])).map((file) => file.content)).toEqual(['Api rules.']);
  });

  it('looks only at folders strictly below cwd', () => {
    expect(foldersBelow('/repo', '/repo/a/b/c.ts')).toEqual(['/repo/a', '/repo/a/b']);
    expect(foldersBelow('/repo', '/repo/c.ts')).toEqual([]);
    expect(foldersBelow('/repo', '/elsewhere/c.ts')).toEqual([]);
  });
});
