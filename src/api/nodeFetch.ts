// The Anthropic SDK's transport: fetch() over node:http and node:https. Node's own fetch
// (undici) loads http2, tls, zlib, worker_threads and a WebAssembly HTTP parser before its
// first request, which took longer than the rest of print mode's start-up; the SDK only needs
// an HTTP/1.1 request with a string or byte body (or a SerializedBody's pieces) and a streamed
// response. Anything else (stream or form bodies, other protocols) still goes to Node's fetch.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { LightHeaders, type HeadersInput } from './lightHeaders.js';
import { ReadPacer } from './readPacing.js';
import { SerializedBody } from './serializedBody.js';
import { beforeNodeFetch } from '../utils/beforeNodeFetch.js';
import { reportStartupDone } from '../utils/codeCache.js';

type FetchInput = string | URL | { url: string };
type FetchInit = { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal | null };
type Requester = { request: typeof httpRequest; agent: HttpAgent | HttpsAgent };

const httpRequester: Requester = { request: httpRequest, agent: new HttpAgent({ keepAlive: true }) };
let httpsRequester: Promise<Requester> | undefined;

/** TLS is loaded only for https endpoints, and only once. */
function requesterFor(url: URL): Requester | Promise<Requester> {
  if (url.protocol === 'http:') return httpRequester;
  httpsRequester ??= import('node:https').then((https) => ({
    request: https.request,
    agent: new https.Agent({ keepAlive: true }),
  }));
  return httpsRequester;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function urlOf(input: FetchInput): URL {
  if (typeof input === 'string') return new URL(input);
  return input instanceof URL ? input : new URL(input.url);
}

function bodyBytes(body: unknown): Uint8Array | SerializedBody | undefined | 'unsupported' {
  if (body === undefined || body === null) return undefined;
  if (body instanceof SerializedBody) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return body;
  return 'unsupported';
}

function responseHeaders(message: IncomingMessage): LightHeaders {
  const headers = new LightHeaders();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

/** The parts of a fetch Response the SDK reads; the body is an async iterable of bytes. */
export class NodeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly url: string;
  readonly redirected = false;
  readonly headers: LightHeaders;
  readonly body: AsyncIterable<Uint8Array>;
  #used = false;
  readonly #pacer: ReadPacer;

  constructor(message: IncomingMessage, url: URL, signal: AbortSignal | undefined) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.url = url.href;
    this.headers = responseHeaders(message);
    this.#pacer = new ReadPacer(message.socket);
    this.body = { [Symbol.asyncIterator]: () => this.#chunks(message, signal) };
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The rest of the body is read as it arrives (the caller knows the end is near). */
  stopReadPacing(): void {
    this.#pacer.stop();
  }

  /**
   * Errors read like fetch's: the signal's reason on abort, else TypeError("terminated"). A
   * trickling body is read in paced batches (see readPacing.ts).
   */
  async *#chunks(message: IncomingMessage, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
    this.#used = true;
    const pacer = this.#pacer;
    try {
      for await (const chunk of message) {
        pacer.afterRead(!message.complete);
        yield chunk as Uint8Array;
      }
      if (!message.complete) throw new Error('the connection closed before the response ended');
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      throw new TypeError('terminated', { cause: error });
    } finally {
      pacer.stop();
      if (!message.complete) message.destroy();
    }
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of this.body) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/** A body in pieces goes out piece by piece, corked into as few writes as the socket allows. */
function writeBody(request: ClientRequest, payload: Uint8Array | SerializedBody | undefined): void {
  if (!(payload instanceof SerializedBody)) {
    request.end(payload);
    return;
  }
  request.cork();
  for (const piece of payload.pieces) request.write(piece);
  request.end();
}

function send(requester: Requester, url: URL, init: FetchInit, payload: Uint8Array | SerializedBody | undefined): Promise<NodeResponse> {
  const signal = init.signal ?? undefined;
  const headers = new LightHeaders(init.headers as HeadersInput);
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (payload) headers.set('content-length', String(payload instanceof SerializedBody ? payload.size : payload.byteLength));
  const options: RequestOptions = {
    method: (init.method ?? 'GET').toUpperCase(),
    headers: Object.fromEntries(headers),
    agent: requester.agent,
  };
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    let response: IncomingMessage | undefined;
    const onAbort = (): void => {
      const reason = abortReason(signal as AbortSignal);
      reject(reason);
      request.destroy();
      response?.destroy();
    };
    const request = requester.request(url, options, (message) => {
      response = message;
      message.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(new NodeResponse(message, url, signal));
    });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: error }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    // Once the first request has left, start-up is over (see src/utils/codeCache.ts).
    request.once('finish', reportStartupDone);
    writeBody(request, payload);
  });
}

/** A fetch for the Anthropic SDK; see the top of this file for what it leaves to Node's. */
export async function nodeFetch(input: FetchInput, init: FetchInit = {}): Promise<NodeResponse | Response> {
  const url = urlOf(input);
  const payload = bodyBytes(init.body);
  if (payload === 'unsupported' || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    await beforeNodeFetch();
    const body = init.body instanceof SerializedBody ? init.body.joined() : init.body;
    return fetch(input instanceof URL || typeof input === 'string' ? input : input.url, { ...init, body } as RequestInit);
  }
  return send(await requesterFor(url), url, init, payload);
}
