// Plugins through the built CLI: a plugin folder given with --plugin-dir contributes namespaced
// commands, agents and skills, a SessionStart hook and an MCP server with ${CLAUDE_PLUGIN_ROOT}
// expanded; and a marketplace in a local git repository round-trips through
// `pulse plugin marketplace add`, `install`, `list`, `disable`, `enable` and `uninstall`, recorded
// in settings exactly as the reference records it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMcpTestServerScript } from '../support/mcpTestServer.js';
import { scenario, STREAM_JSON, type Scenario } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

let serverScript: string;

beforeAll(async () => {
  serverScript = await buildMcpTestServerScript();
});

function lastUserText(s: Scenario): string {
  const messages = (s.mock.requests.at(-1)?.body.messages ?? []) as Array<{ content: unknown }>;
  const last = messages.at(-1)?.content;
  if (typeof last === 'string') return last;
  return (last as Array<{ text?: string }>).map((block) => block.text ?? '').join('\n');
}

/** The review-kit fixture copied into the world, with an MCP server whose instructions name the plugin's folder. */
function copyPlugin(s: Scenario): string {
  const root = join(s.world.home, 'plugins', 'review-kit');
  cpSync(join(FIXTURES, 'plugins', 'review-kit'), root, { recursive: true });
  const server = { command: process.execPath, args: [serverScript, '--stdio'], env: { MCP_TEST_INSTRUCTIONS: 'Notes live in ${CLAUDE_PLUGIN_ROOT}/notes' } };
  writeFileSync(join(root, '.mcp.json'), JSON.stringify({ mcpServers: { notes: server } }));
  return root;
}

function systemText(s: Scenario): string {
  return ((s.mock.requests[0]?.body.system ?? []) as Array<{ text: string }>).map((block) => block.text).join('\n');
}

