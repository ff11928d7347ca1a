// The REPL and MCP: project servers from .mcp.json that nobody approved are put to the person
// when the REPL starts (use all, choose, none, or decide later with Esc); the answer lands in
// .claude/settings.local.json beside the keys already there, and approved servers connect at
// once. Status changes (connected, failed) appear as one-line notices in the transcript.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveMcpApprovalChoice } from '../../src/bootstrap/mcpApproval.js';
import { createMcpCommand } from '../../src/mcp/commands.js';
import type { McpServerEntry } from '../../src/mcp/config.js';
import { McpManager } from '../../src/mcp/manager.js';
import { mcpReplBridge } from '../../src/mcp/replBridge.js';
import type { QueryParams } from '../../src/query/deps.js';
import type { Terminal } from '../../src/query/state.js';
import type { ReplStore } from '../../src/state/store.js';
import type { LoopEvent } from '../../src/types/messages.js';
import { buildMcpTestServerScript } from '../support/mcpTestServer.js';
import { makeToolContext } from '../support/toolContext.js';
import { KEYS, plain, settle, waitFor } from './helpers.js';
import { COMPLETED } from './loopEvents.js';
import { renderApp } from './renderApp.js';

let script: string;
beforeAll(async () => {
  script = await buildMcpTestServerScript();
});

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function stdioEntry(name: string, scope: McpServerEntry['scope'], command = process.execPath): McpServerEntry {
  return { name, scope, source: 'test .mcp.json', raw: {}, config: { type: 'stdio', command, args: [script, '--stdio'], env: {} } };
}

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pulse-mcp-approval-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function startManager(dir: string, entries: McpServerEntry[]): McpManager {
  const manager = new McpManager(entries, {
    cwd: dir,
    connectTimeoutMs: 20_000,
    saveApprovals: (choice) => saveMcpApprovalChoice(dir, choice),
  });
  cleanups.push(() => manager.close());
  manager.start();
  return manager;
}

async function renderRepl(dir: string, manager: McpManager) {
  const { store, view } = renderApp({
    context: makeToolContext(dir),
    query: async function* (_params: QueryParams): AsyncGenerator<LoopEvent, Terminal> {
      return COMPLETED;
    },
    setPermissionMode: () => {},
    mcp: mcpReplBridge(manager),
  });
  cleanups.push(() => view.unmount());
  await settle();
  return { view, store, frame: (): string => plain(view.lastFrame()) };
}

async function localSettings(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dir, '.claude', 'settings.local.json'), 'utf8')) as Record<string, unknown>;
}

