// Read pacing (src/api/readPacing.ts): a trickling response is read in batches, never at the
// cost of an event, its order, the first reads, a stream's end, an abort, a broken connection or
// the idle watchdog. The pacer's rules on a fake handle and clock; the transport against the real
// mock server and the real SDK client.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeFetch, NodeResponse } from '../../../src/api/nodeFetch.js';
import { ReadPacer } from '../../../src/api/readPacing.js';
import type { MockAnthropic, MockTurn } from '../../support/mockAnthropic.js';
import { assistants, params, retries, run, setEnv, withMock } from './callModelHarness.js';

type FakeHandle = { reading: boolean; readStop: () => number; readStart: () => number; calls: string[] };

function fakeSocket(): { socket: Socket; handle: FakeHandle } {
  const calls: string[] = [];
  const handle: FakeHandle = {
    reading: true,
    calls,
    readStop: () => (calls.push('stop'), 0),
    readStart: () => (calls.push('start'), 0),
  };
  return { socket: { _handle: handle } as unknown as Socket, handle };
}

describe('ReadPacer', () => {
  let clock = 0;
  const now = (): number => clock;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  function readsAt(pacer: ReadPacer, ...times: number[]): void {
    for (const time of times) {
      clock = time;
      pacer.afterRead(true);
    }
  }

  it('never holds the first reads of a response, nor reads that come in a burst', () => {
    const { socket, handle } = fakeSocket();
    const pacer = new ReadPacer(socket, 100, now);
    readsAt(pacer, 0, 40);
    readsAt(pacer, 41, 42, 43, 44);
    expect(handle.calls).toEqual([]);
  });

  it('holds a trickling response for the interval after a read, then reads again by itself', () => {
    const { socket, handle } = fakeSocket();
    const pacer = new ReadPacer(socket, 100, now);
    readsAt(pacer, 0, 40, 80);
    expect(handle.calls).toEqual(['stop']);
    vi.advanceTimersByTime(99);
    expect(handle.calls).toEqual(['stop']);
    vi.advanceTimersByTime(1);
    expect(handle.calls).toEqual(['stop', 'start']);
    // The read the kernel gathered meanwhile is held again: the stream still trickles.
    readsAt(pacer, 180);
    expect(handle.calls).toEqual(['stop', 'start', 'stop']);
  });

  it('stays paced when one read comes as several chunks (TLS records)', () => {
    const { socket, handle } = fakeSocket();
    const pacer = new ReadPacer(socket, 100, now);
    readsAt(pacer, 0, 40, 80);
    vi.advanceTimersByTime(100);
    readsAt(pacer, 180, 180, 180);
    expect(handle.calls).toEqual(['stop', 'start', 'stop']);
  });

  it('reads again at once on stop(), and never holds again', () => {
    const { socket, handle } = fakeSocket();
    const pacer = new ReadPacer(socket, 100, now);
    readsAt(pacer, 0, 40, 80);
    pacer.stop();
    expect(handle.calls).toEqual(['stop', 'start']);
    readsAt(pacer, 120, 160, 200, 240);
    vi.advanceTimersByTime(1000);
    expect(handle.calls).toEqual(['stop', 'start']);
  });

  it('does not hold the read that completes the response', () => {
    const { socket, handle } = fakeSocket();
    const pacer = new ReadPacer(socket, 100, now);
    readsAt(pacer, 0, 40);
    clock = 80;
    pacer.afterRead(false);
    expect(handle.calls).toEqual([]);
  });

  it('leaves alone a socket Node stopped reading itself, and one destroyed while held', () => {
    const full = fakeSocket();
    full.handle.reading = false;
    const pacer = new ReadPacer(full.socket, 100, now);
    readsAt(pacer, 0, 40, 80);
    expect(full.handle.calls).toEqual([]);

    const gone = fakeSocket();
    const held = new ReadPacer(gone.socket, 100, now);
    readsAt(held, 0, 40, 80);
    (gone.socket as unknown as { _handle: null })._handle = null;
    vi.advanceTimersByTime(100);
    held.stop();
    expect(gone.handle.calls).toEqual(['stop']);
  });

  it('is off at 0 ms (PULSE_STREAM_READ_PACE_MS=0) and without a handle to pace', () => {
    const { socket, handle } = fakeSocket();
    readsAt(new ReadPacer(socket, 0, now), 0, 40, 80, 120);
    expect(handle.calls).toEqual([]);
    expect(() => readsAt(new ReadPacer({} as Socket, 100, now), 0, 40, 80)).not.toThrow();
  });
});

