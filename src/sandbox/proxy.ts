// The sandbox's only way out: an HTTP proxy that runs in Pulse, outside the sandbox. Inside, the
// command's HTTP_PROXY/HTTPS_PROXY point at a bridge on the sandbox's loopback, which hands each
// connection over to this proxy (sandbox/bridge.ts). It serves CONNECT tunnels (HTTPS and other
// TCP) and plain HTTP requests in absolute form, to allowed hosts only; a refusal is a 403 whose
// body says why, and is remembered so the Bash result can tell the model.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { judgeHost, type DomainRules } from './domains.js';

export type BlockedHost = { host: string; port: number; why: 'denied' | 'not_allowed' };

export type SandboxProxy = {
  /** Serve one connection the bridge accepted inside the sandbox. */
  accept(socket: Socket): void;
  /** Hosts refused so far, each once. */
  blocked(): BlockedHost[];
  close(): void;
};

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive']);

function refusalText(host: string, why: BlockedHost['why']): string {
  const rule = why === 'denied' ? 'it is in sandbox.network.deniedDomains' : 'it is not in sandbox.network.allowedDomains';
  return `Pulse's sandbox refused the connection to ${host}: ${rule}.\n`;
}

/** `host:port` of a CONNECT request; IPv6 hosts come bracketed. */
function connectTarget(target: string | undefined): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target ?? '');
  if (!match) return undefined;
  return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

function absoluteTarget(url: string | undefined): URL | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' ? parsed : undefined;
}

function endSocket(socket: Duplex, status: string, body: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function tunnel(client: Duplex, head: Buffer, host: string, port: number): void {
  const upstream = connect(port, host);
  const close = (): void => {
    client.destroy();
    upstream.destroy();
  };
  upstream.once('connect', () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.once('error', (error) => {
    if (upstream.connecting) endSocket(client, '502 Bad Gateway', `Pulse's sandbox proxy could not reach ${host}:${port}: ${error.message}\n`);
    else close();
  });
  client.once('error', close);
  client.once('close', () => upstream.destroy());
}

function forward(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  const upstream = httpRequest(
    { host: target.hostname.replace(/^\[|\]$/g, ''), port: Number(target.port || 80), method: req.method, path: `${target.pathname}${target.search}`, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.once('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`Pulse's sandbox proxy could not reach ${target.host}: ${error.message}\n`);
  });
  req.pipe(upstream);
}

export function createSandboxProxy(rules: DomainRules): SandboxProxy {
  const blocked = new Map<string, BlockedHost>();
  const sockets = new Set<Socket>();
  const refuse = (host: string, port: number, why: BlockedHost['why']): string => {
    blocked.set(`${host}:${port}`, { host, port, why });
    return refusalText(host, why);
  };

  const server = createServer((req, res) => {
    const target = absoluteTarget(req.url);
    if (!target) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end("Pulse's sandbox proxy serves http:// URLs and CONNECT only.\n");
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const port = Number(target.port || 80);
    const verdict = judgeHost(rules, host, port);
    if (!verdict.allowed) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end(refuse(host, port, verdict.why));
      return;
    }
    forward(req, res, target);
  });
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const target = connectTarget(req.url);
    if (!target) return endSocket(client, '400 Bad Request', 'CONNECT needs host:port.\n');
    const verdict = judgeHost(rules, target.host, target.port);
    if (!verdict.allowed) return endSocket(client, '403 Forbidden', refuse(target.host, target.port, verdict.why));
    tunnel(client, head, target.host, target.port);
  });
  server.on('clientError', (_error, socket: Duplex) => socket.destroy());

  return {
    accept(socket) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      server.emit('connection', socket);
      socket.resume();
    },
    blocked: () => [...blocked.values()],
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