async function waitForSettings(dir: string, check: (settings: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  let latest: Record<string, unknown> = {};
  const deadline = Date.now() + 10_000;
  for (;;) {
    latest = await localSettings(dir).catch(() => ({}));
    if (check(latest)) return latest;
    if (Date.now() > deadline) throw new Error(`settings never matched: ${JSON.stringify(latest)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const statusOf = (manager: McpManager, name: string) => manager.servers().find((server) => server.name === name)?.status;
const notices = (store: ReplStore): string[] =>
  store.getState().transcript.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));

describe('MCP approval dialog', () => {
  it('"Use all" saves the approval beside existing settings and connects the servers without a restart', async () => {
    const dir = await project();
    await mkdir(join(dir, '.claude'));
    await writeFile(join(dir, '.claude', 'settings.local.json'), JSON.stringify({ permissions: { allow: ['Read'] } }));
    const manager = startManager(dir, [stdioEntry('alpha', 'project'), stdioEntry('beta', 'project')]);
    const { view, store, frame } = await renderRepl(dir, manager);

    await waitFor(() => frame().includes('New MCP servers found in .mcp.json: alpha, beta'));
    expect(frame()).toContain('1. Use all of them (alpha, beta)');
    expect(frame()).toContain('2. Choose which ones to use');
    expect(frame()).toContain('3. Use none of them');
    expect(statusOf(manager, 'alpha')).toBe('disabled');

    view.stdin.write(KEYS.enter);
    const saved = await waitForSettings(dir, (s) => Array.isArray(s.enabledMcpjsonServers));
    expect(saved).toEqual({ permissions: { allow: ['Read'] }, enabledMcpjsonServers: ['alpha', 'beta'] });
    await waitFor(() => statusOf(manager, 'alpha') === 'connected' && statusOf(manager, 'beta') === 'connected', 20_000);
    await waitFor(() => notices(store).filter((text) => text.includes('connected')).length === 2);
    expect(notices(store)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^MCP server "alpha" connected · \d+ tools$/)]),
    );
    expect(manager.pendingApprovals()).toEqual([]);
    await waitFor(() => !frame().includes('New MCP servers found'));
  });

  it('"Choose" turns single servers on and off; the unchosen one is remembered as rejected', async () => {
    const dir = await project();
    const manager = startManager(dir, [stdioEntry('alpha', 'project'), stdioEntry('beta', 'project')]);
    const { view, frame } = await renderRepl(dir, manager);
    await waitFor(() => frame().includes('New MCP servers found'));

    view.stdin.write('2');
    await waitFor(() => frame().includes('[x] beta'));
    view.stdin.write(KEYS.down);
    await waitFor(() => frame().includes('❯ 2. [x] beta'));
    view.stdin.write(' ');
    await waitFor(() => frame().includes('[ ] beta'));
    view.stdin.write(KEYS.enter);

    const saved = await waitForSettings(dir, (s) => Array.isArray(s.disabledMcpjsonServers));
    expect(saved).toEqual({ enabledMcpjsonServers: ['alpha'], disabledMcpjsonServers: ['beta'] });
    await waitFor(() => statusOf(manager, 'alpha') === 'connected', 20_000);
    expect(statusOf(manager, 'beta')).toBe('disabled');
    expect(manager.servers().find((server) => server.name === 'beta')?.reason).toContain('disabledMcpjsonServers');
  });

  it('Esc decides later: nothing is saved and the servers stay off, until /mcp approve turns one on', async () => {
    const dir = await project();
    const manager = startManager(dir, [stdioEntry('alpha', 'project')]);
    const { view, store, frame } = await renderRepl(dir, manager);
    await waitFor(() => frame().includes('New MCP servers found in .mcp.json: alpha'));
    view.stdin.write(KEYS.escape);
    await waitFor(() => !frame().includes('New MCP servers found'));
    expect(statusOf(manager, 'alpha')).toBe('disabled');
    expect(manager.pendingApprovals()).toEqual(['alpha']);
    await expect(localSettings(dir)).rejects.toThrow(/ENOENT/);

    const printed: string[] = [];
    const ctx = { print: (text: string) => printed.push(text), clearConversation: () => {}, exit: () => {}, commands: [] };
    await createMcpCommand(manager).run(ctx, 'approve alpha');
    expect(statusOf(manager, 'alpha')).toBe('connected');
    expect(printed.join('\n')).toContain('alpha (project, stdio): connected');
    expect(await localSettings(dir)).toEqual({ enabledMcpjsonServers: ['alpha'] });
    await waitFor(() => notices(store).some((text) => text.startsWith('MCP server "alpha" connected')));
  });

  it('"Use none" remembers the rejection; /mcp approve later moves the server to the approved list', async () => {
    const dir = await project();
    const manager = startManager(dir, [stdioEntry('alpha', 'project')]);
    const { view, frame } = await renderRepl(dir, manager);
    await waitFor(() => frame().includes('New MCP servers found'));
    view.stdin.write('3');
    expect(await waitForSettings(dir, (s) => Array.isArray(s.disabledMcpjsonServers))).toEqual({ disabledMcpjsonServers: ['alpha'] });
    // The file is in place a moment before the save resolves (its lock is still being released).
    await waitFor(() => manager.pendingApprovals().length === 0);
    expect(statusOf(manager, 'alpha')).toBe('disabled');

    await manager.approve('alpha');
    expect(statusOf(manager, 'alpha')).toBe('connected');
    expect(await localSettings(dir)).toEqual({ enabledMcpjsonServers: ['alpha'] });
  });
});

describe('MCP status notices', () => {
  it('tells of servers that settled before the REPL listened, and of a crash during the session', async () => {
    const dir = await project();
    const manager = startManager(dir, [stdioEntry('tester', 'dynamic'), stdioEntry('ghost', 'dynamic', '/nonexistent/mcp-server')]);
    await manager.whenSettled();
    const { store, frame } = await renderRepl(dir, manager);

    await waitFor(() => notices(store).length === 2);
    expect(notices(store)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^MCP server "tester" connected · \d+ tools$/),
        'MCP server "ghost" failed: could not start "/nonexistent/mcp-server": command not found · /mcp for details',
      ]),
    );
    expect(frame()).not.toContain('New MCP servers found');

    await manager.callTool('tester', 'crash', {}, new AbortController().signal).catch(() => undefined);
    await waitFor(() => notices(store).length === 3);
    expect(notices(store)[2]).toMatch(/^MCP server "tester" failed: the server process exited .*crashing on purpose.* · \/mcp for details$/);
    expect(store.getState().transcript.at(-1)).toMatchObject({ kind: 'notice', tone: 'error' });
  });
});
