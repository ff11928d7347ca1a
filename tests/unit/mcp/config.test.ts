// Server entries: shapes, ${VAR} expansion, sources and their precedence, project approval.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectServerApproval } from '../../../src/mcp/approval.js';
import { entriesFromServers, parseServerEntry } from '../../../src/mcp/config.js';
import { expandString } from '../../../src/mcp/expandEnv.js';
import { McpManager } from '../../../src/mcp/manager.js';
import { mcpToolName } from '../../../src/mcp/names.js';
import { loadMcpConfig } from '../../../src/mcp/sources.js';
import { isolateEnv } from '../../support/isolatedEnv.js';

describe('expandString', () => {
  it('fills ${VAR} and ${VAR:-default}, and reports variables that have neither', () => {
    const env = { TOKEN: 'abc', EMPTY: '' };
    expect(expandString('Bearer ${TOKEN}', env)).toEqual({ value: 'Bearer abc', missing: [] });
    expect(expandString('${PORT:-8080}/${EMPTY:-x}', env)).toEqual({ value: '8080/x', missing: [] });
    expect(expandString('${NOPE}-${TOKEN}', env)).toEqual({ value: '${NOPE}-abc', missing: ['NOPE'] });
    expect(expandString('$TOKEN stays', env).value).toBe('$TOKEN stays');
  });
});

