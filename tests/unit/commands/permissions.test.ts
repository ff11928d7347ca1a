import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPermissionUpdater } from '../../../src/bootstrap/permissionUpdates.js';
import { rulesFromSettings } from '../../../src/permissions/rules.js';
import { findRuleToRemove, formatRuleList, permissionsCommand } from '../../../src/commands/permissions.js';
import type { PermissionRule, ToolPermissionContext } from '../../../src/types/permissions.js';
import { fakeCommandContext } from './fakeContext.js';

let project: string;
let userDir: string;
const savedClaudeDir = process.env.CLAUDE_CONFIG_DIR;

beforeEach(async () => {
  project = await mkdtemp(join(tmpdir(), 'pulse-perm-project-'));
  userDir = await mkdtemp(join(tmpdir(), 'pulse-perm-user-'));
  process.env.CLAUDE_CONFIG_DIR = userDir;
  await mkdir(join(project, '.claude'), { recursive: true });
});

afterEach(async () => {
  if (savedClaudeDir === undefined) delete process.env.CLAUDE_CONFIG_DIR;
  else process.env.CLAUDE_CONFIG_DIR = savedClaudeDir;
  await rm(project, { recursive: true, force: true });
  await rm(userDir, { recursive: true, force: true });
});

const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'));

/** A live permission context over real settings files, changed only through the session's updater. */
async function liveSession(files: { local?: object; project?: object; user?: object }, extra: PermissionRule[] = []) {
  const localPath = join(project, '.claude', 'settings.local.json');
  const projectPath = join(project, '.claude', 'settings.json');
  const userPath = join(userDir, 'settings.json');
  const rules: PermissionRule[] = [];
  for (const [path, body, source] of [
    [userPath, files.user, 'userSettings'],
    [projectPath, files.project, 'projectSettings'],
    [localPath, files.local, 'localSettings'],
  ] as const) {
    if (!body) continue;
    await writeFile(path, JSON.stringify(body, null, 2));
    rules.push(...rulesFromSettings((body as { permissions?: unknown }).permissions, source));
  }
  let context: ToolPermissionContext = { mode: 'default', rules: [...rules, ...extra], workingDirectories: [project] };
  const update = createPermissionUpdater({ get: () => context, set: (next) => (context = next), projectRoot: project });
  const { ctx, printed } = fakeCommandContext({ permissions: { get: () => context, update } });
  return { ctx, printed, localPath, projectPath, userPath, current: () => context };
}

describe('/permissions', () => {
  it('lists the rules by behaviour, numbered, with where each came from', async () => {
    const { ctx, printed } = await liveSession(
      { local: { permissions: { allow: ['Bash(npm test:*)'] } }, user: { permissions: { deny: ['WebFetch'] } } },
      [{ toolName: 'Read', behavior: 'ask', source: 'cliArg' }],
    );
    await permissionsCommand.run(ctx, '');
    const text = printed[0] ?? '';
    expect(text).toContain('Permission mode: default');
    expect(text).toMatch(/Deny:\n {3}1\. WebFetch {2}\(user\)\n\nAsk:\n {3}2\. Read {2}\(cli\)\n\nAllow:\n {3}3\. Bash\(npm test:\*\) {2}\(local\)/);
  });

  it('removes a rule by number: the live context and its settings file change, other keys stay', async () => {
    const local = { model: 'sonnet', permissions: { allow: ['Bash(npm test:*)', 'Read'], deny: ['WebFetch'] } };
    const session = await liveSession({ local });
    // Deny is listed first, so the allow rules are 2 and 3.
    await permissionsCommand.run(session.ctx, 'remove 2');
    expect(session.printed.at(-1)).toBe('Removed allow rule Bash(npm test:*) from its local settings file.');
    expect(session.current().rules.map((rule) => rule.toolName)).toEqual(['WebFetch', 'Read']);
    expect(await readJson(session.localPath)).toEqual({ model: 'sonnet', permissions: { allow: ['Read'], deny: ['WebFetch'] } });
  });

  it('removes a rule by its text from the project or user file it came from', async () => {
    const session = await liveSession({
      project: { permissions: { deny: ['Bash(rm -rf:*)'] } },
      user: { permissions: { allow: ['Glob'] } },
    });
    await permissionsCommand.run(session.ctx, 'remove Bash(rm -rf:*)');
    await permissionsCommand.run(session.ctx, 'remove Glob');
    expect(session.current().rules).toEqual([]);
    expect(await readJson(session.projectPath)).toEqual({ permissions: { deny: [] } });
    expect(await readJson(session.userPath)).toEqual({ permissions: { allow: [] } });
  });

  it('adds a rule to the live context and the local settings file', async () => {
    const session = await liveSession({});
    await permissionsCommand.run(session.ctx, 'add deny Bash(git push:*)');
    expect(session.current().rules).toEqual([
      { toolName: 'Bash', ruleContent: 'git push:*', behavior: 'deny', source: 'localSettings' },
    ]);
    expect(await readJson(session.localPath)).toEqual({ permissions: { deny: ['Bash(git push:*)'] } });
  });

  it('session rules are removed from memory only; policy rules are refused', async () => {
    const session = await liveSession({}, [
      { toolName: 'Edit', behavior: 'allow', source: 'session' },
      { toolName: 'Write', behavior: 'deny', source: 'policySettings' },
    ]);
    await permissionsCommand.run(session.ctx, 'remove Edit');
    expect(session.printed.at(-1)).toContain('from this session');
    await permissionsCommand.run(session.ctx, 'remove Write');
    expect(session.printed.at(-1)).toBe('Write is set by managed policy and cannot be removed here.');
    expect(session.current().rules.map((rule) => rule.toolName)).toEqual(['Write']);
  });

  it('explains what it cannot do', async () => {
    const rules: PermissionRule[] = [
      { toolName: 'Read', behavior: 'allow', source: 'userSettings' },
      { toolName: 'Read', behavior: 'allow', source: 'localSettings' },
    ];
    const context: ToolPermissionContext = { mode: 'plan', rules, workingDirectories: [] };
    expect(findRuleToRemove(context, '9')).toBe('There is no rule number 9; /permissions lists them.');
    expect(findRuleToRemove(context, 'Read')).toBe('Read is listed 2 times; remove it by its number.');
    expect(findRuleToRemove(context, 'Glob')).toBe('No rule Glob is in force.');
    expect(findRuleToRemove(context, 'Bash(')).toContain('is not a rule');
    expect(formatRuleList({ ...context, rules: [] })).toContain('No permission rules.');
    const { ctx, printed } = fakeCommandContext({ permissions: { get: () => context, update: async () => undefined } });
    await permissionsCommand.run(ctx, 'add maybe Read');
    expect(printed).toEqual(['Usage: /permissions add allow|ask|deny <rule>']);
  });
});
