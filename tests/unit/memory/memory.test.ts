import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatMemoryForPrompt,
  loadMemoryFiles,
  MAX_MEMORY_FILE_BYTES,
  memorySizeWarning,
  type MemoryFile,
} from '../../../src/memory/index.js';

const ENV_KEYS = ['HOME', 'CLAUDE_CONFIG_DIR', 'PULSE_CONFIG_DIR'] as const;
let root: string;
let home: string;
let repo: string;
let saved: Record<string, string | undefined>;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-memory-')));
  home = join(root, 'home');
  repo = join(root, 'work', 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  process.env.HOME = home;
  process.env.CLAUDE_CONFIG_DIR = join(home, '.claude');
  process.env.PULSE_CONFIG_DIR = join(home, '.pulse');
});

afterEach(() => {
  for (const key of ENV_KEYS) {
    const value = saved[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Only files inside the sandbox, so stray files above the temp dir cannot break the test. */
async function load(cwd: string): Promise<MemoryFile[]> {
  return (await loadMemoryFiles({ cwd })).filter((file) => file.path.startsWith(root));
}

const summary = (files: MemoryFile[]) => files.map((file) => [file.path.slice(root.length + 1), file.type, file.content]);

describe('loadMemoryFiles discovery', () => {
  it('loads user files, then each folder from the root down to cwd, in order', async () => {
    const cwd = join(repo, 'pkg', 'app');
    write(join(home, '.claude', 'CLAUDE.md'), 'user claude');
    write(join(home, '.pulse', 'PULSE.md'), 'user pulse');
    write(join(root, 'work', 'CLAUDE.md'), 'above the repo');
    write(join(repo, 'CLAUDE.md'), 'repo claude');
    write(join(repo, '.claude', 'CLAUDE.md'), 'repo dot-claude');
    write(join(repo, '.claude', 'rules', 'b-testing.md'), '---\ndescription: tests\n---\nalways run tests');
    write(join(repo, '.claude', 'rules', 'a-style.md'), 'two-space indent');
    write(join(repo, '.claude', 'rules', 'scoped.md'), '---\npaths:\n  - "src/**/*.ts"\n---\nonly for ts');
    write(join(repo, 'CLAUDE.local.md'), 'my sandbox url');
    write(join(repo, 'pkg', 'AGENTS.md'), 'pkg agents');
    write(join(cwd, 'CLAUDE.md'), 'app claude');
    write(join(cwd, 'deeper', 'CLAUDE.md'), 'below cwd, not loaded');
    mkdirSync(cwd, { recursive: true });

    expect(summary(await load(cwd))).toEqual([
      ['home/.claude/CLAUDE.md', 'user', 'user claude'],
      ['home/.pulse/PULSE.md', 'user', 'user pulse'],
      ['work/CLAUDE.md', 'project', 'above the repo'],
      ['work/repo/CLAUDE.md', 'project', 'repo claude'],
      ['work/repo/.claude/CLAUDE.md', 'project', 'repo dot-claude'],
      ['work/repo/.claude/rules/a-style.md', 'project', 'two-space indent'],
      ['work/repo/.claude/rules/b-testing.md', 'project', 'always run tests'],
      ['work/repo/CLAUDE.local.md', 'local', 'my sandbox url'],
      ['work/repo/pkg/AGENTS.md', 'project', 'pkg agents'],
      ['work/repo/pkg/app/CLAUDE.md', 'project', 'app claude'],
    ]);
  });

  it('loads AGENTS.md when it is the only memory file', async () => {
    write(join(repo, 'AGENTS.md'), 'agents only');
    expect(summary(await load(repo))).toEqual([['work/repo/AGENTS.md', 'project', 'agents only']]);
  });

  it('does not load AGENTS.md a second time when CLAUDE.md imports it', async () => {
    write(join(repo, 'AGENTS.md'), 'shared rules');
    write(join(repo, 'CLAUDE.md'), '@AGENTS.md\nclaude extras');
    expect(summary(await load(repo))).toEqual([['work/repo/CLAUDE.md', 'project', 'shared rules\nclaude extras']]);
  });

  it('loads the user file once when cwd is inside the home folder', async () => {
    write(join(home, '.claude', 'CLAUDE.md'), 'user claude');
    const cwd = join(home, 'project');
    mkdirSync(cwd, { recursive: true });
    expect(summary(await load(cwd))).toEqual([['home/.claude/CLAUDE.md', 'user', 'user claude']]);
  });

  it('skips files over 1 MB', async () => {
    write(join(repo, 'CLAUDE.md'), 'x'.repeat(MAX_MEMORY_FILE_BYTES + 1));
    write(join(repo, 'CLAUDE.local.md'), 'small');
    expect(summary(await load(repo))).toEqual([['work/repo/CLAUDE.local.md', 'local', 'small']]);
  });
});

describe('@ imports', () => {
  it('expands relative, home and absolute imports inline, nested, and leaves missing ones alone', async () => {
    const absolute = write(join(root, 'elsewhere', 'abs.md'), 'absolute content');
    write(join(home, 'notes', 'prefs.md'), 'home content');
    write(join(repo, 'docs', 'style.md'), 'style: see @./more.md');
    write(join(repo, 'docs', 'more.md'), 'more content');
    write(
      join(repo, 'CLAUDE.md'),
      [`Style: @docs/style.md`, `Prefs: @~/notes/prefs.md`, `Abs: @${absolute}`, `Gone: @missing.md`, 'Mail me@example.com'].join('\n'),
    );
    const [file] = await load(repo);
    expect(file?.content).toBe(
      [
        'Style: style: see more content',
        'Prefs: home content',
        'Abs: absolute content',
        'Gone: @missing.md',
        'Mail me@example.com',
      ].join('\n'),
    );
  });

  it('keeps trailing punctuation after an import', async () => {
    write(join(repo, 'notes.md'), 'the notes');
    write(join(repo, 'CLAUDE.md'), 'Read @notes.md.');
    expect((await load(repo))[0]?.content).toBe('Read the notes.');
  });

  it('breaks import cycles', async () => {
    write(join(repo, 'a.md'), 'A says @./b.md');
    write(join(repo, 'b.md'), 'B says @./a.md');
    write(join(repo, 'CLAUDE.md'), 'start @a.md');
    expect((await load(repo))[0]?.content).toBe('start A says B says @./a.md');
  });

  it('ignores @ inside fenced code blocks and inline code spans', async () => {
    write(join(repo, 'real.md'), 'REAL');
    write(
      join(repo, 'CLAUDE.md'),
      ['```sh', 'echo @real.md', '```', 'inline `@real.md` and ``a @real.md b``', '~~~', '@real.md', '~~~', 'after @real.md'].join('\n'),
    );
    expect((await load(repo))[0]?.content).toBe(
      ['```sh', 'echo @real.md', '```', 'inline `@real.md` and ``a @real.md b``', '~~~', '@real.md', '~~~', 'after REAL'].join('\n'),
    );
  });

  it('stops expanding after five levels of nesting', async () => {
    for (let level = 1; level <= 7; level++) write(join(repo, `l${level}.md`), `L${level} @l${level + 1}.md`);
    write(join(repo, 'CLAUDE.md'), '@l1.md');
    expect((await load(repo))[0]?.content).toBe('L1 L2 L3 L4 L5 @l6.md');
  });
});

describe('formatting', () => {
  const files: MemoryFile[] = [
    { path: '/h/.claude/CLAUDE.md', type: 'user', content: 'be brief' },
    { path: '/p/CLAUDE.md', type: 'project', content: 'use pnpm' },
    { path: '/p/CLAUDE.local.md', type: 'local', content: 'my port is 3001' },
  ];

  it('names each file and its kind', () => {
    const text = formatMemoryForPrompt(files);
    expect(text).toContain("Memory file /h/.claude/CLAUDE.md (the user's personal instructions, for every project):\n\nbe brief");
    expect(text).toContain('Memory file /p/CLAUDE.md (project instructions');
    expect(text).toContain("Memory file /p/CLAUDE.local.md (the user's private instructions for this project):\n\nmy port is 3001");
    expect(text.indexOf('be brief')).toBeLessThan(text.indexOf('use pnpm'));
    expect(formatMemoryForPrompt([])).toBe('');
  });

  it('warns only past 40,000 characters', () => {
    expect(memorySizeWarning(files)).toBeUndefined();
    const big = [...files, { path: '/p/huge.md', type: 'project' as const, content: 'x'.repeat(40_000) }];
    expect(memorySizeWarning(big)).toMatch(/^Memory files add up to 40,\d{3} characters.*Largest: \/p\/huge\.md \(40,000\)/);
  });
});