describe('parseServerEntry and entriesFromServers', () => {
  it('accepts stdio (type optional), http and sse, and explains what is wrong', () => {
    expect(parseServerEntry({ command: 'npx', args: ['-y', 'pkg'] })).toEqual({
      config: { type: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: {} },
    });
    expect(parseServerEntry({ type: 'http', url: 'https://x.test/mcp' })).toEqual({
      config: { type: 'http', url: 'https://x.test/mcp', headers: {} },
    });
    expect(parseServerEntry({ url: 'https://x.test/mcp' })).toEqual({ problem: expect.stringContaining('needs "type"') });
    expect(parseServerEntry({ type: 'ws', url: 'x' })).toEqual({ problem: expect.stringContaining('unknown type') });
    expect(parseServerEntry({ command: '' })).toEqual({ problem: expect.stringContaining('command') });
    expect(parseServerEntry({ type: 'sse', url: 'not a url' })).toEqual({ problem: expect.stringContaining('not a valid URL') });
  });

  it('expands command, args, env, url and headers, and turns a missing variable into a problem', () => {
    const env = { BIN: '/usr/bin/srv', KEY: 'k1', HOST: 'api.test' };
    const entries = entriesFromServers(
      {
        local: { command: '${BIN}', args: ['--key=${KEY}'], env: { K: '${KEY}', D: '${UNSET:-dflt}' } },
        remote: { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${KEY}' } },
        broken: { type: 'http', url: 'https://${MISSING_HOST}/mcp' },
      },
      'project',
      '/p/.mcp.json',
      env,
    );
    expect(entries[0]?.config).toEqual({ type: 'stdio', command: '/usr/bin/srv', args: ['--key=k1'], env: { K: 'k1', D: 'dflt' } });
    expect(entries[1]?.config).toEqual({ type: 'http', url: 'https://api.test/mcp', headers: { Authorization: 'Bearer k1' } });
    expect(entries[2]).toMatchObject({ name: 'broken', problem: 'missing environment variable: MISSING_HOST' });
  });
});

describe('names', () => {
  it('normalises server and tool names for the API', () => {
    expect(mcpToolName('my.server', 'get file')).toBe('mcp__my_server__get_file');
    expect(mcpToolName('gh', 'list-issues')).toBe('mcp__gh__list-issues');
  });
});

describe('projectServerApproval', () => {
  it('needs enableAll or the name listed; a disabled name always loses', () => {
    expect(projectServerApproval('db', {})).toMatchObject({ approved: false, reason: expect.stringContaining('not approved') });
    expect(projectServerApproval('db', { enableAllProjectMcpServers: true })).toEqual({ approved: true });
    expect(projectServerApproval('db', { enabledMcpjsonServers: ['db'] })).toEqual({ approved: true });
    expect(
      projectServerApproval('db', { enableAllProjectMcpServers: true, disabledMcpjsonServers: ['db'] }),
    ).toMatchObject({ approved: false, reason: expect.stringContaining('disabledMcpjsonServers') });
  });

  it('leaves unapproved project servers disabled with the reason in the manager', () => {
    const manager = new McpManager(
      [
        { name: 'db', scope: 'project', source: '.mcp.json', raw: {}, config: { type: 'stdio', command: 'x', args: [], env: {} } },
        { name: 'bad', scope: 'user', source: '~/.claude.json', raw: {}, problem: 'command: must not be empty' },
      ],
      { cwd: process.cwd(), approval: {} },
    );
    expect(manager.servers().map((s) => [s.name, s.status, s.reason])).toEqual([
      ['db', 'disabled', expect.stringContaining('/mcp approve db')],
      ['bad', 'failed', 'invalid configuration in ~/.claude.json: command: must not be empty'],
    ]);
  });
});

describe('loadMcpConfig', () => {
  let home: string;
  let project: string;
  isolateEnv(['HOME', 'PULSE_CONFIG_DIR', 'CLAUDE_CONFIG_DIR']);

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'pulse-mcp-home-'));
    project = await mkdtemp(join(tmpdir(), 'pulse-mcp-project-'));
    process.env.HOME = home;
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
    await rm(project, { recursive: true, force: true });
  });

  it('reads every source; local beats project beats user, and --mcp-config beats them all', async () => {
    const server = (tag: string) => ({ command: 'srv', args: [tag] });
    await writeFile(
      join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: { shared: server('claude-user'), onlyUser: server('u') },
        projects: { [project]: { mcpServers: { shared: server('claude-local') } } },
      }),
    );
    await mkdir(join(home, '.pulse'));
    await writeFile(join(home, '.pulse', 'mcp.json'), JSON.stringify({ mcpServers: { pulseUser: server('p') } }));
    await writeFile(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { shared: server('project'), onlyProject: server('op') } }));

    const loaded = await loadMcpConfig({ cwd: project, projectRoot: project, env: {} });
    const byName = Object.fromEntries(loaded.entries.map((e) => [e.name, e]));
    expect(Object.keys(byName).sort()).toEqual(['onlyProject', 'onlyUser', 'pulseUser', 'shared']);
    expect(byName.shared).toMatchObject({ scope: 'local', config: { args: ['claude-local'] } });
    expect(byName.onlyProject).toMatchObject({ scope: 'project' });
    expect(byName.pulseUser).toMatchObject({ scope: 'user' });

    const withFlag = await loadMcpConfig({
      cwd: project,
      projectRoot: project,
      env: {},
      flagConfigs: [JSON.stringify({ mcpServers: { shared: server('flag') } })],
    });
    expect(withFlag.entries.find((e) => e.name === 'shared')).toMatchObject({ scope: 'dynamic', config: { args: ['flag'] } });

    await writeFile(join(project, 'extra.json'), JSON.stringify({ mcpServers: { fromFile: server('f') } }));
    const strict = await loadMcpConfig({ cwd: project, projectRoot: project, env: {}, strict: true, flagConfigs: ['extra.json'] });
    expect(strict.entries.map((e) => e.name)).toEqual(['fromFile']);
  });

  it('turns a broken file into a failed entry, and a broken --mcp-config into an error', async () => {
    await writeFile(join(project, '.mcp.json'), '{ not json');
    const loaded = await loadMcpConfig({ cwd: project, projectRoot: project, env: {} });
    expect(loaded.entries).toEqual([expect.objectContaining({ problem: expect.stringContaining('is not valid JSON') })]);
    await expect(loadMcpConfig({ cwd: project, projectRoot: project, flagConfigs: ['{oops'] })).rejects.toThrow(/--mcp-config: not valid JSON/);
    await expect(loadMcpConfig({ cwd: project, projectRoot: project, flagConfigs: ['missing.json'] })).rejects.toThrow(/no such file/);
    await expect(loadMcpConfig({ cwd: project, projectRoot: project, flagConfigs: ['{"servers":{}}'] })).rejects.toThrow(/"mcpServers"/);
  });
});
