import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rulesFromSettings } from '../../../src/bootstrap/settings/index.js';
import { formatRule, parseRuleString } from '../../../src/permissions/rules.js';
import { makeSettingsSandbox, type SettingsSandbox } from './sandbox.js';

describe('parseRuleString', () => {
  it.each([
    ['Bash', { toolName: 'Bash' }],
    ['Bash(*)', { toolName: 'Bash' }],
    ['Bash()', { toolName: 'Bash' }],
    ['Bash(npm run test:*)', { toolName: 'Bash', ruleContent: 'npm run test:*' }],
    ['WebFetch(domain:example.com)', { toolName: 'WebFetch', ruleContent: 'domain:example.com' }],
    ['mcp__github__*', { toolName: 'mcp__github__*' }],
    ['Bash(python -c "print\\(1\\)")', { toolName: 'Bash', ruleContent: 'python -c "print(1)"' }],
    ['Bash(echo (hi))', { toolName: 'Bash', ruleContent: 'echo (hi)' }],
  ])('%s', (text, expected) => {
    expect(parseRuleString(text)).toEqual(expected);
  });

  it.each(['', 'Bash(', '(x)', 'Bash(x\\)', 'Bash)'])('rejects %j', (text) => {
    expect(parseRuleString(text)).toBeUndefined();
  });

  it('round-trips through formatRule', () => {
    for (const value of [{ toolName: 'Read' }, { toolName: 'Bash', ruleContent: 'node -e "f(1)" \\ x' }]) {
      expect(parseRuleString(formatRule(value))).toEqual(value);
    }
  });
});

describe('rulesFromSettings path anchoring', () => {
  let box: SettingsSandbox;
  beforeEach(() => {
    box = makeSettingsSandbox();
  });
  afterEach(() => box.restore());

  it('anchors /path rules to the project root or the user config dir, leaving others alone', () => {
    const rules = rulesFromSettings(
      {
        projectSettings: { permissions: { deny: ['Edit(/src/**/*.ts)', 'Read(//etc/passwd)', 'Read(./.env)', 'Bash(/bin/ls)'] } },
        userSettings: { permissions: { allow: ['Read(/notes/**)'] } },
      },
      box.project,
    );
    expect(rules.map((rule) => `${rule.source}:${rule.toolName}:${rule.ruleContent}`)).toEqual([
      `userSettings:Read:/${join(box.claudeDir, 'notes/**')}`,
      `projectSettings:Edit:/${join(box.project, 'src/**/*.ts')}`,
      'projectSettings:Read://etc/passwd',
      'projectSettings:Read:./.env',
      'projectSettings:Bash:/bin/ls',
    ]);
  });

  it('orders deny before ask before allow within a source and skips malformed rules', () => {
    const rules = rulesFromSettings(
      { localSettings: { permissions: { allow: ['Glob', 'Bash('], ask: ['Write'], deny: ['WebSearch'] } } },
      box.project,
    );
    expect(rules.map((rule) => `${rule.behavior}:${rule.toolName}`)).toEqual(['deny:WebSearch', 'ask:Write', 'allow:Glob']);
  });
});
