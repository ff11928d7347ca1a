import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLAN_MODE_MESSAGE, resolvePermission } from '../../../src/permissions/resolve.js';
import type { PermissionMode } from '../../../src/types/permissions.js';
import { buildRules, fakeContext, fakeTool, tools, type RuleSpec } from './fakes.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-modes-')));
const project = join(root, 'project');
const outside = join(root, 'outside');
mkdirSync(join(project, 'src'), { recursive: true });
mkdirSync(outside);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function decide(
  tool: keyof typeof tools,
  input: Record<string, unknown>,
  mode: PermissionMode,
  spec: RuleSpec = {},
) {
  return resolvePermission(tools[tool], input, fakeContext({ cwd: project, mode, rules: buildRules(spec) }));
}
const inside = join(project, 'src', 'a.ts');

describe('plan mode', () => {
  it('refuses edits, writes and commands that change things, with a clear message', async () => {
    for (const [tool, input] of [
      ['Edit', { file_path: inside }],
      ['Write', { file_path: inside }],
      ['Bash', { command: 'npm install' }],
      ['Bash', { command: 'ls > out.txt' }],
    ] as const) {
      const decision = await decide(tool, input, 'plan', { allow: ['Edit', 'Write', 'Bash'] });
      expect(decision).toEqual({ behavior: 'deny', message: PLAN_MODE_MESSAGE, reason: 'mode' });
    }
  });

  it('allows reading and read-only commands', async () => {
    expect((await decide('Read', { file_path: inside }, 'plan')).behavior).toBe('allow');
    expect((await decide('Bash', { command: 'git status' }, 'plan')).behavior).toBe('allow');
    expect((await decide('Grep', {}, 'plan')).behavior).toBe('allow');
  });

  it('still lets deny rules win', async () => {
    expect((await decide('Bash', { command: 'git status' }, 'plan', { deny: ['Bash(git:*)'] })).behavior).toBe('deny');
  });
});

describe('acceptEdits mode', () => {
  it('accepts edits inside the working directories and asks outside them', async () => {
    expect((await decide('Edit', { file_path: inside }, 'acceptEdits')).behavior).toBe('allow');
    expect((await decide('Write', { file_path: join(project, 'new.txt') }, 'acceptEdits')).behavior).toBe('allow');
    expect((await decide('Edit', { file_path: join(outside, 'x.ts') }, 'acceptEdits')).behavior).toBe('ask');
    expect((await decide('Edit', { file_path: join(project, '..', 'outside', 'x.ts') }, 'acceptEdits')).behavior).toBe('ask');
  });

  it('asks for protected paths', async () => {
    expect((await decide('Edit', { file_path: join(project, '.git', 'config') }, 'acceptEdits')).behavior).toBe('ask');
  });

  it.each([
    ['mkdir -p build/out', 'allow'],
    ['touch a.txt && cp a.txt b.txt && mv b.txt c.txt', 'allow'],
    ['mkdir x && ls', 'allow'],
    ['echo hi > notes.txt', 'allow'],
    ['rm a.txt', 'ask'],
    ['cp a.txt ../outside/', 'ask'],
    ['mv a.txt /tmp/a.txt', 'ask'],
    ['cp -t/tmp a.txt', 'ask'],
    ['cp --target-directory=/tmp a.txt', 'ask'],
    ['touch .git/hooks/pre-commit', 'ask'],
    ['touch ~/.bashrc', 'ask'],
    ['mkdir $DIR', 'ask'],
    ['touch $(id)', 'ask'],
    ['touch a && npm install', 'ask'],
    ['cp .* backup/', 'ask'],
  ])('%j → %s', async (command, expected) => {
    expect((await decide('Bash', { command }, 'acceptEdits')).behavior).toBe(expected);
  });
});

describe('bypassPermissions mode', () => {
  it('allows everything except protected paths and deny or ask rules', async () => {
    expect((await decide('Bash', { command: 'rm -rf build && curl x | sh' }, 'bypassPermissions')).behavior).toBe('allow');
    expect((await decide('Edit', { file_path: join(outside, 'x') }, 'bypassPermissions')).behavior).toBe('allow');
    expect((await decide('WebFetch', { url: 'https://example.com' }, 'bypassPermissions')).behavior).toBe('allow');
    expect((await decide('Write', { file_path: join(project, '.vscode', 'settings.json') }, 'bypassPermissions')).behavior).toBe('ask');
    expect((await decide('Bash', { command: 'rm x' }, 'bypassPermissions', { deny: ['Bash(rm:*)'] })).behavior).toBe('deny');
    expect((await decide('Read', { file_path: inside }, 'bypassPermissions', { deny: ['Read'] })).behavior).toBe('deny');
  });
});

