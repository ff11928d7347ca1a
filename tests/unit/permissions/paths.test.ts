import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPathDeniedForRead, isInsideWorkingDirectories, resolveRealPath } from '../../../src/permissions/paths.js';
import { isProtectedPath } from '../../../src/permissions/protectedPaths.js';
import { resolvePermission } from '../../../src/permissions/resolve.js';
import type { PermissionMode } from '../../../src/types/permissions.js';
import { buildRules, fakeContext, tools, type RuleSpec } from './fakes.js';

let root: string;
let project: string;
let outside: string;
let home: string;
const savedHome = process.env.HOME;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-paths-')));
  project = join(root, 'project');
  outside = join(root, 'outside');
  home = join(root, 'home');
  for (const dir of [project, outside, home, join(project, 'src'), join(project, 'secrets'), join(project, '.git')]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(join(project, '.env'), 'TOKEN=1');
  writeFileSync(join(project, 'src', 'a.ts'), '');
  writeFileSync(join(project, 'secrets', 'key.pem'), '');
  writeFileSync(join(outside, 'data.txt'), '');
  writeFileSync(join(home, 'notes.txt'), '');
  symlinkSync(outside, join(project, 'link-out'));
  symlinkSync(join(project, '.env'), join(project, 'env-alias'));
  symlinkSync(join(project, '.git'), join(project, 'innocent'));
  process.env.HOME = home;
});

