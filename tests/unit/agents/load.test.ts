// Agent definitions: frontmatter parsing, broken files reported while the rest load, the
// --agents flag, and which source wins a name clash.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentDefinitions, parseAgentFile, parseAgentsFlag, toolsForAgent } from '../../../src/agents/index.js';
import { EXPLORE_AGENT, GENERAL_PURPOSE_AGENT } from '../../../src/agents/builtins.js';
import { agentModel, findAgent } from '../../../src/agents/runSubagent.js';
import { childPermissionMode } from '../../../src/agents/childContext.js';
import { createAgentTool } from '../../../src/tools/agent/AgentTool.js';
import { getAllTools } from '../../../src/tools/registry.js';

let root: string;
let project: string;
let userDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pulse-agents-'));
  project = join(root, 'project');
  userDir = join(root, 'claude');
  await mkdir(join(project, '.claude', 'agents'), { recursive: true });
  await mkdir(join(userDir, 'agents'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const REVIEWER = `---
name: reviewer
description: Reviews a change for bugs
tools: Read, Grep, Glob
disallowedTools: Bash
model: haiku
permissionMode: plan
maxTurns: 7
color: blue
---
You review code. Report problems with file and line.
`;

describe('parseAgentFile', () => {
  it('reads the frontmatter fields and takes the body as the system prompt', () => {
    const parsed = parseAgentFile(REVIEWER, '/x/reviewer.md', 'project');
    expect(parsed).toEqual({
      ok: true,
      agent: {
        name: 'reviewer',
        description: 'Reviews a change for bugs',
        systemPrompt: 'You review code. Report problems with file and line.',
        tools: ['Read', 'Grep', 'Glob'],
        disallowedTools: ['Bash'],
        model: 'haiku',
        permissionMode: 'plan',
        maxTurns: 7,
        source: 'project',
        path: '/x/reviewer.md',
      },
    });
  });

  it('accepts tools as a YAML list', () => {
    const parsed = parseAgentFile('---\nname: a\ndescription: d\ntools: [Read, Bash]\n---\nBody', 'a.md', 'user');
    expect(parsed.ok && parsed.agent.tools).toEqual(['Read', 'Bash']);
  });

  it.each([
    ['no frontmatter', 'Just a prompt', /no frontmatter/],
    ['a missing name', '---\ndescription: d\n---\nBody', /name/],
    ['a missing description', '---\nname: a\n---\nBody', /description/],
    ['an unknown mode', '---\nname: a\ndescription: d\npermissionMode: yolo\n---\nBody', /permissionMode/],
    ['a bad maxTurns', '---\nname: a\ndescription: d\nmaxTurns: -2\n---\nBody', /maxTurns/],
    ['frontmatter that is not fields', '---\n[unclosed, list\nname: a\n---\nBody', /not valid YAML/],
    ['an empty body', '---\nname: a\ndescription: d\n---\n\n', /body/],
  ])('refuses %s with a clear message', (_label, text, message) => {
    const parsed = parseAgentFile(text, 'bad.md', 'project');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(message);
  });
});

describe('parseAgentsFlag', () => {
  it('turns each entry into a definition from the flag', () => {
    const agents = parseAgentsFlag(
      JSON.stringify({ checker: { description: 'Checks things', prompt: 'You check.', tools: ['Read'], model: 'inherit' } }),
    );
    expect(agents).toEqual([
      { name: 'checker', description: 'Checks things', systemPrompt: 'You check.', tools: ['Read'], model: 'inherit', source: 'flag' },
    ]);
  });

  it('names the problem in bad JSON or a bad entry', () => {
    expect(() => parseAgentsFlag('{nope')).toThrow(/^--agents: not valid JSON/);
    expect(() => parseAgentsFlag(JSON.stringify({ checker: { description: 'x' } }))).toThrow(/--agents: checker\.prompt/);
  });
});

describe('loadAgentDefinitions', () => {
  it('loads built-ins, user and project files and the flag; broken files are reported, the rest load', async () => {
    await writeFile(join(project, '.claude', 'agents', 'reviewer.md'), REVIEWER);
    await writeFile(join(project, '.claude', 'agents', 'broken.md'), '---\nname: broken\n---\nNo description.');
    await writeFile(join(project, '.claude', 'agents', 'notes.txt'), 'not an agent');
    await writeFile(join(userDir, 'agents', 'helper.md'), '---\nname: helper\ndescription: Helps\n---\nYou help.');

    const loaded = await loadAgentDefinitions({
      cwd: project,
      userDir,
      flagJson: JSON.stringify({ quick: { description: 'Quick one', prompt: 'Be quick.' } }),
    });

    expect(loaded.agents.map((agent) => `${agent.source}:${agent.name}`)).toEqual([
      'built-in:Explore',
      'built-in:general-purpose',
      'user:helper',
      'project:reviewer',
      'flag:quick',
    ]);
    expect(loaded.errors).toEqual([{ path: join(project, '.claude', 'agents', 'broken.md'), message: expect.stringMatching(/description/) }]);
  });

  it('lets the flag beat the project, the project beat the user, and the user beat a built-in', async () => {
    const file = (description: string, name = 'shared') => `---\nname: ${name}\ndescription: ${description}\n---\nPrompt.`;
    await writeFile(join(userDir, 'agents', 'shared.md'), file('from the user'));
    await writeFile(join(userDir, 'agents', 'explore.md'), file('user explorer', 'Explore'));
    await writeFile(join(userDir, 'agents', 'other.md'), file('user only', 'other'));
    await writeFile(join(project, '.claude', 'agents', 'shared.md'), file('from the project'));
    await writeFile(join(project, '.claude', 'agents', 'other.md'), file('project other', 'other'));

    const withoutFlag = await loadAgentDefinitions({ cwd: project, userDir });
    const byName = (name: string) => withoutFlag.agents.find((agent) => agent.name === name);
    expect(byName('shared')?.description).toBe('from the project');
    expect(byName('other')?.description).toBe('project other');
    expect(byName('Explore')?.description).toBe('user explorer');
    expect(withoutFlag.agents.filter((agent) => agent.name === 'shared')).toHaveLength(1);

    const withFlag = await loadAgentDefinitions({
      cwd: project,
      userDir,
      flagJson: JSON.stringify({ shared: { description: 'from the flag', prompt: 'Flag prompt.' } }),
    });
    expect(withFlag.agents.find((agent) => agent.name === 'shared')?.description).toBe('from the flag');
  });

  it('has only the built-ins when there are no folders', async () => {
    const loaded = await loadAgentDefinitions({ cwd: join(root, 'nowhere'), userDir: join(root, 'nobody') });
    expect(loaded.agents.map((agent) => agent.name).sort()).toEqual(['Explore', 'general-purpose']);
    expect(loaded.errors).toEqual([]);
  });
});

describe('what a sub-agent gets', () => {
  const pool = getAllTools({ agents: () => [] });

  it('general-purpose gets every tool but Agent; Explore only read-only search tools', () => {
    expect(pool.map((tool) => tool.name)).toContain('Agent');
    const general = toolsForAgent(GENERAL_PURPOSE_AGENT, pool).map((tool) => tool.name);
    expect(general).not.toContain('Agent');
    expect(general).toEqual(expect.arrayContaining(['Read', 'Write', 'Edit', 'Bash', 'Glob', 'Grep']));
    expect(toolsForAgent(EXPLORE_AGENT, pool).map((tool) => tool.name)).toEqual(['Read', 'Glob', 'Grep', 'Bash']);
  });

  it("Explore's Bash refuses commands that change things and allows read-only ones", async () => {
    const bash = toolsForAgent(EXPLORE_AGENT, pool).find((tool) => tool.name === 'Bash');
    const ctx = {} as never;
    expect(await bash?.validateInput?.({ command: 'rm -rf build' }, ctx)).toMatchObject({ ok: false });
    expect(await bash?.validateInput?.({ command: 'git log --oneline' }, ctx)).toEqual({ ok: true });
  });

  it('a definition narrows by tools and removes disallowedTools, never adding Agent', () => {
    const agent = { ...GENERAL_PURPOSE_AGENT, tools: ['Read', 'Bash', 'Agent', 'Task'], disallowedTools: ['Bash'] };
    expect(toolsForAgent(agent, pool).map((tool) => tool.name)).toEqual(['Read']);
  });

  it('picks the model: inherit or nothing means the parent, aliases resolve', () => {
    const resolve = (name: string) => (name === 'haiku' ? 'claude-haiku-4-5' : name);
    expect(agentModel(undefined, 'parent-model', resolve)).toBe('parent-model');
    expect(agentModel('inherit', 'parent-model', resolve)).toBe('parent-model');
    expect(agentModel('haiku', 'parent-model', resolve)).toBe('claude-haiku-4-5');
    expect(agentModel('claude-opus-4-1', 'parent-model', resolve)).toBe('claude-opus-4-1');
  });

  it("keeps the parent's bypass, acceptEdits and plan modes over the agent's own", () => {
    expect(childPermissionMode('default', 'acceptEdits')).toBe('acceptEdits');
    expect(childPermissionMode('default', undefined)).toBe('default');
    expect(childPermissionMode('plan', 'bypassPermissions')).toBe('plan');
    expect(childPermissionMode('bypassPermissions', 'default')).toBe('bypassPermissions');
  });

  it('finds agents by name, general-purpose by default, and names the choices otherwise', () => {
    const agents = [GENERAL_PURPOSE_AGENT, EXPLORE_AGENT];
    expect(findAgent(agents, undefined).name).toBe('general-purpose');
    expect(findAgent(agents, 'explore').name).toBe('Explore');
    expect(() => findAgent(agents, 'wizard')).toThrow(/no agent type "wizard".*general-purpose, Explore/);
  });

  it("lists the agent types in the Agent tool's prompt and refuses unknown ones", async () => {
    const tool = createAgentTool({ agents: () => [{ name: 'reviewer', description: 'Reviews a change', tools: ['Read'] }] });
    const prompt = await tool.prompt({ tools: [], isNonInteractive: true });
    expect(prompt).toContain('- reviewer: Reviews a change (Tools: Read)');
    expect(tool.aliases).toContain('Task');
    const ctx = {} as never;
    expect(await tool.validateInput?.({ description: 'd', prompt: 'p', subagent_type: 'nope' }, ctx)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Available types: reviewer'),
    });
  });
});
