import { describe, expect, it } from 'vitest';
import { HooksSettingsSchema, toHooksConfig } from '../../../src/hooks/config.js';
import { evaluateMatcher } from '../../../src/hooks/matcher.js';
import { parseHookStdout } from '../../../src/hooks/output.js';

describe('evaluateMatcher', () => {
  it.each([
    [undefined, 'Bash', true],
    ['', 'Bash', true],
    ['*', 'anything', true],
    ['Bash', 'Bash', true],
    ['Bash', 'BashOutput', false],
    ['Edit|Write', 'Write', true],
    ['Edit | Write', 'Write', true],
    ['Edit|Write', 'Read', false],
    ['mcp__memory__.*', 'mcp__memory__store', true],
    ['mcp__memory__.*', 'mcp__github__issue', false],
    ['Notebook.*', 'NotebookEdit', true],
    ['^Read$', 'ReadFile', false],
  ])('matcher %j against %s → %s', (matcher, query, expected) => {
    expect(evaluateMatcher(matcher, query).matches).toBe(expected);
  });

  it('never matches an invalid regex and explains why', () => {
    const verdict = evaluateMatcher('Bash(', 'Bash(');
    expect(verdict.matches).toBe(false);
    expect(verdict.error).toContain('Bash(');
  });
});

describe('hooks settings', () => {
  it('keeps unknown events and hook types in the schema but runs only command hooks on known events', () => {
    const raw = {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: './check.sh', timeout: 5, statusMessage: 'Checking' },
            { type: 'http', url: 'http://127.0.0.1:1/hook' },
          ],
        },
      ],
      FileChanged: [{ hooks: [{ type: 'command', command: 'true' }] }],
    };
    const parsed = HooksSettingsSchema().parse(raw);
    expect(parsed.FileChanged).toBeDefined();
    expect(toHooksConfig(parsed)).toEqual({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh', timeout: 5 }] }],
    });
  });

  it('rejects a command hook without a command', () => {
    const parsed = HooksSettingsSchema().safeParse({ Stop: [{ hooks: [{ type: 'command' }] }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['Stop', 0, 'hooks', 0, 'command']);
  });
});

describe('parseHookStdout', () => {
  it('tells plain text, JSON and broken JSON apart', () => {
    expect(parseHookStdout('  hello \n')).toEqual({ kind: 'plain', text: 'hello' });
    expect(parseHookStdout('{"continue":false}')).toEqual({ kind: 'json', output: { continue: false } });
    expect(parseHookStdout('{"continue":"no"}').kind).toBe('invalid');
    expect(parseHookStdout('{oops').kind).toBe('invalid');
  });
});
