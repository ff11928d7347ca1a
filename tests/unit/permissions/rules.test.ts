import { describe, expect, it } from 'vitest';
import {
  formatRule,
  parseRuleString,
  rulesFromCliFlags,
  rulesFromSettings,
  splitToolList,
} from '../../../src/permissions/rules.js';
import { compileBashPattern } from '../../../src/permissions/bash/pattern.js';
import { applyPermissionUpdate, permissionModeFromFlags } from '../../../src/permissions/resolve.js';
import type { ToolPermissionContext } from '../../../src/types/permissions.js';

describe('parseRuleString / formatRule', () => {
  it.each([
    ['Bash', { toolName: 'Bash' }],
    ['Bash(*)', { toolName: 'Bash' }],
    ['Bash()', { toolName: 'Bash' }],
    ['Bash(npm test:*)', { toolName: 'Bash', ruleContent: 'npm test:*' }],
    ['Read(./secrets/**)', { toolName: 'Read', ruleContent: './secrets/**' }],
    ['Bash(echo \\(hi\\))', { toolName: 'Bash', ruleContent: 'echo (hi)' }],
    ['Bash(python -c "print(1)")', { toolName: 'Bash', ruleContent: 'python -c "print(1)"' }],
    ['WebFetch(domain:example.com)', { toolName: 'WebFetch', ruleContent: 'domain:example.com' }],
    ['mcp__github__get_issue', { toolName: 'mcp__github__get_issue' }],
    ['  Edit  ', { toolName: 'Edit' }],
  ])('%s parses', (text, expected) => {
    expect(parseRuleString(text)).toEqual(expected);
  });

  it('round-trips content with parentheses and backslashes', () => {
    for (const ruleContent of ['echo (hi)', 'a\\b', 'printf "\\(x\\)"', 'npm test:*']) {
      const rule = { toolName: 'Bash', ruleContent };
      expect(parseRuleString(formatRule(rule))).toEqual(rule);
    }
    expect(formatRule({ toolName: 'Bash', ruleContent: 'echo (hi)' })).toBe('Bash(echo \\(hi\\))');
    expect(formatRule({ toolName: 'Edit' })).toBe('Edit');
  });
});

describe('rule lists', () => {
  it('splits flag lists on commas and spaces outside parentheses', () => {
    expect(splitToolList('Bash(git log:*) Edit')).toEqual(['Bash(git log:*)', 'Edit']);
    expect(splitToolList('Bash,Edit, Read')).toEqual(['Bash', 'Edit', 'Read']);
    expect(splitToolList(['Bash(npm run test *),Read(./a b/**)', 'Write'])).toEqual([
      'Bash(npm run test *)',
      'Read(./a b/**)',
      'Write',
    ]);
  });

  it('builds cliArg rules from --allowedTools and --disallowedTools', () => {
    expect(rulesFromCliFlags({ allowedTools: 'Bash(git log:*) Edit', disallowedTools: ['WebFetch'] })).toEqual([
      { toolName: 'WebFetch', behavior: 'deny', source: 'cliArg' },
      { toolName: 'Bash', ruleContent: 'git log:*', behavior: 'allow', source: 'cliArg' },
      { toolName: 'Edit', behavior: 'allow', source: 'cliArg' },
    ]);
  });

  it('builds rules from a settings permissions block and rejects bad shapes', () => {
    expect(rulesFromSettings({ allow: ['Read'], deny: ['Bash(rm:*)'], ask: ['Bash(git push:*)'] }, 'projectSettings')).toEqual([
      { toolName: 'Bash', ruleContent: 'rm:*', behavior: 'deny', source: 'projectSettings' },
      { toolName: 'Bash', ruleContent: 'git push:*', behavior: 'ask', source: 'projectSettings' },
      { toolName: 'Read', behavior: 'allow', source: 'projectSettings' },
    ]);
    expect(rulesFromSettings(undefined, 'userSettings')).toEqual([]);
    expect(() => rulesFromSettings({ allow: 'Bash' }, 'userSettings')).toThrow();
  });
});

describe('compileBashPattern', () => {
  it.each([
    ['npm test:*', 'npm test', true],
    ['npm test:*', 'npm test -- x', true],
    ['npm test:*', 'npm testx', false],
    ['ls *', 'ls', true],
    ['ls *', 'ls -la', true],
    ['ls *', 'lsof', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git push origin main2', false],
    ['* install', 'pip install', true],
    ['echo \\*', 'echo *', true],
    ['echo \\*', 'echo x', false],
    ['npm run build', 'npm run build', true],
    ['npm run build', 'npm run build2', false],
    ['a.b', 'axb', false],
  ])('%s vs %s → %s', (specifier, command, expected) => {
    expect(compileBashPattern(specifier).regex.test(command)).toBe(expected);
  });
});

describe('updates and flags', () => {
  const base: ToolPermissionContext = { mode: 'default', rules: [], workingDirectories: ['/p'] };

  it('adds rules with the destination as their source, without touching the original', () => {
    const next = applyPermissionUpdate(base, {
      type: 'addRules',
      rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }],
      behavior: 'allow',
      destination: 'localSettings',
    });
    expect(next.rules).toEqual([{ toolName: 'Bash', ruleContent: 'npm test *', behavior: 'allow', source: 'localSettings' }]);
    expect(base.rules).toEqual([]);
  });

  it('remembers the mode before plan and adds directories once', () => {
    const planned = applyPermissionUpdate({ ...base, mode: 'acceptEdits' }, { type: 'setMode', mode: 'plan', destination: 'session' });
    expect(planned).toMatchObject({ mode: 'plan', prePlanMode: 'acceptEdits' });
    const left = applyPermissionUpdate(planned, { type: 'setMode', mode: 'acceptEdits', destination: 'session' });
    expect(left.prePlanMode).toBeUndefined();
    const dirs = applyPermissionUpdate(base, { type: 'addDirectories', directories: ['/p', '/q'], destination: 'session' });
    expect(dirs.workingDirectories).toEqual(['/p', '/q']);
  });

  it('reads the mode from flags', () => {
    expect(permissionModeFromFlags({})).toBe('default');
    expect(permissionModeFromFlags({ permissionMode: 'plan' })).toBe('plan');
    expect(permissionModeFromFlags({ permissionMode: 'manual' })).toBe('default');
    expect(permissionModeFromFlags({ permissionMode: 'plan', dangerouslySkipPermissions: true })).toBe('bypassPermissions');
    expect(() => permissionModeFromFlags({ permissionMode: 'yolo' })).toThrow(/Unknown permission mode "yolo"/);
  });
});
