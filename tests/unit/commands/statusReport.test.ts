import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClientOptions } from '../../../src/api/client.js';
import type { Bootstrapped } from '../../../src/bootstrap/bootstrap.js';
import { gatherStatus } from '../../../src/cli/statusReport.js';
import { formatStatus } from '../../../src/commands/status.js';
import { resetSession } from '../../../src/state/session.js';
import { isolateEnv } from '../../support/isolatedEnv.js';

isolateEnv(['CLAUDE_CONFIG_DIR', 'PULSE_MANAGED_SETTINGS_PATH', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL']);
let project: string;
let userDir: string;

beforeEach(async () => {
  project = await realpath(await mkdtemp(join(tmpdir(), 'pulse-status-project-')));
  userDir = await mkdtemp(join(tmpdir(), 'pulse-status-user-'));
  await mkdir(join(project, '.git'));
  await mkdir(join(project, '.claude'));
  await writeFile(join(project, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
  await writeFile(join(project, 'CLAUDE.md'), 'Run the tests first.');
  process.env.CLAUDE_CONFIG_DIR = userDir;
  process.env.PULSE_MANAGED_SETTINGS_PATH = join(userDir, 'no-managed-settings.json');
  process.env.ANTHROPIC_API_KEY = 'sk-status-secret';
  process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:4999';
  setClientOptions({});
  resetSession({ originalCwd: project, cwd: project, model: 'claude-sonnet-4-6' });
});

afterEach(async () => {
  setClientOptions({});
  await rm(project, { recursive: true, force: true });
  await rm(userDir, { recursive: true, force: true });
});

/** Only what /status reads of a booted session. */
function fakeBooted(): Bootstrapped {
  const partial = {
    cwd: project,
    apiKeySource: 'ANTHROPIC_API_KEY',
    getPermissionContext: () => ({ mode: 'plan', rules: [], workingDirectories: [project] }),
    getNestedMemoryFiles: () => [{ path: join(project, 'src', 'CLAUDE.md'), type: 'project', content: 'x' }],
    mcp: {
      servers: () => [
        { name: 'files', status: 'connected', tools: [{ name: 'a' }, { name: 'b' }] },
        { name: 'ghost', status: 'failed', reason: 'spawn ENOENT', tools: [] },
      ],
    },
    tools: [{ name: 'Read' }, { name: 'Bash' }, { name: 'mcp__files__a' }],
  };
  return partial as unknown as Bootstrapped;
}

describe('gatherStatus', () => {
  it('reports the session as it is now, with the endpoint and the key only by its source', async () => {
    const report = await gatherStatus({ booted: fakeBooted(), version: '0.9.0', sessionId: () => 'sess-1' });
    expect(report).toMatchObject({
      version: '0.9.0',
      sessionId: 'sess-1',
      cwd: project,
      model: 'claude-sonnet-4-6',
      permissionMode: 'plan',
      credentialSource: 'ANTHROPIC_API_KEY',
      toolCount: 3,
      mcpServers: [
        { name: 'files', status: 'connected', toolCount: 2 },
        { name: 'ghost', status: 'failed', reason: 'spawn ENOENT', toolCount: 0 },
      ],
    });
    expect(report.apiBaseUrl).toBe('http://127.0.0.1:4999');
    expect(report.settingSources).toEqual([{ source: 'localSettings', path: join(project, '.claude', 'settings.local.json') }]);
    expect(report.memoryFiles).toEqual([join(project, 'CLAUDE.md'), join(project, 'src', 'CLAUDE.md')]);
    expect(formatStatus(report)).not.toContain('sk-status-secret');
  });

  it('names inline --settings without printing them', async () => {
    const report = await gatherStatus({
      booted: fakeBooted(),
      version: '0.9.0',
      sessionId: () => 'sess-1',
      flagSettings: '{"model":"haiku"}',
    });
    expect(report.settingSources.at(-1)).toEqual({ source: 'flagSettings', path: '(inline JSON)' });
  });
});