/** A text answer streamed a delta every `delayMs`, then a tool call, as the API sends them. */
function tricklingTurn(deltas: number, delayMs: number, extra: Partial<MockTurn & { kind?: 'reply' }> = {}): MockTurn {
  const text = Array.from({ length: deltas }, (_, index) => `word${String(index).padStart(3, '0')} `).join('');
  return {
    content: [
      { type: 'text', text },
      { type: 'tool_use', id: 'toolu_paced', name: 'Read', input: { file_path: '/tmp/a.txt', limit: 20 } },
    ],
    chunkSize: 8,
    chunkDelayMs: delayMs,
    ...extra,
  } as MockTurn;
}

describe('paced reads against the mock server', () => {
  let mock: MockAnthropic | undefined;
  let restoreEnv: () => void = () => undefined;
  beforeEach(() => {
    restoreEnv = setEnv({ PULSE_RETRY_BASE_DELAY_MS: '5', PULSE_STREAM_IDLE_TIMEOUT_MS: undefined, PULSE_STREAM_READ_PACE_MS: undefined });
  });
  afterEach(async () => {
    restoreEnv();
    await mock?.close();
    mock = undefined;
  });

  async function setup(...turns: MockTurn[]) {
    const started = await withMock(turns);
    mock = started.mock;
    return started;
  }

  it('delivers every event, in order, and the blocks whole', async () => {
    const { callModel } = await setup(tricklingTurn(60, 5));
    const { events, error } = await run(callModel(params()));
    expect(error).toBeUndefined();
    const received = events.flatMap((event) => (event.type === 'stream_event' ? [event.event] : []));
    const shape = received.map((event) => (event.type === 'content_block_delta' ? `delta${event.index}` : event.type)).join(' ');
    expect(shape).toMatch(
      /^message_start content_block_start( delta0)+ content_block_stop content_block_start( delta1)+ content_block_stop message_delta message_stop$/,
    );
    const text = received.map((event) => (event.type === 'content_block_delta' && event.delta.type === 'text_delta' ? event.delta.text : '')).join('');
    expect(text).toBe(Array.from({ length: 60 }, (_, index) => `word${String(index).padStart(3, '0')} `).join(''));
    const [, tool] = assistants(events).map((message) => message.message.content[0]);
    expect(tool).toMatchObject({ type: 'tool_use', input: { file_path: '/tmp/a.txt', limit: 20 } });
  });

  it('takes a trickling body in far fewer reads than it has events', async () => {
    await setup(tricklingTurn(60, 5));
    const { chunks, body } = await readBody(mock!.url);
    const events = body.split('\n\n').filter((event) => event.startsWith('event: '));
    expect(events.at(-1)).toMatch(/^event: message_stop/);
    expect(events.length).toBeGreaterThan(60);
    // One read per 5 ms event unpaced; a 250 ms spell gathers dozens.
    expect(chunks).toBeLessThan(events.length / 3);
  });

  it('never waits for more data: the first read, and a held spell, end while the server is silent', async () => {
    const firstArrived = deferred();
    const spellEnded = deferred();
    const turn = tricklingTurn(40, 5, {
      holds: [
        // Only message_start is on the wire until the client has it.
        { afterEvents: 1, until: firstArrived.promise },
        // Pacing is on by now; everything sent so far must arrive without more coming.
        { afterEvents: 30, until: spellEnded.promise },
      ],
    });
    await setup(turn);
    const response = (await nodeFetch(`${mock!.url}/v1/messages`, streamingInit())) as NodeResponse;
    let body = '';
    for await (const chunk of response.body) {
      body += Buffer.from(chunk).toString();
      if (body.includes('message_start')) firstArrived.resolve();
      const deltas = body.split('event: content_block_delta').length - 1;
      // Events 0–2 are message_start, content_block_start and the first deltas.
      if (deltas >= 28) spellEnded.resolve();
    }
    expect(body).toContain('event: message_stop');
  });

  it('ends promptly with AbortError when aborted while reads are held', async () => {
    const { callModel } = await setup(tricklingTurn(200, 10));
    const controller = new AbortController();
    let seen = 0;
    let abortedAt = 0;
    const { error } = await run(
      (async function* () {
        for await (const event of callModel(params({ signal: controller.signal }))) {
          if (event.type === 'stream_event' && ++seen === 20) {
            abortedAt = performance.now();
            controller.abort();
          }
          yield event;
        }
      })(),
    );
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - abortedAt).toBeLessThan(1000);
  });

  it('notices silence past the idle limit while paced, and retries', async () => {
    restoreEnv = ((previous) => () => (restore(), previous()))(restoreEnv);
    const restore = setEnv({ PULSE_STREAM_IDLE_TIMEOUT_MS: '400' });
    const never = new Promise<void>(() => undefined);
    const { callModel } = await setup(tricklingTurn(40, 5, { holds: [{ afterEvents: 25, until: never }] }), {
      content: [{ type: 'text', text: 'awake again' }],
    });
    const { events, error } = await run(callModel(params()));
    expect(error).toBeUndefined();
    expect(retries(events).map((retry) => retry.data?.error)).toEqual(['timeout']);
    expect(assistants(events).at(-1)?.message.content[0]).toMatchObject({ text: 'awake again' });
  });

  it('reads a second paced stream on the same kept-alive socket', async () => {
    const { callModel } = await setup(tricklingTurn(40, 5), tricklingTurn(40, 5));
    for (let round = 0; round < 2; round++) {
      const { events, error } = await run(callModel(params()));
      expect(error).toBeUndefined();
      expect(assistants(events)).toHaveLength(2);
    }
    expect(mock!.requests).toHaveLength(2);
  });
});

