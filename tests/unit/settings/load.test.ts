import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectRoot, hooksConfigFromSettings, loadSettings, rulesFromSettings } from '../../../src/bootstrap/settings/index.js';
import { makeSettingsSandbox, type SettingsSandbox } from './sandbox.js';

let box: SettingsSandbox;
beforeEach(() => {
  box = makeSettingsSandbox();
});
afterEach(() => box.restore());

const userFile = () => join(box.claudeDir, 'settings.json');
const projectFile = () => join(box.project, '.claude', 'settings.json');
const localFile = () => join(box.project, '.claude', 'settings.local.json');

function writeAllFive(): string {
  box.write(userFile(), {
    model: 'user-model',
    fallbackModel: 'user-fallback',
    cleanupPeriodDays: 10,
    outputStyle: 'user-style',
    includeCoAuthoredBy: true,
    env: { SHARED: 'user', USER_ONLY: 'u' },
    permissions: { allow: ['Read'], defaultMode: 'plan' },
    hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo user' }] }] },
  });
  box.write(projectFile(), {
    model: 'project-model',
    fallbackModel: 'project-fallback',
    cleanupPeriodDays: 20,
    outputStyle: 'project-style',
    env: { SHARED: 'project' },
    permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(./.env)'], defaultMode: 'acceptEdits' },
    hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo project' }] }] },
  });
  box.write(localFile(), {
    model: 'local-model',
    fallbackModel: 'local-fallback',
    cleanupPeriodDays: 30,
    env: { SHARED: 'local' },
    permissions: { ask: ['Bash(git push:*)'] },
  });
  box.write(box.managedPath, {
    model: 'managed-model',
    permissions: { deny: ['WebFetch'], disableBypassPermissionsMode: 'disable' },
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo managed' }] }] },
  });
  return JSON.stringify({ model: 'flag-model', fallbackModel: 'flag-fallback', env: { SHARED: 'flag' }, permissions: { allow: ['Glob'] } });
}