afterAll(() => {
  process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

async function decide(
  tool: keyof typeof tools,
  input: Record<string, unknown>,
  spec: RuleSpec = {},
  mode: PermissionMode = 'default',
): Promise<string> {
  const ctx = fakeContext({ cwd: project, mode, rules: buildRules(spec) });
  return (await resolvePermission(tools[tool], input, ctx)).behavior;
}

describe('path helpers', () => {
  it('resolves symlinks and .. even for files that do not exist yet', () => {
    expect(resolveRealPath(join(project, 'link-out', 'new.txt'))).toBe(join(outside, 'new.txt'));
    expect(resolveRealPath(join(project, 'src', '..', '..', 'outside'))).toBe(outside);
  });

  it('judges working directories by where a path really is', () => {
    expect(isInsideWorkingDirectories(join(project, 'src', 'a.ts'), [project])).toBe(true);
    expect(isInsideWorkingDirectories(join(project, 'link-out', 'data.txt'), [project])).toBe(false);
    expect(isInsideWorkingDirectories(join(project, '..', 'outside', 'data.txt'), [project])).toBe(false);
    expect(isInsideWorkingDirectories(`${project}-sibling/x`, [project])).toBe(false);
  });

  it.each([
    ['.git/config', true],
    ['.GIT/config', true],
    ['.Claude/settings.json', true],
    ['.claude/settings.local.json', true],
    ['.claude/commands/x.md', false],
    ['.claude/agents/reviewer.md', false],
    ['.claude/skills/s/SKILL.md', false],
    ['sub/.vscode/settings.json', true],
    ['.idea/workspace.xml', true],
    ['.bashrc', true],
    ['deep/dir/.ZSHRC', true],
    ['.gitmodules', true],
    ['.mcp.json', true],
    ['.claude.json', true],
    ['src/a.ts', false],
    ['gitconfig', false],
    ['.github/workflows/ci.yml', false],
  ])('protected %s → %s', (relative, expected) => {
    expect(isProtectedPath(join(project, relative))).toBe(expected);
  });
});

describe('Read and Edit path rules', () => {
  it('reads inside the project without asking and asks outside', async () => {
    expect(await decide('Read', { file_path: join(project, 'src', 'a.ts') })).toBe('allow');
    expect(await decide('Read', { file_path: join(outside, 'data.txt') })).toBe('ask');
    expect(await decide('Read', { file_path: join(project, '..', 'outside', 'data.txt') })).toBe('ask');
  });

  it('asks for a read through a symlink that points outside the project', async () => {
    expect(await decide('Read', { file_path: join(project, 'link-out', 'data.txt') })).toBe('ask');
    expect(await decide('Glob', { path: join(project, 'link-out') })).toBe('ask');
  });

  it('denies a read by a ./ rule, through .. and through a symlink alias', async () => {
    const spec = { deny: ['Read(./.env)'] };
    expect(await decide('Read', { file_path: join(project, '.env') }, spec)).toBe('deny');
    expect(await decide('Read', { file_path: join(project, 'src', '..', '.env') }, spec)).toBe('deny');
    expect(await decide('Read', { file_path: join(project, 'env-alias') }, spec)).toBe('deny');
    expect(await decide('Read', { file_path: join(project, 'src', 'a.ts') }, spec)).toBe('allow');
  });

  it('lets a Read deny also block writing, and Grep/Glob searches rooted in the denied folder', async () => {
    const spec = { deny: ['Read(./secrets/**)'], allow: ['Edit', 'Write'] };
    expect(await decide('Edit', { file_path: join(project, 'secrets', 'key.pem') }, spec)).toBe('deny');
    expect(await decide('Write', { file_path: join(project, 'secrets', 'new.pem') }, spec)).toBe('deny');
    expect(await decide('Grep', { path: join(project, 'secrets') }, spec)).toBe('deny');
    expect(await decide('Glob', { path: project }, spec)).toBe('allow');
  });

  it('exposes read denials for Grep and Glob to filter their results', () => {
    const ctx = fakeContext({ cwd: project, rules: buildRules({ deny: ['Read(./secrets/**)', 'Read(*.pem)', 'Read(//etc/shadow)'] }) });
    expect(isPathDeniedForRead(join(project, 'secrets', 'key.pem'), ctx)).toBe(true);
    expect(isPathDeniedForRead(join(project, 'src', 'deep', 'x.pem'), ctx)).toBe(true);
    expect(isPathDeniedForRead('/etc/shadow', ctx)).toBe(true);
    expect(isPathDeniedForRead(join(project, 'src', 'a.ts'), ctx)).toBe(false);
  });

  it('anchors / rules at the project root for project settings and ~/.claude for user settings', async () => {
    const file = join(project, 'src', 'a.ts');
    expect(await decide('Edit', { file_path: file }, { allow: ['Edit(/src/**/*.ts)'], source: 'projectSettings' })).toBe('allow');
    expect(await decide('Edit', { file_path: file }, { allow: ['Edit(/src/**/*.ts)'], source: 'userSettings' })).toBe('ask');
    expect(await decide('Edit', { file_path: file }, { deny: ['Edit(/src/**)'], source: 'localSettings' })).toBe('deny');
  });

  it('understands //absolute and ~/home rules', async () => {
    expect(await decide('Read', { file_path: join(outside, 'data.txt') }, { allow: [`Read(/${outside}/**)`] })).toBe('allow');
    expect(await decide('Read', { file_path: join(home, 'notes.txt') }, { allow: ['Read(~/notes.txt)'] })).toBe('allow');
    expect(await decide('Read', { file_path: join(home, 'notes.txt') }, { deny: ['Read(~/**)'], allow: ['Read'] })).toBe('deny');
  });

  it('never lets an allow rule reach through a symlink or .. out of what it names', async () => {
    const spec = { allow: ['Edit(./link-out/**)', 'Edit(./src/**)'] };
    expect(await decide('Edit', { file_path: join(project, 'link-out', 'data.txt') }, spec)).toBe('ask');
    expect(await decide('Edit', { file_path: join(project, 'src', '..', '..', 'outside', 'data.txt') }, spec)).toBe('ask');
    expect(await decide('Edit', { file_path: join(project, 'src', 'a.ts') }, spec)).toBe('allow');
  });

  it('applies Edit rules to Write and NotebookEdit', async () => {
    const spec = { deny: ['Edit(*.lock)'] };
    expect(await decide('Write', { file_path: join(project, 'yarn.lock') }, spec, 'acceptEdits')).toBe('deny');
    expect(await decide('NotebookEdit', { notebook_path: join(project, 'src', 'n.lock') }, spec, 'acceptEdits')).toBe('deny');
    expect(await decide('Write', { file_path: join(project, 'src', 'x.ts') }, { allow: ['Edit(./src/**)'] })).toBe('allow');
  });

  it('asks for every protected path even when a rule or mode would allow the write', async () => {
    for (const relative of ['.git/config', '.GIT/config', '.Claude/settings.json', '.bashrc', 'innocent/config']) {
      const file = join(project, relative);
      expect(await decide('Edit', { file_path: file }, { allow: ['Edit'] }, 'bypassPermissions')).toBe('ask');
      expect(await decide('Write', { file_path: file }, {}, 'acceptEdits')).toBe('ask');
    }
    expect(await decide('Write', { file_path: join(project, '.claude', 'commands', 'x.md') }, {}, 'acceptEdits')).toBe('allow');
  });

  it('reports the blocked path and suggestions on an ask', async () => {
    const ctx = fakeContext({ cwd: project });
    const decision = await resolvePermission(tools.Edit, { file_path: join(project, 'src', 'a.ts') }, ctx);
    expect(decision).toMatchObject({
      behavior: 'ask',
      blockedPath: join(project, 'src', 'a.ts'),
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    const outsideRead = await resolvePermission(tools.Read, { file_path: join(outside, 'data.txt') }, ctx);
    expect(outsideRead).toMatchObject({ suggestions: [{ type: 'addDirectories', directories: [outside] }] });
  });
});
