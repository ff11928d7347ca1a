// Configuration in the shapes people publish (tests/fixtures/corpus, written for Pulse in those
// shapes): agents kept in category folders with lenient frontmatter, skills addressed by folder
// the way the reference addresses them, and a commit command whose `!` pre-commands run under
// the command's allowed-tools as the reference judges them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatAgentLoadError, loadAgentDefinitions } from '../../../src/agents/index.js';
import { resolvePromptInput } from '../../../src/commands/promptInput.js';
import { loadCommandRegistry } from '../../../src/commands/registry.js';
import type { PromptEnv } from '../../../src/commands/types.js';

const CORPUS = join(import.meta.dirname, '..', '..', 'fixtures', 'corpus');

let root: string;
let project: string;
let userDir: string;
let savedConfigDir: string | undefined;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-corpus-')));
  project = join(root, 'project');
  userDir = join(root, 'claude');
  mkdirSync(join(userDir, 'skills'), { recursive: true });
  cpSync(CORPUS, join(project, '.claude'), { recursive: true });
  savedConfigDir = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = userDir;
});

afterEach(() => {
  if (savedConfigDir === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedConfigDir;
  rmSync(root, { recursive: true, force: true });
});

function env(cwd = project): PromptEnv {
  return { cwd, permissionContext: { mode: 'default', rules: [], workingDirectories: [cwd] } };
}

async function prompt(text: string): Promise<string> {
  const registry = await loadCommandRegistry(project);
  const resolved = await resolvePromptInput(text, registry.commands, env());
  if (resolved.kind !== 'prompt') throw new Error(`${text} is a local command`);
  return resolved.turn.prompt;
}

describe('agents in published shapes', () => {
  it('loads every agent, in category folders too, whatever strict YAML thinks of it', async () => {
    const { agents, errors } = await loadAgentDefinitions({ cwd: project, userDir });
    expect(errors.map(formatAgentLoadError)).toEqual([]);
    const mine = agents.filter((agent) => agent.source === 'project');
    expect(mine.map((agent) => agent.name).sort()).toEqual([
      'bom-agent',
      'colon-describer',
      'crlf-agent',
      'example-blocks',
      'plain-reviewer',
      'ts-strictness',
    ]);
    const byName = new Map(mine.map((agent) => [agent.name, agent]));
    expect(byName.get('colon-describer')?.description).toMatch(/^Use this agent for flaky tests\. It covers: \(1\)/);
    const examples = byName.get('example-blocks');
    expect(examples?.tools).toEqual(['Read', 'Edit', 'Grep']);
    expect(examples?.model).toBe('haiku');
    expect(examples?.description).toContain('<example>\nContext: A linter complains\nuser: "eslint says there are unused imports"');
    expect(examples?.systemPrompt).toBe('You tidy import blocks: sort them, group them, and drop the ones nothing uses.');
    expect(byName.get('ts-strictness')?.path).toBe(join(project, '.claude', 'agents', 'languages', 'typescript', 'ts-strictness.md'));
    expect(byName.get('crlf-agent')?.systemPrompt).toBe('You keep answers short.');
  });

  it('reports two files defining one agent once, naming both, in one line', async () => {
    writeFileSync(
      join(project, '.claude', 'agents', 'quality', 'again.md'),
      '---\nname: plain-reviewer\ndescription: A second reviewer\n---\nYou review.\n',
    );
    const { errors } = await loadAgentDefinitions({ cwd: project, userDir });
    const lines = errors.map(formatAgentLoadError);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(join(project, '.claude', 'agents', 'quality', 'again.md'));
    expect(lines[0]).toContain(join(project, '.claude', 'agents', 'plain-reviewer.md'));
    expect(lines[0]).not.toContain('\n');
  });
});

describe('skills addressed as the reference addresses them', () => {
  it('names a skill by its folder; a one-word name: is accepted too, a name with spaces is only shown', async () => {
    const registry = await loadCommandRegistry(project);
    expect(registry.errors).toEqual([]);
    const skills = registry.skills.map((skill) => [skill.name, skill.displayName]);
    expect(skills).toEqual([
      ['Changelog-Helper', undefined],
      ['db-migrations', undefined],
      ['release-notes', 'Release Notes'],
    ]);
    const notes = await prompt('/release-notes v2.0');
    expect(notes).toContain(`The skill's folder is ${join(project, '.claude', 'skills', 'release-notes')}`);
    expect(notes).toContain('- template.md');
    expect(await prompt('/Release Notes')).toBe('/Release Notes');
    expect(await prompt('/changelog-helper')).toContain('Open CHANGELOG.md');
  });

  it('lets the user skill win a folder-name clash and reports it once with both paths', async () => {
    mkdirSync(join(userDir, 'skills', 'db-migrations'), { recursive: true });
    writeFileSync(join(userDir, 'skills', 'db-migrations', 'SKILL.md'), '---\ndescription: my own migrations\n---\nUser migrations\n');
    const registry = await loadCommandRegistry(project);
    expect(registry.errors).toEqual([
      `skill /db-migrations: ${join(project, '.claude', 'skills', 'db-migrations', 'SKILL.md')} is ignored, ${join(userDir, 'skills', 'db-migrations', 'SKILL.md')} has the same name and is used`,
    ]);
    expect(await prompt('/db-migrations')).toContain('User migrations');
  });

  it('gives a one-word name: to the first skill only, and says so', async () => {
    for (const folder of ['twin-a', 'twin-b']) {
      mkdirSync(join(project, '.claude', 'skills', folder), { recursive: true });
      writeFileSync(join(project, '.claude', 'skills', folder, 'SKILL.md'), `---\nname: twin\ndescription: ${folder}\n---\nBody of ${folder}\n`);
    }
    const registry = await loadCommandRegistry(project);
    expect(registry.errors).toEqual([
      `/twin-b: its name "twin" is taken by /twin-a, so only /twin-b invokes ${join(project, '.claude', 'skills', 'twin-b', 'SKILL.md')}`,
    ]);
    expect(await prompt('/twin')).toContain('Body of twin-a');
    expect(await prompt('/twin-b')).toContain('Body of twin-b');
  });

  it('lets a skill win over a command of the same name, reported with both paths', async () => {
    writeFileSync(join(project, '.claude', 'commands', 'db-migrations.md'), 'The command\n');
    const registry = await loadCommandRegistry(project);
    expect(registry.errors).toEqual([
      `/db-migrations: ${join(project, '.claude', 'commands', 'db-migrations.md')} is ignored, ${join(project, '.claude', 'skills', 'db-migrations', 'SKILL.md')} has the same name and is used`,
    ]);
  });
});

describe('a commit command in the official shape', () => {
  it('runs its read-only ! commands (git diff HEAD included) under allowed-tools that only name add, status and commit', async () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: project, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'dev@example.com');
    git('config', 'user.name', 'Dev');
    writeFileSync(join(project, 'notes.txt'), 'one\n');
    git('add', 'notes.txt');
    git('commit', '-qm', 'first note');
    writeFileSync(join(project, 'notes.txt'), 'one\ntwo\n');
    const text = await prompt('/git:commit');
    expect(text).toContain('- Branch: main');
    expect(text).toContain('+two');
    expect(text).toContain('first note');
    expect(text).toContain('M notes.txt');
    expect(text).not.toContain('!`');
  });
});