describe('loadSettings precedence', () => {
  it('merges scalars key by key: managed > flag > local > project > user', () => {
    const flag = writeAllFive();
    const { merged, errors } = loadSettings({ cwd: box.project, flagSettings: flag });
    expect(errors).toEqual([]);
    expect(merged.model).toBe('managed-model');
    expect(merged.fallbackModel).toBe('flag-fallback');
    expect(merged.cleanupPeriodDays).toBe(30);
    expect(merged.outputStyle).toBe('project-style');
    expect(merged.includeCoAuthoredBy).toBe(true);
    expect(merged.env).toEqual({ SHARED: 'flag', USER_ONLY: 'u' });
    expect(merged.permissions?.defaultMode).toBe('acceptEdits');
    expect(merged.permissions?.disableBypassPermissionsMode).toBe('disable');
  });

  it('concatenates permission rules and hooks from every source', () => {
    const flag = writeAllFive();
    const { merged } = loadSettings({ cwd: box.project, flagSettings: flag });
    expect(merged.permissions?.allow).toEqual(['Read', 'Bash(npm test:*)', 'Glob']);
    expect(merged.permissions?.deny).toEqual(['Read(./.env)', 'WebFetch']);
    expect(merged.permissions?.ask).toEqual(['Bash(git push:*)']);
    expect(merged.hooks?.Stop?.map((group) => group.hooks[0]?.command)).toEqual(['echo user', 'echo project']);
    expect(merged.hooks?.PreToolUse?.[0]?.matcher).toBe('Bash');
  });

  it('tags each rule with the source it came from', () => {
    const flag = writeAllFive();
    const { bySource, projectRoot } = loadSettings({ cwd: box.project, flagSettings: flag });
    const rules = rulesFromSettings(bySource, projectRoot);
    expect(rules).toEqual(
      expect.arrayContaining([
        { toolName: 'Read', behavior: 'allow', source: 'userSettings' },
        { toolName: 'Bash', ruleContent: 'npm test:*', behavior: 'allow', source: 'projectSettings' },
        { toolName: 'Read', ruleContent: './.env', behavior: 'deny', source: 'projectSettings' },
        { toolName: 'Bash', ruleContent: 'git push:*', behavior: 'ask', source: 'localSettings' },
        { toolName: 'Glob', behavior: 'allow', source: 'flagSettings' },
        { toolName: 'WebFetch', behavior: 'deny', source: 'policySettings' },
      ]),
    );
    expect(rules).toHaveLength(6);
  });

  it('finds the project from a subdirectory and reads its files', () => {
    box.write(projectFile(), { model: 'from-project' });
    const deep = join(box.project, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    const loaded = loadSettings({ cwd: deep });
    expect(loaded.projectRoot).toBe(box.project);
    expect(loaded.merged.model).toBe('from-project');
  });

  it('reads only the sources asked for, but always flag and managed', () => {
    const flag = writeAllFive();
    const { bySource } = loadSettings({ cwd: box.project, flagSettings: flag, sources: ['projectSettings'] });
    expect(Object.keys(bySource).sort()).toEqual(['flagSettings', 'policySettings', 'projectSettings']);
  });

  it('treats missing files as absent, not as errors', () => {
    const loaded = loadSettings({ cwd: box.project });
    expect(loaded.errors).toEqual([]);
    expect(loaded.bySource).toEqual({});
    expect(loaded.merged).toEqual({});
  });

  it('keeps keys it does not know', () => {
    box.write(projectFile(), { futureFeature: { on: true }, permissions: { allow: ['Read'], newPermissionKey: 1 } });
    const { merged, errors } = loadSettings({ cwd: box.project });
    expect(errors).toEqual([]);
    expect(merged).toMatchObject({ futureFeature: { on: true }, permissions: { newPermissionKey: 1 } });
  });

  it('reads a file saved with a UTF-8 byte-order mark', () => {
    mkdirSync(join(box.project, '.claude'), { recursive: true });
    writeFileSync(projectFile(), `\uFEFF${JSON.stringify({ model: 'haiku' })}`);
    const { merged, errors } = loadSettings({ cwd: box.project });
    expect(errors).toEqual([]);
    expect(merged.model).toBe('haiku');
  });
});

describe('broken settings files', () => {
  it('reports a schema violation in one line naming file and field, and loads the rest', () => {
    box.write(userFile(), { model: 'user-model' });
    box.write(projectFile(), { model: 'ignored', permissions: { allow: 'Bash' } });
    const { merged, errors, bySource } = loadSettings({ cwd: box.project });
    expect(errors).toEqual([
      { file: projectFile(), source: 'projectSettings', message: '.claude/settings.json: permissions.allow must be an array of strings' },
    ]);
    expect(bySource.projectSettings).toBeUndefined();
    expect(merged.model).toBe('user-model');
  });

  it('reports invalid JSON in one line', () => {
    box.write(localFile(), '{ "model": ');
    const { errors } = loadSettings({ cwd: box.project });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^\.claude\/settings\.local\.json: is not valid JSON \(.+\)$/);
    expect(errors[0]?.message).not.toContain('\n');
  });

  it('names nested fields with indices and the user file with ~', () => {
    box.write(userFile(), { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 'soon' }] }] } });
    const { errors } = loadSettings({ cwd: box.project });
    expect(errors[0]?.message).toBe('~/.claude/settings.json: hooks.Stop[0].hooks[0].timeout must be a number');
  });

  it('describes enum and type problems plainly', () => {
    box.write(projectFile(), { permissions: { defaultMode: 'yolo' }, cleanupPeriodDays: 'week' });
    const { errors } = loadSettings({ cwd: box.project });
    expect(errors[0]?.message).toMatch(
      /^\.claude\/settings\.json: permissions\.defaultMode must be one of "default", .* \(and 1 more problem\)$/,
    );
  });

  it('rejects a file that is not a JSON object', () => {
    box.write(projectFile(), '[1, 2]');
    expect(loadSettings({ cwd: box.project }).errors[0]?.message).toBe('.claude/settings.json: must contain a JSON object');
  });
});

describe('--settings', () => {
  it('accepts inline JSON', () => {
    const { merged, bySource } = loadSettings({ cwd: box.project, flagSettings: ' {"model":"inline"}' });
    expect(merged.model).toBe('inline');
    expect(bySource.flagSettings).toEqual({ model: 'inline' });
  });

  it('accepts a path relative to cwd', () => {
    box.write(join(box.project, 'extra.json'), { model: 'from-file' });
    const { merged } = loadSettings({ cwd: box.project, flagSettings: 'extra.json' });
    expect(merged.model).toBe('from-file');
  });

  it('reports a missing file and broken inline JSON', () => {
    expect(loadSettings({ cwd: box.project, flagSettings: 'nope.json' }).errors[0]?.message).toBe(
      '--settings nope.json: file not found',
    );
    const broken = loadSettings({ cwd: box.project, flagSettings: '{"model": 3}' });
    expect(broken.errors[0]).toMatchObject({ file: '--settings', message: '--settings: model must be a string' });
  });
});

describe('findProjectRoot', () => {
  it('returns the nearest ancestor with .git, else cwd itself', () => {
    const nested = join(box.project, 'a', 'b');
    mkdirSync(nested, { recursive: true });
    expect(findProjectRoot(nested)).toBe(box.project);
    const outside = join(box.root, 'loose');
    mkdirSync(outside);
    expect(findProjectRoot(outside)).toBe(outside);
  });
});

describe('hooksConfigFromSettings', () => {
  it('keeps runnable command hooks and honours disableAllHooks', () => {
    const hooks = { Stop: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] };
    expect(hooksConfigFromSettings({ hooks })).toEqual({ Stop: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] });
    expect(hooksConfigFromSettings({ hooks, disableAllHooks: true })).toEqual({});
  });
});
