import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSettings, rulesFromSettings, saveLocalRule } from '../../../src/bootstrap/settings/index.js';
import { makeSettingsSandbox, type SettingsSandbox } from './sandbox.js';

let box: SettingsSandbox;
beforeEach(() => {
  box = makeSettingsSandbox();
});
afterEach(() => box.restore());

const localFile = () => join(box.project, '.claude', 'settings.local.json');
const readLocal = () => JSON.parse(readFileSync(localFile(), 'utf8'));

describe('saveLocalRule', () => {
  it('creates .claude/settings.local.json when missing', async () => {
    await saveLocalRule(box.project, { toolName: 'Bash', ruleContent: 'npm test:*' }, 'allow');
    expect(readLocal()).toEqual({ permissions: { allow: ['Bash(npm test:*)'] } });
    const { bySource } = loadSettings({ cwd: box.project });
    expect(rulesFromSettings(bySource, box.project)).toEqual([
      { toolName: 'Bash', ruleContent: 'npm test:*', behavior: 'allow', source: 'localSettings' },
    ]);
  });

  it('keeps other keys and existing rules, and does not add a rule twice', async () => {
    box.write(localFile(), { model: 'keep-me', custom: [1, 2], permissions: { allow: ['Read'], defaultMode: 'plan' } });
    await saveLocalRule(box.project, { toolName: 'Bash', ruleContent: 'make' }, 'allow');
    await saveLocalRule(box.project, { toolName: 'Bash', ruleContent: 'make' }, 'allow');
    await saveLocalRule(box.project, { toolName: 'WebFetch' }, 'deny');
    expect(readLocal()).toEqual({
      model: 'keep-me',
      custom: [1, 2],
      permissions: { allow: ['Read', 'Bash(make)'], defaultMode: 'plan', deny: ['WebFetch'] },
    });
  });

  it('keeps every rule when several are saved at once, and leaves no temp files behind', async () => {
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => saveLocalRule(box.project, { toolName: 'Bash', ruleContent: `echo ${name}` }, 'allow')),
    );
    expect(readLocal().permissions.allow.sort()).toEqual(['Bash(echo a)', 'Bash(echo b)', 'Bash(echo c)', 'Bash(echo d)']);
    expect(readdirSync(join(box.project, '.claude'))).toEqual(['settings.local.json']);
  });

  it('refuses to overwrite a file that is not valid JSON', async () => {
    box.write(localFile(), '{ "half": ');
    await expect(saveLocalRule(box.project, { toolName: 'Read' }, 'allow')).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(localFile(), 'utf8')).toBe('{ "half": ');
    expect(readdirSync(join(box.project, '.claude'))).toEqual(['settings.local.json']);
  });
});
