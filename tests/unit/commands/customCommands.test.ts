// Custom slash commands and skills from temp folders: arguments, gated `!` commands, `@file`,
// namespacing, project-over-user clashes, broken frontmatter, and the one expansion path.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitArguments, substituteArguments } from '../../../src/commands/custom/arguments.js';
import { loadCustomCommands } from '../../../src/commands/custom/load.js';
import { resolvePromptInput } from '../../../src/commands/promptInput.js';
import { loadCommandRegistry } from '../../../src/commands/registry.js';
import { contextForTurn } from '../../../src/commands/turnContext.js';
import type { PromptEnv, SlashCommand } from '../../../src/commands/types.js';
import { loadSkills } from '../../../src/skills/load.js';
import { makeToolContext } from '../../support/toolContext.js';

let root: string;
let project: string;
let user: string;
let savedConfig: string | undefined;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-commands-')));
  project = join(root, 'repo');
  user = join(root, 'claude');
  mkdirSync(project, { recursive: true });
  savedConfig = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = user;
});

afterEach(() => {
  if (savedConfig === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedConfig;
  rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const projectCommand = (name: string, text: string) => write(join(project, '.claude', 'commands', name), text);
const userCommand = (name: string, text: string) => write(join(user, 'commands', name), text);

function env(overrides: Partial<PromptEnv> = {}): PromptEnv {
  return { cwd: project, permissionContext: { mode: 'default', rules: [], workingDirectories: [project] }, ...overrides };
}

async function load() {
  return loadCustomCommands({ project: join(project, '.claude', 'commands'), user: join(user, 'commands') });
}

async function expand(commands: readonly SlashCommand[], text: string, promptEnv = env()) {
  const resolved = await resolvePromptInput(text, commands, promptEnv);
  if (resolved.kind !== 'prompt') throw new Error('expected a prompt');
  return resolved.turn;
}

describe('arguments', () => {
  it('fills $ARGUMENTS and the 1-based positional $1…$9, quotes grouping words', () => {
    expect(splitArguments(`src/auth "two words" 'x y'`)).toEqual(['src/auth', 'two words', 'x y']);
    expect(substituteArguments('Review $1 for $2 (all: $ARGUMENTS), none: [$3]', 'src/auth "security bugs"')).toBe(
      'Review src/auth for security bugs (all: src/auth "security bugs"), none: []',
    );
  });

  it('appends the arguments when the body uses none, and leaves a body alone without any', () => {
    expect(substituteArguments('Summarise the diff.', 'briefly')).toBe('Summarise the diff.\n\nARGUMENTS: briefly');
    expect(substituteArguments('Summarise the diff.', '')).toBe('Summarise the diff.');
  });
});

describe('custom commands', () => {
  it('expands a command with frontmatter: description, hint, rules and model for the turn', async () => {
    projectCommand(
      'review.md',
      '---\ndescription: Review code\nargument-hint: <path>\nallowed-tools: Read, Bash(git diff:*)\nmodel: claude-haiku-4-5\n---\nReview $1 carefully.\n',
    );
    const { commands, errors } = await load();
    expect(errors).toEqual([]);
    expect(commands[0]).toMatchObject({ name: 'review', description: 'Review code (project)', argumentHint: '<path>' });
    const turn = await expand(commands, '/review src/auth');
    expect(turn).toMatchObject({
      prompt: 'Review src/auth carefully.',
      model: 'claude-haiku-4-5',
      commandName: 'review',
      allowedRules: [{ toolName: 'Read' }, { toolName: 'Bash', ruleContent: 'git diff:*' }],
    });
    const ctx = contextForTurn(makeToolContext(project), turn);
    expect(ctx.options.model).toBe('claude-haiku-4-5');
    expect(ctx.getPermissionContext().rules).toContainEqual({ toolName: 'Read', behavior: 'allow', source: 'command' });
    expect(makeToolContext(project).getPermissionContext().rules).toEqual([]);
  });

  it('refuses a ! command that changes things unless a rule allows it; read-only ones need no rule', async () => {
    projectCommand('ungated.md', 'Status:\n!`touch made.txt`\n');
    projectCommand('narrow.md', '---\nallowed-tools: Bash(git status:*)\n---\n!`touch made.txt`\n');
    projectCommand('gated.md', '---\nallowed-tools: Bash(touch:*)\n---\nOutput: !`touch made.txt && echo from-the-shell`\nDone.\n');
    projectCommand('readonly.md', 'Seen: !`echo read-only`\n');
    const { commands } = await load();
    await expect(expand(commands, '/ungated')).rejects.toThrow(/needs approval and no allowed-tools entry covers it .*Bash\(touch:\*\)/);
    await expect(expand(commands, '/narrow')).rejects.toThrow(/allowed-tools \(Bash\(git status:\*\)\) do not cover it/);
    expect(existsSync(join(project, 'made.txt'))).toBe(false);
    expect((await expand(commands, '/readonly')).prompt).toBe('Seen: read-only');
    expect((await expand(commands, '/gated')).prompt).toBe('Output: from-the-shell\nDone.');
    expect(existsSync(join(project, 'made.txt'))).toBe(true);
  });

  it('lets the session\'s allow rules and mode allow a ! command, and plan mode refuse one', async () => {
    projectCommand('make.md', 'Made: !`touch session.txt && echo yes`\n');
    const { commands } = await load();
    const allowing = env({
      permissionContext: {
        mode: 'default',
        rules: [{ toolName: 'Bash', ruleContent: 'touch:*', behavior: 'allow', source: 'cliArg' }],
        workingDirectories: [project],
      },
    });
    expect((await expand(commands, '/make', allowing)).prompt).toBe('Made: yes');
    const planning = env({ permissionContext: { mode: 'plan', rules: [], workingDirectories: [project] } });
    await expect(expand(commands, '/make', planning)).rejects.toThrow(/plan mode allows only read-only/);
    const bypassing = env({ permissionContext: { mode: 'bypassPermissions', rules: [], workingDirectories: [project] } });
    expect((await expand(commands, '/make', bypassing)).prompt).toBe('Made: yes');
  });

  it("keeps the session's deny rules in force for ! commands", async () => {
    projectCommand('rm.md', '---\nallowed-tools: Bash\n---\n!`echo gone`\n');
    const { commands } = await load();
    const denied = env({
      permissionContext: {
        mode: 'default',
        rules: [{ toolName: 'Bash', ruleContent: 'echo:*', behavior: 'deny', source: 'userSettings' }],
        workingDirectories: [project],
      },
    });
    await expect(expand(commands, '/rm', denied)).rejects.toThrow(/denied by the rule Bash\(echo:\*\)/);
  });

  it('inlines @file relative to the working directory, not inside code', async () => {
    write(join(project, 'src', 'a.ts'), 'export const a = 1;\n');
    projectCommand('explain.md', 'Explain @src/a.ts and `@src/a.ts` and @missing.ts.\n');
    const { commands } = await load();
    const { prompt } = await expand(commands, '/explain');
    expect(prompt).toBe(
      'Explain @src/a.ts and `@src/a.ts` and @missing.ts.\n\n<file path="src/a.ts">\nexport const a = 1;\n</file>',
    );
  });

  it('names subfolder commands folder:name, and lets user commands win a clash, reported with both paths', async () => {
    projectCommand(join('frontend', 'component.md'), '---\ndescription: Make a component\n---\nBody\n');
    projectCommand('deploy.md', 'Project deploy\n');
    userCommand('deploy.md', 'User deploy\n');
    userCommand('mine.md', 'Mine\n');
    const { commands, errors } = await load();
    const byName = Object.fromEntries(commands.map((command) => [command.name, command.description]));
    expect(byName).toEqual({
      'frontend:component': 'Make a component (project)',
      deploy: 'User deploy (user)',
      mine: 'Mine (user)',
    });
    expect((await expand(commands, '/deploy')).prompt).toBe('User deploy');
    expect((await expand(commands, '/frontend:component')).prompt).toBe('Body');
    expect(errors).toEqual([
      `command /deploy: ${join(project, '.claude', 'commands', 'deploy.md')} is ignored, ${join(user, 'commands', 'deploy.md')} has the same name and is used`,
    ]);
  });

  it('reports a broken frontmatter by file name and still loads the others', async () => {
    projectCommand('broken.md', '---\n[unclosed, list\n---\nBody\n');
    projectCommand('badtype.md', '---\nmodel: 5\n---\nBody\n');
    projectCommand('fine.md', 'Fine\n');
    const { commands, errors } = await load();
    expect(commands.map((command) => command.name)).toEqual(['fine']);
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain(join(project, '.claude', 'commands', 'broken.md'));
    expect(errors.join('\n')).toMatch(/badtype\.md: bad frontmatter \(model/);
  });

  it('leaves plain text and unknown commands as they are; built-ins cannot be replaced', async () => {
    projectCommand('help.md', 'Not the real help\n');
    const registry = await loadCommandRegistry(project);
    expect(registry.commands.filter((command) => command.name === 'help')).toHaveLength(1);
    expect(await expand(registry.commands, 'just text')).toEqual({ prompt: 'just text', allowedRules: [] });
    expect(await expand(registry.commands, '/nothing here')).toEqual({ prompt: '/nothing here', allowedRules: [] });
    const local = await resolvePromptInput('/help', registry.commands, env());
    expect(local.kind).toBe('local');
  });
});

describe('skills', () => {
  it('loads SKILL.md folders, and /name sends the body with where the supporting files are', async () => {
    const dir = join(project, '.claude', 'skills', 'pdf');
    write(join(dir, 'SKILL.md'), '---\nname: pdf\ndescription: Work with PDF files\n---\nUse scripts/fill.py to fill $ARGUMENTS.\n');
    write(join(dir, 'scripts', 'fill.py'), 'print(1)\n');
    write(join(user, 'skills', 'notes', 'SKILL.md'), '---\ndescription: Take notes\ndisable-model-invocation: true\n---\nNotes\n');
    const { skills, errors } = await loadSkills({ project: join(project, '.claude', 'skills'), user: join(user, 'skills') });
    expect(errors).toEqual([]);
    expect(skills.map((skill) => [skill.name, skill.source, skill.disableModelInvocation])).toEqual([
      ['notes', 'user', true],
      ['pdf', 'project', false],
    ]);
    const registry = await loadCommandRegistry(project);
    const { prompt } = await expand(registry.commands, '/pdf form.pdf');
    expect(prompt).toContain(`The skill's folder is ${dir}`);
    expect(prompt).toContain('- scripts/fill.py');
    expect(prompt).toContain('Use scripts/fill.py to fill form.pdf.');
  });
});
