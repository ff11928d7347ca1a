// Pulse's sandbox proxy without the sandbox: a local listener stands in for the bridge and hands
// each accepted socket to the proxy, as the IPC channel does in a real run.
import { request, createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer, type Server as NetServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxProxy, type SandboxProxy } from '../../../src/sandbox/proxy.js';

let echo: NetServer;
let web: Server;
let front: NetServer;
let proxy: SandboxProxy;
let ports: { echo: number; web: number; front: number };

function listen(server: NetServer | Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

beforeEach(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  web = createHttpServer((req, res) => res.end(`web saw ${req.method} ${req.url} host=${req.headers.host} proxy-auth=${req.headers['proxy-authorization'] ?? 'none'}`));
  ports = { echo: await listen(echo), web: await listen(web), front: 0 };
  proxy = createSandboxProxy({ allowed: [`127.0.0.1:${ports.echo}`, `localhost:${ports.web}`], denied: [] });
  front = createServer({ pauseOnConnect: true }, (socket) => proxy.accept(socket));
  ports.front = await listen(front);
});

afterEach(async () => {
  proxy.close();
  await Promise.all([echo, web, front].map((server) => new Promise((resolve) => server.close(resolve))));
});

function connectThrough(target: string): Promise<{ status: string; socket: import('node:net').Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(ports.front, '127.0.0.1', () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    let head = '';
    const onData = (chunk: Buffer): void => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      resolve({ status: head.slice(0, head.indexOf('\r\n')), socket });
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

function getThrough(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // As a proxy client sends it: the absolute URL as the path, the target in Host.
    const headers = { 'proxy-authorization': 'Basic eDp5', ...(URL.canParse(url) ? { host: new URL(url).host } : {}) };
    request({ host: '127.0.0.1', port: ports.front, path: url, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the sandbox proxy', () => {
  it('tunnels CONNECT to an allowed host and port', async () => {
    const { status, socket } = await connectThrough(`127.0.0.1:${ports.echo}`);
    expect(status).toBe('HTTP/1.1 200 Connection Established');
    const reply = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
    socket.write('ping through the tunnel');
    expect(await reply).toBe('ping through the tunnel');
    socket.destroy();
    expect(proxy.blocked()).toEqual([]);
  });

  it('refuses CONNECT to another port of the same host, and remembers it', async () => {
    const { status, socket } = await connectThrough(`127.0.0.1:${ports.web}`);
    socket.destroy();
    expect(status).toBe('HTTP/1.1 403 Forbidden');
    expect(proxy.blocked()).toEqual([{ host: '127.0.0.1', port: ports.web, why: 'not_allowed' }]);
  });

  it('forwards a plain HTTP request in absolute form, without the proxy headers', async () => {
    const answer = await getThrough(`http://localhost:${ports.web}/path?q=1`);
    expect(answer).toEqual({ status: 200, body: `web saw GET /path?q=1 host=localhost:${ports.web} proxy-auth=none` });
  });

  it('answers a refused request with 403 and why', async () => {
    const answer = await getThrough(`http://example.invalid/`);
    expect(answer.status).toBe(403);
    expect(answer.body).toBe("Pulse's sandbox refused the connection to example.invalid: it is not in sandbox.network.allowedDomains.\n");
  });

  it('serves only proxy requests', async () => {
    const answer = await getThrough('/not-absolute');
    expect(answer.status).toBe(400);
  });
});