describe('--plugin-dir', () => {
  it('loads a plugin folder: plugin:name commands, agents and skills, its hook and its MCP server', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'shipping' }] }]);
    const root = copyPlugin(s);
    const run = await s.run(['-p', '/review-kit:ship 2.0', '--plugin-dir', root, ...STREAM_JSON]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The plugin's SessionStart hook is shown first (hook_started, hook_response), then init.
    const lines = run.json();
    expect(lines.slice(0, 2).map((line) => line.subtype)).toEqual(['hook_started', 'hook_response']);
    const init = lines[2] as Record<string, unknown>;
    expect(init.plugins).toEqual([{ name: 'review-kit', path: root, source: 'review-kit@inline', version: '1.2.0' }]);
    expect(init.agents).toContain('review-kit:checker');
    expect(init.skills).toEqual(['review-kit:changelog']);
    expect(init.slash_commands).toEqual(expect.arrayContaining(['review-kit:ship', 'review-kit:git:tidy', 'review-kit:changelog']));
    expect(init.mcp_servers).toEqual([{ name: 'plugin:review-kit:notes', status: 'connected' }]);
    expect(lastUserText(s)).toContain('Prepare release 2.0: run the tests');
    expect(systemText(s)).toContain(`Notes live in ${root}/notes`);
    expect(readFileSync(join(s.world.home, 'plugins', 'hook-ran.txt'), 'utf8').trim()).toBe(`env=${root}`);
    const agentTool = (s.mock.requests[0]?.body.tools as Array<{ name: string; description: string }>).find((tool) => tool.name === 'Agent');
    expect(agentTool?.description).toContain('review-kit:checker');
  });

  // The shape published plugins use (jarrodwatts/claude-hud lists single files of its commands/
  // folder; marketplace examples list agent files and a skill's own folder; the plugin reference
  // names a styles folder). Checked against Claude Code 2.1.332 with this fixture: declared
  // commands, agents and output styles replace the default folder, declared skills add to it.
  it('manifest paths: single command and agent files and a styles folder replace the default folders, skill folders add', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const root = join(s.world.home, 'plugins', 'hud-kit');
    cpSync(join(FIXTURES, 'plugins', 'hud-kit'), root, { recursive: true });
    mkdirSync(join(s.world.repo, '.claude'), { recursive: true });
    writeFileSync(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ outputStyle: 'hud-kit:HUD Voice' }));
    const run = await s.run(['-p', 'hi', '--plugin-dir', root, ...STREAM_JSON]);
    expect(run.stderr).toBe('');
    const init = run.json()[0] as { slash_commands: string[]; agents: string[]; skills: string[]; output_style: string };
    const fromPlugin = (names: string[]) => names.filter((name) => name.startsWith('hud-kit:')).sort();
    expect(fromPlugin(init.slash_commands)).toEqual(['hud-kit:configure', 'hud-kit:lint-notes', 'hud-kit:setup', 'hud-kit:summarise']);
    expect(fromPlugin(init.agents)).toEqual(['hud-kit:auditor']);
    expect(init.skills).toEqual(['hud-kit:lint-notes', 'hud-kit:summarise']);
    expect(init.output_style).toBe('hud-kit:HUD Voice');
    expect(systemText(s)).toContain('HUD-VOICE-MARKER');

    writeFileSync(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ outputStyle: 'hud-kit:Old Voice' }));
    const replaced = await s.run(['-p', 'hi', '--plugin-dir', root]);
    expect(replaced.stderr).toContain('names "hud-kit:Old Voice", which is not an output style here');
  });

  it('reports a plugin folder it cannot read in one line and runs without it', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'ok' }] }]);
    const broken = join(s.world.home, 'broken-plugin');
    cpSync(join(FIXTURES, 'plugins', 'review-kit'), broken, { recursive: true });
    writeFileSync(join(broken, '.claude-plugin', 'plugin.json'), '{ "name": "has spaces in it" }');
    const run = await s.run(['-p', 'hi', '--plugin-dir', broken]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^pulse: warning: .*plugin\.json: name must be letters/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('a marketplace in a local git repository', () => {
  it('adds, installs, lists, disables, enables and uninstalls, in the reference settings shapes', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'jotted' }] }], { content: [{ type: 'text', text: 'again' }] });
    const market = join(s.world.home, 'market-src');
    cpSync(join(FIXTURES, 'marketplace'), market, { recursive: true });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: market, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'market');
    const url = `file://${market}`;
    const userSettings = join(s.world.home, '.claude', 'settings.json');
    const settings = () => JSON.parse(readFileSync(userSettings, 'utf8')) as Record<string, unknown>;
    const plugin = (...args: string[]) => s.run(['plugin', ...args]);

    const added = await plugin('marketplace', 'add', url);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(settings()).toEqual({ extraKnownMarketplaces: { 'pulse-test-market': { source: { source: 'git', url } } } });
    const clone = join(s.world.configDir, 'plugins', 'marketplaces', 'pulse-test-market');
    expect(existsSync(join(clone, '.claude-plugin', 'marketplace.json'))).toBe(true);
    expect(JSON.parse((await plugin('marketplace', 'list', '--json')).stdout)).toEqual([
      { name: 'pulse-test-market', source: 'git', url, installLocation: clone },
    ]);

    const missing = await plugin('install', 'missing-kit@pulse-test-market');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^pulse plugin: .*does not exist|^pulse plugin: .*not-there/);

    const installed = await plugin('install', 'notes-kit@pulse-test-market');
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toContain('notes-kit@pulse-test-market version 0.4.0 (user scope)');
    expect(settings().enabledPlugins).toEqual({ 'notes-kit@pulse-test-market': true });
    const listed = JSON.parse((await plugin('list', '--json')).stdout) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject([
      {
        id: 'notes-kit@pulse-test-market',
        version: '0.4.0',
        scope: 'user',
        enabled: true,
        installPath: join(s.world.configDir, 'plugins', 'cache', 'pulse-test-market', 'notes-kit', '0.4.0'),
      },
    ]);

    const used = await s.run(['-p', '/notes-kit:jot buy milk', ...STREAM_JSON]);
    expect(used.code).toBe(0);
    expect(lastUserText(s)).toContain('Jot this down: buy milk');
    expect(used.json()[0]?.plugins).toMatchObject([{ name: 'notes-kit', source: 'notes-kit@pulse-test-market', version: '0.4.0' }]);

    expect((await plugin('disable', 'notes-kit')).code).toBe(0);
    expect(settings().enabledPlugins).toEqual({ 'notes-kit@pulse-test-market': false });
    const again = await plugin('disable', 'notes-kit');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already disabled');
    // A disabled plugin's command is an unknown command: one line, exit 1, nothing sent.
    const requestsBefore = s.mock.requests.length;
    const off = await s.run(['-p', '/notes-kit:jot later', ...STREAM_JSON]);
    expect(off.code).toBe(1);
    expect(off.stderr).toContain('Unknown command: /notes-kit:jot');
    expect(s.mock.requests).toHaveLength(requestsBefore);

    expect((await plugin('enable', 'notes-kit@pulse-test-market')).code).toBe(0);
    expect(settings().enabledPlugins).toEqual({ 'notes-kit@pulse-test-market': true });

    const removed = await plugin('uninstall', 'notes-kit');
    expect(removed.code).toBe(0);
    expect(settings().enabledPlugins).toEqual({});
    expect(existsSync(listed[0]?.installPath as string)).toBe(false);
    expect(JSON.parse((await plugin('list', '--json')).stdout)).toEqual([]);

    expect((await plugin('marketplace', 'remove', 'pulse-test-market')).code).toBe(0);
    expect(settings()).toEqual({ enabledPlugins: {}, extraKnownMarketplaces: {} });
    expect(existsSync(clone)).toBe(false);
  });

  it('installs into the project scope, writing .claude/settings.json', async () => {
    const s = await scenario([]);
    const market = join(s.world.home, 'market-dir');
    cpSync(join(FIXTURES, 'marketplace'), market, { recursive: true });
    expect((await s.run(['plugin', 'marketplace', 'add', market])).code).toBe(0);
    const user = JSON.parse(readFileSync(join(s.world.home, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(user).toEqual({ extraKnownMarketplaces: { 'pulse-test-market': { source: { source: 'directory', path: market } } } });
    const installed = await s.run(['plugin', 'install', 'notes-kit', '--scope', 'project']);
    expect(installed.stderr).toBe('');
    const project = JSON.parse(readFileSync(join(s.world.repo, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(project).toEqual({ enabledPlugins: { 'notes-kit@pulse-test-market': true } });
  });
});
