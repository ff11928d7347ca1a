// An MCP server for tests, written with the same SDK Pulse connects through. It runs three
// ways: in-process over streamable HTTP or SSE (`startHttpTestServer`), or as a child process over
// stdio (`buildMcpTestServerScript` bundles this file; run it with `node <script> --stdio`).
//
// Tools: echo, add (a typed schema), gate (read-only; returns once two gate calls are in flight,
// so it only finishes when calls run side by side), hang (never answers), crash (exits the
// process), picture (an image and a resource link), big (a long text), fail (isError).
// Resource `test://greeting`; prompt `review {topic}`. Its initialize answer carries
// instructions (TEST_SERVER_INSTRUCTIONS, or MCP_TEST_INSTRUCTIONS when set).
// MCP_TEST_FAIL_START=1 makes the stdio server complain on stderr and exit before answering.
// MCP_TEST_PID_FILE=<path>: the stdio server writes its pid there. MCP_TEST_SILENT=1: it never
// answers (not even initialize) and ignores a closed stdin and SIGTERM. MCP_TEST_INIT_GATE=<path>:
// it answers nothing until that file exists.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { bundleScript } from './bundleScript.js';
import { readBody, startLocalHttpServer } from './localHttpServer.js';

export const GREETING_URI = 'test://greeting';
export const GREETING_TEXT = 'Hello from the test server.';
/** A 1x1 transparent PNG. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const TEST_SERVER_INSTRUCTIONS = 'Call echo before add; the greeting resource says hello.';

/** Gate calls waiting for a partner; shared by every session of one process. */
const waitingAtGate: Array<() => void> = [];

export function createTestMcpServer(): McpServer {
  const server = new McpServer(
    { name: 'pulse-test-server', version: '1.0.0' },
    { instructions: process.env.MCP_TEST_INSTRUCTIONS ?? TEST_SERVER_INSTRUCTIONS },
  );

  server.registerTool(
    'echo',
    { description: 'Echoes the text back', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  server.registerTool(
    'add',
    { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'gate',
    {
      description: 'Returns once another gate call is running at the same time',
      inputSchema: { name: z.string() },
      annotations: { readOnlyHint: true },
    },
    ({ name }) =>
      new Promise((resolvePass) => {
        const pass = (): void => resolvePass({ content: [{ type: 'text', text: `gate ${name} passed` }] });
        const partner = waitingAtGate.shift();
        if (partner) {
          partner();
          pass();
          return;
        }
        waitingAtGate.push(pass);
      }),
  );
  server.registerTool(
    'hang',
    { description: 'Never answers', inputSchema: {} },
    (_args, extra) =>
      new Promise((resolveCancelled) => {
        extra.signal.addEventListener('abort', () =>
          resolveCancelled({ content: [{ type: 'text', text: 'cancelled' }] }),
        );
      }),
  );
  server.registerTool('crash', { description: 'Exits the server process', inputSchema: {} }, () => {
    process.stderr.write('test server: crashing on purpose\n');
    process.exit(3);
  });
  server.registerTool('picture', { description: 'An image and a link', inputSchema: {} }, () => ({
    content: [
      { type: 'text', text: 'Here is a picture.' },
      { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      { type: 'resource_link', uri: GREETING_URI, name: 'greeting', mimeType: 'text/plain' },
    ],
  }));
  server.registerTool(
    'big',
    { description: 'A long text', inputSchema: { chars: z.number() } },
    ({ chars }) => ({ content: [{ type: 'text', text: 'x'.repeat(chars) }] }),
  );
  server.registerTool('fail', { description: 'Reports an error', inputSchema: {} }, () => ({
    content: [{ type: 'text', text: 'it went wrong' }],
    isError: true,
  }));

  server.registerResource(
    'greeting',
    GREETING_URI,
    { description: 'A friendly greeting', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: GREETING_TEXT }] }),
  );
  server.registerPrompt(
    'review',
    { description: 'Ask for a careful review', argsSchema: { topic: z.string() } },
    ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Review ${topic} carefully.` } }] }),
  );
  return server;
}

export type HttpTestServer = {
  /** Streamable HTTP endpoint. */
  url: string;
  /** Legacy SSE endpoint. */
  sseUrl: string;
  port: number;
  /** Requests that reached /mcp, to wait on. */
  requestCount(): number;
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export type HttpTestServerOptions = {
  /** Answer 401 to /mcp and /sse unless the request carries `Authorization: Bearer <token>`. */
  requireToken?: string;
  /** With `requireToken`: the 401 points at OAuth protected-resource metadata, which is served. */
  oauth?: boolean;
};

/** The 401 a token-protected server sends; with OAuth, its challenge names the metadata. */
function refuse(res: ServerResponse, base: string, oauth: boolean): void {
  const challenge = oauth ? `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"` : 'Bearer';
  res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': challenge });
  res.end(JSON.stringify({ error: 'invalid_token', error_description: 'a bearer token is required' }));
}

function oauthMetadata(base: string): string {
  return JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [`${base}/login`] });
}

/** Streamable HTTP (stateless: a fresh server per request) and SSE on 127.0.0.1. */
export async function startHttpTestServer(port = 0, options: HttpTestServerOptions = {}): Promise<HttpTestServer> {
  const sseSessions = new Map<string, SSEServerTransport>();
  let requests = 0;
  let base = '';
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (options.requireToken !== undefined) {
      if (options.oauth && url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(oauthMetadata(base));
        return;
      }
      if ((url.pathname === '/mcp' || url.pathname === '/sse') && req.headers.authorization !== `Bearer ${options.requireToken}`) {
        requests++;
        refuse(res, base, options.oauth === true);
        return;
      }
    }
    if (url.pathname === '/mcp') {
      requests++;
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const body = await readJson(req);
      const server = createTestMcpServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => sseSessions.delete(transport.sessionId));
      await createTestMcpServer().connect(transport);
      return;
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) {
        res.writeHead(404).end('no such session');
        return;
      }
      await transport.handlePostMessage(req, res, await readJson(req));
      return;
    }
    res.writeHead(404).end();
  };
  const http = await startLocalHttpServer(handle, { port });
  base = http.url;
  return {
    url: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    port: http.port,
    requestCount: () => requests,
    close: () => http.close(),
  };
}

/** This file as a runnable script. */
export function buildMcpTestServerScript(): Promise<string> {
  return bundleScript(resolve(import.meta.dirname, 'mcpTestServer.ts'));
}

/** A temp directory for a test; callers remove it. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

async function runAsScript(args: string[]): Promise<void> {
  if (process.env.MCP_TEST_FAIL_START === '1') {
    process.stderr.write('test server: cannot start, the database is missing\n');
    process.exit(2);
  }
  if (args.includes('--http')) {
    const server = await startHttpTestServer(Number(process.env.MCP_TEST_PORT ?? 0));
    process.stdout.write(`${server.url}\n`);
    return;
  }
  if (process.env.MCP_TEST_PID_FILE) writeFileSync(process.env.MCP_TEST_PID_FILE, String(process.pid));
  if (process.env.MCP_TEST_SILENT === '1') {
    // Reads its input and never answers, not even initialize; ignores both a closed stdin and SIGTERM.
    process.on('SIGTERM', () => undefined);
    process.stdin.on('data', () => undefined).on('end', () => undefined);
    setInterval(() => undefined, 60_000);
    return;
  }
  // A slow server: nothing is read or answered until the gate file exists.
  const gate = process.env.MCP_TEST_INIT_GATE;
  while (gate && !existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 20));
  const server = createTestMcpServer();
  await server.connect(new StdioServerTransport());
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  await runAsScript(process.argv.slice(2));
}