/** Writes `count` SSE events `everyMs` apart, then `finish` (end the response, or cut it). */
function trickle(res: ServerResponse, count: number, everyMs: number, finish: () => void): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let sent = 0;
  const timer = setInterval(() => {
    res.write(`event: ping\ndata: {"n":${sent}}\n\n`);
    if (++sent < count) return;
    clearInterval(timer);
    setTimeout(finish, 20);
  }, everyMs);
}

/** The body, and how many times it arrived after a pause (chunks of one read come together). */
async function readAll(response: NodeResponse): Promise<{ arrivals: number; body: string; failure?: unknown }> {
  let arrivals = 0;
  let lastAt = -Infinity;
  let body = '';
  try {
    for await (const chunk of response.body) {
      if (performance.now() - lastAt > 2) arrivals++;
      lastAt = performance.now();
      body += Buffer.from(chunk).toString();
    }
    return { arrivals, body };
  } catch (failure) {
    return { arrivals, body, failure };
  }
}

/** A self-signed certificate from the openssl command line, or undefined where there is none. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pulse-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('paced reads on raw servers', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  it('reports "terminated" for a connection cut while reads are held, after every byte sent before it', async () => {
    server = createServer((_req, res) => trickle(res, 30, 5, () => res.socket?.destroy()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const { body, failure } = await readAll((await nodeFetch(url)) as NodeResponse);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'terminated' });
    expect(body).toContain('data: {"n":29}');
  });

  // The real API is https: TLS's handle forwards readStop/readStart to the TCP socket beneath.
  const certificate = selfSignedCertificate();
  it.skipIf(!certificate)('paces a response over TLS too (skipped without the openssl command)', async () => {
    server = createTlsServer(certificate!, (_req, res) => trickle(res, 60, 5, () => res.end()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const restore = setEnv({ NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const { arrivals, body, failure } = await readAll((await nodeFetch(url)) as NodeResponse);
      expect(failure).toBeUndefined();
      expect(body.split('\n\n').filter(Boolean)).toHaveLength(60);
      expect(body).toContain('data: {"n":59}');
      // Sixty records 5 ms apart; TLS hands each over as a chunk, but a held spell's come together.
      expect(arrivals).toBeLessThan(20);
    } finally {
      restore();
    }
  });
});

function streamingInit() {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-test', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: 'claude-opus-4-8', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'go' }] }),
  };
}

async function readBody(url: string): Promise<{ chunks: number; body: string }> {
  const response = (await nodeFetch(`${url}/v1/messages`, streamingInit())) as NodeResponse;
  let chunks = 0;
  let body = '';
  for await (const chunk of response.body) {
    chunks++;
    body += Buffer.from(chunk).toString();
  }
  return { chunks, body };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
