import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPermissionContext, type PermissionContextInputs } from '../../../src/bootstrap/permissionContext.js';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-perm-')));
  await mkdir(join(root, 'repo'));
  await mkdir(join(root, 'extra'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function inputs(extra: Partial<PermissionContextInputs> = {}): PermissionContextInputs {
  return {
    cwd: join(root, 'repo'),
    dangerouslySkipPermissions: false,
    settingsRules: [],
    allowedTools: [],
    disallowedTools: [],
    addDirs: [],
    settingsDirectories: [],
    ...extra,
  };
}

describe('buildPermissionContext', () => {
  it('picks the mode: skip-permissions, then the flag, then settings, then default', () => {
    expect(buildPermissionContext(inputs()).mode).toBe('default');
    expect(buildPermissionContext(inputs({ settingsDefaultMode: 'plan' })).mode).toBe('plan');
    expect(buildPermissionContext(inputs({ settingsDefaultMode: 'plan', flagMode: 'acceptEdits' })).mode).toBe('acceptEdits');
    expect(buildPermissionContext(inputs({ flagMode: 'plan', dangerouslySkipPermissions: true })).mode).toBe('bypassPermissions');
  });

  it('adds command-line rules after settings rules, tagged cliArg', () => {
    const context = buildPermissionContext(
      inputs({
        settingsRules: [{ toolName: 'Read', behavior: 'allow', source: 'userSettings' }],
        allowedTools: ['Bash(git log:*) Edit'],
        disallowedTools: ['Write'],
      }),
    );
    expect(context.rules).toEqual([
      { toolName: 'Read', behavior: 'allow', source: 'userSettings' },
      { toolName: 'Write', behavior: 'deny', source: 'cliArg' },
      { toolName: 'Bash', ruleContent: 'git log:*', behavior: 'allow', source: 'cliArg' },
      { toolName: 'Edit', behavior: 'allow', source: 'cliArg' },
    ]);
  });

  it('lists cwd first, then --add-dir, then settings directories, without duplicates', () => {
    const context = buildPermissionContext(
      inputs({ addDirs: ['../extra'], settingsDirectories: [join(root, 'extra'), join(root, 'gone')] }),
    );
    expect(context.workingDirectories).toEqual([join(root, 'repo'), join(root, 'extra')]);
  });

  it('rejects an --add-dir that does not exist', () => {
    expect(() => buildPermissionContext(inputs({ addDirs: ['nowhere'] }))).toThrow('--add-dir nowhere: no such directory');
  });
});
