// The manager against the in-process test server over streamable HTTP and SSE, including a
// server that goes away: the call says so, and the manager reconnects with backoff or gives up.
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../../src/mcp/config.js';
import { McpManager } from '../../../src/mcp/manager.js';
import type { McpStatusEvent } from '../../../src/mcp/types.js';
import { GREETING_TEXT, GREETING_URI, startHttpTestServer, type HttpTestServer } from '../../support/mcpTestServer.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function remoteEntry(name: string, type: 'http' | 'sse', url: string): McpServerEntry {
  return { name, scope: 'dynamic', source: 'test', raw: {}, config: { type, url, headers: { 'x-test': 'yes' } } };
}

async function serve(port = 0): Promise<HttpTestServer> {
  const server = await startHttpTestServer(port);
  cleanups.push(() => server.close().catch(() => undefined));
  return server;
}

function managerFor(entries: McpServerEntry[]): McpManager {
  const manager = new McpManager(entries, { cwd: process.cwd(), connectTimeoutMs: 5_000, reconnectBaseDelayMs: 20 });
  cleanups.push(() => manager.close());
  manager.start();
  return manager;
}

function nextStatus(manager: McpManager, test: (event: McpStatusEvent) => boolean): Promise<McpStatusEvent> {
  return new Promise((resolve) => {
    const stop = manager.onStatusChange((event) => {
      if (!test(event)) return;
      stop();
      resolve(event);
    });
  });
}

function tool(manager: McpManager, name: string) {
  const found = manager.tools().find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe('McpManager over HTTP and SSE', () => {
  it('lists and calls over streamable HTTP and SSE', async () => {
    const server = await serve();
    const manager = managerFor([remoteEntry('web', 'http', server.url), remoteEntry('old', 'sse', server.sseUrl)]);
    await manager.whenSettled();
    expect(manager.statusList()).toEqual([
      { name: 'web', status: 'connected' },
      { name: 'old', status: 'connected' },
    ]);
    const ctx = makeToolContext(process.cwd());
    for (const name of ['mcp__web__echo', 'mcp__old__echo']) {
      const result = await runTool(tool(manager, name), { text: name }, ctx);
      expect(result.data?.blocks).toEqual([{ type: 'text', text: `echo: ${name}` }]);
    }
    const [a, b] = await Promise.all([
      runTool(tool(manager, 'mcp__web__gate'), { name: 'a' }, ctx),
      runTool(tool(manager, 'mcp__web__gate'), { name: 'b' }, ctx),
    ]);
    expect([a.data?.blocks, b.data?.blocks]).toEqual([
      [{ type: 'text', text: 'gate a passed' }],
      [{ type: 'text', text: 'gate b passed' }],
    ]);
    expect(manager.listResources().map((r) => `${r.server} ${r.uri}`)).toEqual([`web ${GREETING_URI}`, `old ${GREETING_URI}`]);
    const read = await manager.readResource('old', GREETING_URI, new AbortController().signal);
    expect(read.contents[0]).toMatchObject({ text: GREETING_TEXT });
  });

  it('reconnects an HTTP server that went away once it is back', async () => {
    const first = await serve();
    const manager = managerFor([remoteEntry('flaky', 'http', first.url)]);
    await manager.whenSettled();
    await first.close();

    const retrying = nextStatus(manager, (e) => e.status === 'pending' && /attempt 1 of 5/.test(e.reason ?? ''));
    const lost = await runTool(tool(manager, 'mcp__flaky__echo'), { text: 'x' }, makeToolContext(process.cwd()));
    expect(lost.error).toMatch(/MCP server "flaky" stopped answering/);
    await retrying;
    const back = nextStatus(manager, (e) => e.status === 'connected');
    await serve(first.port);
    await back;
    const echo = await runTool(tool(manager, 'mcp__flaky__echo'), { text: 'again' }, makeToolContext(process.cwd()));
    expect(echo.data?.blocks).toEqual([{ type: 'text', text: 'echo: again' }]);
  });

  it('gives up after five reconnect attempts and says why', async () => {
    const server = await serve();
    const manager = managerFor([remoteEntry('gone', 'http', server.url)]);
    await manager.whenSettled();
    await server.close();
    const attempts: string[] = [];
    manager.onStatusChange((e) => {
      if (e.status === 'pending') attempts.push(e.reason ?? '');
    });
    const failed = nextStatus(manager, (e) => e.status === 'failed');
    await runTool(tool(manager, 'mcp__gone__echo'), { text: 'x' }, makeToolContext(process.cwd()));
    const event = await failed;
    expect(attempts).toHaveLength(5);
    expect(event.reason).toMatch(/5 reconnect attempts failed/);
    const after = await runTool(tool(manager, 'mcp__gone__echo'), { text: 'x' }, makeToolContext(process.cwd()));
    expect(after.error).toMatch(/MCP server "gone" is failed/);
  });

  it('reports an unreachable server as failed with the address', async () => {
    const server = await serve();
    const url = server.url;
    await server.close();
    const manager = managerFor([remoteEntry('nowhere', 'http', url)]);
    await manager.whenSettled();
    const [info] = manager.servers();
    expect(info?.status).toBe('failed');
    expect(info?.reason).toContain(`could not connect to ${url}`);
  });
});
