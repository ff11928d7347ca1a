// An HTTP MCP server that answers 401 is "needs-auth", not "failed": system/init says so, /mcp
// explains how to pass a token through `headers` (and that an OAuth login, when the server
// offers one, is not supported yet), and the same server connects once the token is configured.
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerEntry } from '../../src/mcp/config.js';
import { createMcpCommand } from '../../src/mcp/commands.js';
import { McpManager } from '../../src/mcp/manager.js';
import { startHttpTestServer, type HttpTestServer, type HttpTestServerOptions } from '../support/mcpTestServer.js';
import { scenario, STREAM_JSON } from './harness.js';

const TOKEN = 'letmein';
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function lockedServer(options: Omit<HttpTestServerOptions, 'requireToken'> = {}): Promise<HttpTestServer> {
  const server = await startHttpTestServer(0, { requireToken: TOKEN, ...options });
  cleanups.push(() => server.close());
  return server;
}

function entry(type: 'http' | 'sse', url: string, headers: Record<string, string> = {}): McpServerEntry {
  return { name: 'locked', scope: 'dynamic', source: 'test', raw: {}, config: { type, url, headers } };
}

async function settledManager(entries: McpServerEntry[]): Promise<McpManager> {
  const manager = new McpManager(entries, { cwd: process.cwd(), connectTimeoutMs: 10_000 });
  cleanups.push(() => manager.close());
  manager.start();
  await manager.whenSettled();
  return manager;
}

async function mcpReport(manager: McpManager): Promise<string> {
  const printed: string[] = [];
  await createMcpCommand(manager).run({ print: (text) => printed.push(text), clearConversation: () => {}, exit: () => {}, commands: [] }, '');
  return printed.join('\n');
}

describe('MCP servers that need authentication', () => {
  it('print mode lists a 401 server as needs-auth, and connects it once headers carry the token', async () => {
    const server = await lockedServer();
    const s = await scenario([], { content: [{ type: 'text', text: 'ok' }] });
    const without = JSON.stringify({ mcpServers: { locked: { type: 'http', url: server.url } } });
    const refused = await s.run(['-p', ...STREAM_JSON, 'hi', '--mcp-config', without]);
    expect(refused.json()[0]?.mcp_servers).toEqual([{ name: 'locked', status: 'needs-auth' }]);
    expect(server.requestCount()).toBeGreaterThan(0);

    const withToken = JSON.stringify({
      mcpServers: { locked: { type: 'http', url: server.url, headers: { Authorization: 'Bearer ${LOCKED_TOKEN}' } } },
    });
    const accepted = await s.run(['-p', ...STREAM_JSON, 'hi', '--mcp-config', withToken], { env: { LOCKED_TOKEN: TOKEN } });
    expect(accepted.json()[0]?.mcp_servers).toEqual([{ name: 'locked', status: 'connected' }]);
  });

  it('/mcp says OAuth login is not supported yet when the server offers it, and how to pass a token', async () => {
    const server = await lockedServer({ oauth: true });
    const manager = await settledManager([entry('http', server.url)]);
    const [info] = manager.servers();
    expect(info?.status).toBe('needs-auth');
    expect(info?.reason).toContain(`${server.url} needs authentication (401 Unauthorized)`);
    expect(info?.reason).toContain(`It offers an OAuth login (through http://127.0.0.1:${server.port}/login), which Pulse does not support yet.`);
    expect(info?.reason).toContain('"headers": {"Authorization": "Bearer ${YOUR_TOKEN}"}');
    const report = await mcpReport(manager);
    expect(report).toContain('locked (dynamic, http): needs authentication');
    expect(report).toContain('does not support yet');
  });

  it('without OAuth metadata, and over SSE, the message asks for a token and says nothing of OAuth', async () => {
    const server = await lockedServer();
    const manager = await settledManager([entry('sse', server.sseUrl)]);
    const [info] = manager.servers();
    expect(info?.status).toBe('needs-auth');
    expect(info?.reason).toContain(`${server.sseUrl} needs authentication (401 Unauthorized)`);
    expect(info?.reason).toContain('Pass a token instead');
    expect(info?.reason).not.toContain('OAuth');
  });

  it('a configured token the server refuses is named as the problem', async () => {
    const server = await lockedServer();
    const manager = await settledManager([entry('http', server.url, { Authorization: 'Bearer wrong' })]);
    const [info] = manager.servers();
    expect(info?.status).toBe('needs-auth');
    expect(info?.reason).toContain('refused the Authorization header configured for it (401 Unauthorized)');
  });
});
