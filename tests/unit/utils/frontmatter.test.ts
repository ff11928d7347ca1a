// The frontmatter reader: strict YAML first, then the lenient reading published files need
// (unquoted ": ", <example> blocks, multi-line descriptions), byte-order marks and CRLF, and
// never any code run from a file.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrontmatterError, parseFrontmatter, splitFrontmatter } from '../../../src/utils/frontmatter.js';

describe('parseFrontmatter', () => {
  it('reads strict YAML as YAML and keeps keys it does not know', () => {
    const parsed = parseFrontmatter('---\nname: a\ntools: [Read, Grep]\nx-custom: 3\n---\nBody\n');
    expect(parsed).toEqual({ data: { name: 'a', tools: ['Read', 'Grep'], 'x-custom': 3 }, body: 'Body\n', lenient: false });
  });

  it.each([
    ['an unquoted ": " in a value', 'description: Use it when: the tests fail\nmodel: haiku', { description: 'Use it when: the tests fail', model: 'haiku' }],
    [
      'an inline <example> with "user:" inside',
      'name: x\ndescription: Examples: <example>user: "hi"</example>',
      { name: 'x', description: 'Examples: <example>user: "hi"</example>' },
    ],
    [
      'a [ that opens no list',
      'description: [draft] reviews things\ncolor: red',
      { description: '[draft] reviews things', color: 'red' },
    ],
  ])('reads a single-line value with %s as text', (_name, yaml, expected) => {
    const parsed = parseFrontmatter(`---\n${yaml}\n---\nBody`);
    expect(parsed.data).toEqual(expected);
    expect(parsed.lenient).toBe(true);
  });

  it('reads a description that runs over <example> blocks with user:/assistant: lines', () => {
    const yaml = [
      'name: tidy',
      'description: Use this agent to tidy imports. Examples:',
      '',
      '<example>',
      'Context: a refactor just ended',
      'user: "clean up"',
      'assistant: "I\'ll use the tidy agent."',
      '</example>',
      '',
      'model: haiku',
      'tools: ["Read", "Edit"]',
    ].join('\n');
    const parsed = parseFrontmatter(`---\n${yaml}\n---\n\nYou tidy.\n`);
    expect(parsed.lenient).toBe(true);
    expect(parsed.data.name).toBe('tidy');
    expect(parsed.data.model).toBe('haiku');
    expect(parsed.data.tools).toEqual(['Read', 'Edit']);
    expect(parsed.data.description).toBe(
      'Use this agent to tidy imports. Examples:\n\n<example>\nContext: a refactor just ended\nuser: "clean up"\nassistant: "I\'ll use the tidy agent."\n</example>',
    );
    expect(parsed.body.trim()).toBe('You tidy.');
  });

  it('ignores a byte-order mark and reads CRLF files', () => {
    expect(parseFrontmatter('\uFEFF---\nname: bom\n---\nBody').data).toEqual({ name: 'bom' });
    const crlf = parseFrontmatter('---\r\nname: crlf\r\ndescription: d\r\n---\r\nBody\r\n');
    expect(crlf.data).toEqual({ name: 'crlf', description: 'd' });
    expect(crlf.body).toBe('Body\r\n');
  });

  it('treats text without a closed fence as all body', () => {
    expect(parseFrontmatter('Just a prompt\n')).toEqual({ data: {}, body: 'Just a prompt\n', lenient: false });
    expect(parseFrontmatter('---\nname: a\nno closing fence')).toEqual({ data: {}, body: '---\nname: a\nno closing fence', lenient: false });
    expect(parseFrontmatter('---\n---\nBody').data).toEqual({});
    expect(splitFrontmatter('\uFEFF---\na: 1\n---\nrest')).toEqual({ yaml: 'a: 1', body: 'rest' });
  });

  it('says in one line why a block that is not fields cannot be read', () => {
    expect(() => parseFrontmatter('---\n[unclosed, list\n---\nBody')).toThrow(FrontmatterError);
    expect(() => parseFrontmatter('---\n- just\n- a list\n---\nBody')).toThrow(/^the frontmatter is not valid YAML \([^\n]+\)$/);
  });

  it('never runs code: no JavaScript frontmatter, no JavaScript YAML types', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pulse-frontmatter-'));
    try {
      const marker = join(dir, 'ran');
      const js = `---js\n{ name: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 'a') }\n---\nBody`;
      expect(parseFrontmatter(js).data).toEqual({});
      const tagged = `---\nname: !!js/function "function () { require('fs').writeFileSync(${JSON.stringify(marker)}, 'x') }"\n---\nBody`;
      const parsed = parseFrontmatter(tagged);
      expect(typeof parsed.data.name).toBe('string');
      expect(existsSync(marker)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