describe('dontAsk mode', () => {
  it('turns every question into a refusal and keeps pre-approved calls', async () => {
    expect((await decide('Bash', { command: 'npm test' }, 'dontAsk')).behavior).toBe('deny');
    expect((await decide('Edit', { file_path: inside }, 'dontAsk')).behavior).toBe('deny');
    expect((await decide('Edit', { file_path: join(project, '.git', 'config') }, 'dontAsk', { allow: ['Edit'] })).behavior).toBe('deny');
    expect((await decide('Bash', { command: 'npm test' }, 'dontAsk', { allow: ['Bash(npm test:*)'] })).behavior).toBe('allow');
    expect((await decide('Bash', { command: 'git status' }, 'dontAsk')).behavior).toBe('allow');
  });
});

describe('the tool has its say', () => {
  it('a tool deny wins over an allow rule and bypass mode', async () => {
    const refusing = fakeTool('Custom', { readOnly: () => true, decision: { behavior: 'deny', message: 'nope' } });
    const ctx = fakeContext({ cwd: project, mode: 'bypassPermissions', rules: buildRules({ allow: ['Custom'] }) });
    expect(await resolvePermission(refusing, {}, ctx)).toEqual({ behavior: 'deny', message: 'nope' });
  });

  it('a tool ask stays an ask even with an allow rule', async () => {
    const asking = fakeTool('Custom', { readOnly: () => false, decision: { behavior: 'ask', message: 'sure?' } });
    const ctx = fakeContext({ cwd: project, rules: buildRules({ allow: ['Custom'] }) });
    expect((await resolvePermission(asking, {}, ctx)).behavior).toBe('ask');
  });

  it('a tool allow passes its rewritten input through, but not past a deny rule', async () => {
    const rewriting = fakeTool('Custom', { readOnly: () => false, decision: { behavior: 'allow', updatedInput: { x: 2 } } });
    const allowed = await resolvePermission(rewriting, { x: 1 }, fakeContext({ cwd: project }));
    expect(allowed).toMatchObject({ behavior: 'allow', updatedInput: { x: 2 } });
    const denied = await resolvePermission(rewriting, {}, fakeContext({ cwd: project, rules: buildRules({ deny: ['Custom'] }) }));
    expect(denied.behavior).toBe('deny');
  });
});

describe('WebFetch and MCP rules', () => {
  const fetchDecision = async (url: string, spec: RuleSpec) => (await decide('WebFetch', { url, prompt: 'x' }, 'default', spec)).behavior;

  it('matches domains exactly for allow and with subdomains for deny', async () => {
    expect(await fetchDecision('https://example.com/a', { allow: ['WebFetch(domain:example.com)'] })).toBe('allow');
    expect(await fetchDecision('https://evil.example.com/a', { allow: ['WebFetch(domain:example.com)'] })).toBe('ask');
    expect(await fetchDecision('https://api.example.com/a', { allow: ['WebFetch(domain:*.example.com)'] })).toBe('allow');
    expect(await fetchDecision('https://api.example.com/a', { deny: ['WebFetch(domain:example.com)'], allow: ['WebFetch'] })).toBe('deny');
    expect(await fetchDecision('https://example.org/', {})).toBe('ask');
  });

  it('suggests a domain rule', async () => {
    const decision = await decide('WebFetch', { url: 'https://docs.example.com/x' }, 'default');
    expect(decision).toMatchObject({ suggestions: [{ rules: [{ toolName: 'WebFetch', ruleContent: 'domain:docs.example.com' }] }] });
  });

  it('matches server-wide, exact and wildcard MCP rules', async () => {
    const mcp = async (tool: 'McpRead' | 'McpWrite', spec: RuleSpec) => (await decide(tool, {}, 'default', spec)).behavior;
    expect(await mcp('McpRead', { allow: ['mcp__github'] })).toBe('allow');
    expect(await mcp('McpRead', { allow: ['mcp__github__*'] })).toBe('allow');
    expect(await mcp('McpRead', { allow: ['mcp__github__get_issue'] })).toBe('allow');
    expect(await mcp('McpWrite', { allow: ['mcp__github__get_issue'] })).toBe('ask');
    expect(await mcp('McpRead', { allow: ['mcp__*'] })).toBe('ask');
    expect(await mcp('McpRead', { allow: ['mcp__git'] })).toBe('ask');
    expect(await mcp('McpWrite', { allow: ['mcp__github'], deny: ['mcp__*__create_*'] })).toBe('deny');
    expect(await mcp('McpRead', { allow: ['mcp__github'], ask: ['mcp__github__get_issue'] })).toBe('ask');
  });
});
