// The SDK transport over node:http: what the SDK reads from a response, and failures that read
// like fetch's (abort reason, "fetch failed", "terminated").
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FormDataCheck, LightHeaders, ReadableStreamCheck } from '../../../src/api/lightHeaders.js';
import { NodeResponse, nodeFetch } from '../../../src/api/nodeFetch.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

type Seen = { method?: string; headers: Record<string, string | string[] | undefined>; body: string };

async function serve(handler: (res: ServerResponse, seen: Seen) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const entry: Seen = { method: req.method, headers: req.headers, body };
      seen.push(entry);
      handler(res, entry);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('LightHeaders', () => {
  it('joins appended values, ignores case and iterates sorted lower-case names', () => {
    const headers = new LightHeaders({ 'X-B': '1', a: [' 2 ', '3'] });
    headers.append('x-b', '4');
    expect(headers.get('X-B')).toBe('1, 4');
    expect([...headers]).toEqual([
      ['a', '2, 3'],
      ['x-b', '1, 4'],
    ]);
    headers.delete('A');
    expect(headers.has('a')).toBe(false);
    expect(new LightHeaders(headers).get('x-b')).toBe('1, 4');
  });

  it('refuses names and values HTTP cannot carry', () => {
    expect(() => new LightHeaders({ 'bad name': 'x' })).toThrow(TypeError);
    expect(() => new LightHeaders([['x', 'a\nb']])).toThrow(TypeError);
  });

  it('answers instanceof FormData without loading it, and truly once it is loaded', () => {
    expect({} instanceof FormDataCheck).toBe(false);
    expect(new FormData() instanceof FormDataCheck).toBe(true);
  });

  it('answers instanceof ReadableStream the same way', () => {
    expect({ model: 'x' } instanceof ReadableStreamCheck).toBe(false);
    expect(new ReadableStream() instanceof ReadableStreamCheck).toBe(true);
  });
});

describe('nodeFetch', () => {
  it('posts the body with its headers and reads status, headers and a streamed body', async () => {
    const { url, seen } = await serve((res) => {
      res.writeHead(201, { 'request-id': 'req_1', 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
      res.end('data: two\n\n');
    });
    const response = (await nodeFetch(`${url}/v1/messages`, {
      method: 'post',
      headers: new LightHeaders({ 'x-api-key': 'k', 'content-type': 'application/json' }),
      body: '{"a":1}',
    })) as NodeResponse;
    expect(response).toMatchObject({ status: 201, ok: true, url: `${url}/v1/messages` });
    expect(response.headers.get('Request-Id')).toBe('req_1');
    expect(await response.text()).toBe('data: one\n\ndata: two\n\n');
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'k', 'content-length': '7', accept: '*/*' });
  });

  it('reads an error body as JSON', async () => {
    const { url } = await serve((res) => {
      res.writeHead(529, { 'content-type': 'application/json' });
      res.end('{"type":"error"}');
    });
    const response = await nodeFetch(url, {});
    expect(response.ok).toBe(false);
    expect(await response.json()).toEqual({ type: 'error' });
  });

  it('rejects like fetch when nothing listens', async () => {
    const { url } = await serve((res) => res.end());
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    const failure = await nodeFetch(url, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
  });

  it('ends a stream with the signal reason on abort, and with "terminated" when the server hangs up', async () => {
    const { url } = await serve((res) => {
      res.writeHead(200);
      res.write('data: partial\n\n');
    });
    const controller = new AbortController();
    const aborted = (await nodeFetch(url, { signal: controller.signal })) as NodeResponse;
    const reading = (async () => {
      for await (const chunk of aborted.body) {
        expect(Buffer.from(chunk).toString()).toBe('data: partial\n\n');
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });

    const { url: hangUpUrl } = await serve((res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('short', () => res.socket?.end());
    });
    const cut = (await nodeFetch(hangUpUrl, {})) as NodeResponse;
    await expect(cut.text()).rejects.toThrow('terminated');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { url, seen } = await serve((res) => res.end());
    const controller = new AbortController();
    controller.abort();
    await expect(nodeFetch(url, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(0);
  });
});
