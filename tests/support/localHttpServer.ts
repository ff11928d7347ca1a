// An HTTP server on 127.0.0.1 for tests and benchmarks: a free port unless one is asked for, a
// handler whose failure still answers, and a close that does not wait for keep-alive sockets.
// Plain TypeScript with no test framework imports, like the mock servers built on it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type LocalHttpServer = { url: string; port: number; close(): Promise<void> };

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type LocalHttpServerOptions = {
  port?: number;
  /** What a handler that threw answers when nothing was sent yet (default: a bare 500). */
  failure?: (res: ServerResponse, error: unknown) => void;
};

export async function startLocalHttpServer(handle: Handler, options: LocalHttpServerOptions = {}): Promise<LocalHttpServer> {
  const sockets = new Set<Socket>();
  const failure = options.failure ?? ((res: ServerResponse) => res.writeHead(500).end());
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((error: unknown) => {
        if (!res.headersSent) failure(res, error);
        else res.destroy();
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the local test server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
