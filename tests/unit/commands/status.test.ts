import { describe, expect, it } from 'vitest';
import { formatStatus, statusCommand, type StatusReport } from '../../../src/commands/status.js';
import { fakeCommandContext } from './fakeContext.js';

const report: StatusReport = {
  version: '1.2.3',
  sessionId: 'session-42',
  cwd: '/work/project',
  model: 'claude-sonnet-4-6',
  permissionMode: 'acceptEdits',
  apiBaseUrl: 'http://127.0.0.1:4010',
  credentialSource: 'ANTHROPIC_API_KEY',
  settingSources: [
    { source: 'userSettings', path: '~/.pulse/settings.json' },
    { source: 'localSettings', path: '/work/project/.claude/settings.local.json' },
  ],
  memoryFiles: ['/work/project/CLAUDE.md'],
  mcpServers: [
    { name: 'files', status: 'connected', toolCount: 3 },
    { name: 'broken', status: 'failed', reason: 'spawn ENOENT', toolCount: 0 },
  ],
  toolCount: 17,
};

describe('/status', () => {
  it('shows every fact of the session, the credential by its source only', async () => {
    const { ctx, printed } = fakeCommandContext({ status: async () => report });
    await statusCommand.run(ctx, '');
    const text = printed[0] ?? '';
    for (const expected of [
      'Version:          1.2.3',
      'Session:          session-42',
      'Working dir:      /work/project',
      'Model:            claude-sonnet-4-6',
      'Permission mode:  acceptEdits',
      'API endpoint:     http://127.0.0.1:4010',
      'Credential:       ANTHROPIC_API_KEY env',
      'Tools:            17',
      'user  ~/.pulse/settings.json',
      'local  /work/project/.claude/settings.local.json',
      '/work/project/CLAUDE.md',
      'files  connected · 3 tools',
      'broken  failed · spawn ENOENT',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says "none" for empty lists', () => {
    const text = formatStatus({ ...report, settingSources: [], memoryFiles: [], mcpServers: [] });
    expect(text.match(/^ {4}none$/gm)).toHaveLength(3);
  });

  it('says so where no report is available', async () => {
    const { ctx, printed } = fakeCommandContext();
    await statusCommand.run(ctx, '');
    expect(printed).toEqual(['Status is not available here.']);
  });
});
