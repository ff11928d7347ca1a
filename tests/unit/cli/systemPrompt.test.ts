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

describe('assembleSystemPrompt with an output style', () => {
  const style = (keepCodingInstructions: boolean) => ({
    name: 'Analyst',
    description: 'd',
    prompt: 'Lead with a table.',
    keepCodingInstructions,
    source: 'project' as const,
  });

  it('drops the brevity and coding instructions for a custom style and adds the style after memory', () => {
    const plain = assembleSystemPrompt(base).join('\n');
    expect(plain).toContain('Be concise.');
    expect(plain).toContain('Read a file before you change it.');
    const blocks = assembleSystemPrompt({ ...base, memory: 'MEMORY', appendPrompt: 'APPENDED', outputStyle: style(false) });
    const text = blocks.join('\n');
    expect(text).not.toContain('Be concise.');
    expect(text).not.toContain('Read a file before you change it.');
    expect(text).not.toContain('help with software engineering');
    expect(text).toContain('Ask before destructive');
    expect(blocks.at(-2)).toMatch(/^# Output style: Analyst\nLead with a table\.\n\nThe Analyst output style is in effect/);
    expect(blocks.at(-3)).toBe('MEMORY');
    expect(blocks.at(-1)).toBe('APPENDED');
  });

  it('keeps the coding instructions when the style asks to', () => {
    const text = assembleSystemPrompt({ ...base, outputStyle: style(true) }).join('\n');
    expect(text).toContain('Read a file before you change it.');
    expect(text).not.toContain('Be concise.');
  });

  it('still adds the style under --system-prompt', () => {
    const blocks = assembleSystemPrompt({ ...base, customPrompt: 'You are a pirate.', outputStyle: style(false) });
    expect(blocks[0]).toBe('You are a pirate.');
    expect(blocks.at(-1)).toContain('# Output style: Analyst');
  });
});
