import { describe, expect, it } from 'vitest';
import { parseGitStatus } from '../../../src/bootstrap/environment.js';
import { assembleSystemPrompt, type SystemPromptParts } from '../../../src/bootstrap/systemPrompt.js';
import type { AnyTool } from '../../../src/tools/Tool.js';

const fakeTool = (name: string) => ({ name, description: () => `${name} does things` }) as unknown as AnyTool;

const base: SystemPromptParts = {
  tools: [fakeTool('Read'), fakeTool('Frobnicate')],
  environment: { cwd: '/repo', platform: 'linux', date: '2026-01-02', git: { kind: 'repo', branch: 'main', changes: [' M a.ts'], moreChanges: 0 } },
  model: 'claude-opus-4-8',
  isNonInteractive: true,
  memory: '',
};

describe('assembleSystemPrompt', () => {
  it('puts identity, tool guidance and the environment in separate blocks', () => {
    const blocks = assembleSystemPrompt(base);
    expect(blocks[0]).toMatch(/^You are Pulse/);
    expect(blocks.join('\n')).toContain('nobody can answer questions');
    expect(blocks.join('\n')).toContain('Frobnicate: Frobnicate does things');
    const environment = blocks.find((block) => block.startsWith('<environment>'));
    expect(environment).toContain('Working directory: /repo');
    expect(environment).toContain('Current branch: main');
    expect(environment).toContain(' M a.ts');
  });

  it('lets --system-prompt replace the identity and appends --append-system-prompt last', () => {
    const blocks = assembleSystemPrompt({ ...base, customPrompt: 'You are a pirate.', appendPrompt: 'Say arr.', memory: 'MEMORY' });
    expect(blocks[0]).toBe('You are a pirate.');
    expect(blocks.join('\n')).not.toContain('You are Pulse');
    expect(blocks.at(-2)).toBe('MEMORY');
    expect(blocks.at(-1)).toBe('Say arr.');
  });
});

describe('parseGitStatus', () => {
  it('reads the branch and caps the change list', () => {
    const changes = Array.from({ length: 25 }, (_, index) => `?? file${index}`);
    const info = parseGitStatus(['## No commits yet on trunk', ...changes].join('\n'));
    expect(info).toMatchObject({ kind: 'repo', branch: 'trunk', moreChanges: 5 });
    expect(info.kind === 'repo' && info.changes).toHaveLength(20);
  });

  it('reads a tracking branch header', () => {
    expect(parseGitStatus('## main...origin/main [ahead 1]\n')).toMatchObject({ branch: 'main', changes: [] });
  });
});
