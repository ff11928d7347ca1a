// `pulse mcp add | get | list | remove` against temp home and project directories.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runMcpCommand } from '../../../src/cli/mcpCommand.js';
import { isolateEnv } from '../../support/isolatedEnv.js';
import { buildMcpTestServerScript } from '../../support/mcpTestServer.js';

let home: string;
let project: string;
let script: string;
isolateEnv(['HOME', 'PULSE_CONFIG_DIR', 'CLAUDE_CONFIG_DIR']);

beforeAll(async () => {
  script = await buildMcpTestServerScript();
});

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'pulse-mcpcli-home-'));
  project = await mkdtemp(join(tmpdir(), 'pulse-mcpcli-project-'));
  await mkdir(join(project, '.git'));
  process.env.HOME = home;
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runMcpCommand(args, project, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('pulse mcp', () => {
  it('adds to each scope, shows, lists with a health check, and removes', async () => {
    expect((await run('add', 'tester', process.execPath, script, '--stdio')).code).toBe(0);
    expect((await run('add', '-s', 'project', '-t', 'http', '-H', 'Authorization: Bearer ${TOKEN}', 'remote', 'https://mcp.example/mcp')).code).toBe(0);
    expect((await run('add', '-s', 'user', '-e', 'K=v', 'everywhere', 'some-server')).code).toBe(0);

    const pulseFile = JSON.parse(await readFile(join(home, '.pulse', 'mcp.json'), 'utf8'));
    expect(pulseFile.projects[project].mcpServers.tester).toEqual({ type: 'stdio', command: process.execPath, args: [script, '--stdio'] });
    expect(pulseFile.mcpServers.everywhere).toEqual({ type: 'stdio', command: 'some-server', args: [], env: { K: 'v' } });
    const projectFile = JSON.parse(await readFile(join(project, '.mcp.json'), 'utf8'));
    expect(projectFile.mcpServers.remote).toEqual({ type: 'http', url: 'https://mcp.example/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } });

    const duplicate = await run('add', 'tester', 'x');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('already exists');

    const got = await run('get', 'remote');
    expect(got.out).toContain('Scope: project');
    expect(got.out).toContain('URL: https://mcp.example/mcp');

    const listed = await run('list');
    expect(listed.out).toMatch(/tester: .* - ✓ connected/);
    expect(listed.out).toMatch(/remote: .* - ✗ (disabled|failed)/);
    expect(listed.out).toMatch(/everywhere: some-server - ✗ failed: could not start "some-server"/);

    expect((await run('remove', 'tester')).out).toContain('Removed MCP server "tester" (local scope)');
    expect((await run('remove', 'remote')).out).toContain('(project scope)');
    expect((await run('get', 'tester')).code).toBe(1);
  });

  it('refuses what it cannot do, and leaves ~/.claude.json alone', async () => {
    await writeFile(join(home, '.claude.json'), JSON.stringify({ mcpServers: { theirs: { command: 'x' } } }));
    const removed = await run('remove', 'theirs');
    expect(removed.code).toBe(1);
    expect(removed.err).toContain('.claude.json, which pulse mcp does not change');
    expect(JSON.parse(await readFile(join(home, '.claude.json'), 'utf8')).mcpServers.theirs).toEqual({ command: 'x' });
    const trailing = await run('add', '-t', 'http', 'late', 'https://x.test/mcp', '-H', 'A: b');
    expect(trailing.err).toContain('options go before the server name');
    const badUrl = await run('add', '-t', 'http', 'bad', 'not a url');
    expect(badUrl.code).toBe(1);
    expect(badUrl.err).toContain('not a valid URL');
  });
});
