// Local stand-ins for Amazon Bedrock, Google Vertex AI and Microsoft Foundry: real HTTP on
// 127.0.0.1 speaking each provider's wire format, in front of the project's mock Messages API
// (mockAnthropic.ts), so every scripted turn and fault there works through every provider.
// Bedrock: `POST /model/{id}/invoke-with-response-stream` with a SigV4 signature (or a Bedrock
// API key) checked, replies in AWS event-stream framing, errors as Bedrock sends them. Vertex:
// `POST /v1/projects/{p}/locations/{r}/publishers/anthropic/models/{m}:streamRawPredict` with
// a Google bearer token (issued by this server's STS token endpoint), SSE replies. Foundry:
// `POST /anthropic/v1/messages` with an api key or an Entra ID token. Plain TypeScript with no
// test framework imports.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { bedrockChunk, bedrockException, sigV4Problem, type AwsSecret } from './awsWire.js';
import { readBody, sendJson, startLocalHttpServer, type LocalHttpServer } from './localHttpServer.js';
import { startMockAnthropic, type MockAnthropic, type MockAnthropicOptions } from './mockAnthropic.js';

export type ProviderWire = 'bedrock' | 'vertex' | 'foundry';

export type MockProviderOptions = MockAnthropicOptions & {
  wire: ProviderWire;
  /** Bedrock: requests must be SigV4-signed with this secret for `region`. */
  aws?: AwsSecret & { region: string };
  /** Bearer tokens (Bedrock API keys, Foundry Entra tokens) or Foundry api keys that pass. */
  acceptedTokens?: string[];
  /** Send no credential check at all (gateways, the *_SKIP_*_AUTH variables). */
  noAuth?: boolean;
  /** Vertex: the subject token the STS endpoint exchanges for a bearer token. */
  subjectToken?: string;
  /** Model ids the account may call; others are refused the way the provider refuses them. */
  enabledModels?: string[];
};

export type ProviderRequest = {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
  /** The model the URL or body named. */
  model?: string;
};

export interface MockProvider {
  url: string;
  /** The Messages API behind the provider, with its scripted turns and recorded requests. */
  inner: MockAnthropic;
  /** Model requests as the provider received them. */
  requests: ProviderRequest[];
  /** Why requests were refused before reaching the model (a bad signature, a wrong token). */
  refusals: string[];
  /** Bearer tokens the Vertex STS endpoint has issued. */
  issuedTokens: string[];
  close(): Promise<void>;
}

type Route = { model: string; stream: boolean };

const BEDROCK_ROUTE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const VERTEX_ROUTE = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+)(?::|%3A)(rawPredict|streamRawPredict)$/;
const FOUNDRY_ROUTE = /^\/anthropic\/v1\/messages$/;

/** Bedrock's exception names for the statuses the inner mock answers with. */
const BEDROCK_EXCEPTION_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
  529: 'ServiceUnavailableException',
};

/** How Bedrock names, in a stream, what the Messages API calls an error type. */
const BEDROCK_STREAM_EXCEPTION: Readonly<Record<string, string>> = {
  overloaded_error: 'serviceUnavailableException',
  rate_limit_error: 'throttlingException',
  invalid_request_error: 'validationException',
  api_error: 'internalServerException',
};

function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function bedrockError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`, 'x-amzn-requestid': 'mock-request' });
}

function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, { error: { code, message, status } });
}

function bearer(headers: Record<string, string | undefined>): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
}

/** Splits an SSE byte stream into `{event, data}` frames as they complete. */
class SseFrames {
  #buffer = '';

  push(chunk: string): Array<{ event: string; data: string }> {
    this.#buffer += chunk;
    const frames: Array<{ event: string; data: string }> = [];
    for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
      const raw = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(raw)?.[1] ?? 'message';
      const data = raw
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      frames.push({ event, data });
    }
    return frames;
  }
}

class ProviderServer implements MockProvider {
  url = '';
  readonly requests: ProviderRequest[] = [];
  readonly refusals: string[] = [];
  readonly issuedTokens: string[] = [];
  private http?: LocalHttpServer;

  constructor(
    readonly inner: MockAnthropic,
    private readonly opts: MockProviderOptions,
  ) {}

  async listen(): Promise<void> {
    this.http = await startLocalHttpServer((req, res) => this.handle(req, res), {
      failure: (res, err) => sendJson(res, 500, { message: `mock provider failure: ${String(err)}` }),
    });
    this.url = this.http.url;
  }

  async close(): Promise<void> {
    await this.http?.close();
    await this.inner.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const headers = flatHeaders(req);
    const [path = '/'] = (req.url ?? '/').split('?');
    if (this.opts.wire === 'vertex' && req.method === 'POST' && path === '/v1/token') return this.exchangeToken(body, res);
    const request: ProviderRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers, body };
    const route = this.route(path, body, res);
    if (!route) return;
    request.model = route.model;
    this.requests.push(request);
    if (!this.authorized(request, res)) return;
    if (this.opts.enabledModels && !this.opts.enabledModels.includes(route.model)) return this.refuseModel(route, res);
    await this.forward(body, route, res);
  }

  /** The model and streaming flag, or undefined after answering 404 for a path this provider lacks. */
  private route(path: string, body: string, res: ServerResponse): Route | undefined {
    const wire = this.opts.wire;
    if (wire === 'bedrock') {
      const match = BEDROCK_ROUTE.exec(path);
      if (match) return { model: decodeURIComponent(match[1] ?? ''), stream: match[2] === 'invoke-with-response-stream' };
      bedrockError(res, 404, 'UnknownOperationException', `mock Bedrock: no route ${path}`);
      return undefined;
    }
    if (wire === 'vertex') {
      const match = VERTEX_ROUTE.exec(path);
      if (match) return { model: decodeURIComponent(match[3] ?? ''), stream: match[4] === 'streamRawPredict' };
      googleError(res, 404, 'NOT_FOUND', `mock Vertex: no route ${path}`);
      return undefined;
    }
    if (FOUNDRY_ROUTE.test(path)) {
      const parsed = JSON.parse(body) as { model?: string; stream?: boolean };
      return { model: parsed.model ?? '', stream: parsed.stream === true };
    }
    sendJson(res, 404, { error: { code: '404', message: `mock Foundry: no route ${path}` } });
    return undefined;
  }

  private refuse(reason: string): void {
    this.refusals.push(reason);
  }

  private authorized(request: ProviderRequest, res: ServerResponse): boolean {
    const { opts } = this;
    if (opts.noAuth) {
      if (request.headers.authorization && opts.wire !== 'foundry') {
        this.refuse(`credentials sent to a gateway that adds its own: ${request.headers.authorization}`);
      }
      return true;
    }
    const token = bearer(request.headers);
    if (opts.wire === 'bedrock') {
      if (token !== undefined && opts.acceptedTokens?.includes(token)) return true;
      const problem = opts.aws
        ? sigV4Problem(request, opts.aws, opts.aws.region, 'bedrock')
        : `no accepted Bedrock API key (got ${token ?? 'none'})`;
      if (!problem) return true;
      this.refuse(problem);
      bedrockError(res, 403, 'UnrecognizedClientException', `The security token included in the request is invalid. (${problem})`);
      return false;
    }
    if (opts.wire === 'vertex') {
      if (token !== undefined && (this.issuedTokens.includes(token) || opts.acceptedTokens?.includes(token))) return true;
      this.refuse(`Vertex bearer token not issued here: ${token ?? 'none'}`);
      googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
      return false;
    }
    const key = request.headers['api-key'] ?? request.headers['x-api-key'] ?? token;
    if (key !== undefined && opts.acceptedTokens?.includes(key)) return true;
    this.refuse(`Foundry credential not accepted: ${key ?? 'none'}`);
    sendJson(res, 401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } });
    return false;
  }

  private refuseModel(route: Route, res: ServerResponse): void {
    if (this.opts.wire === 'bedrock') {
      return bedrockError(res, 403, 'AccessDeniedException', "You don't have access to the model with the specified model ID.");
    }
    if (this.opts.wire === 'vertex') {
      return googleError(res, 404, 'NOT_FOUND', `Publisher Model \`publishers/anthropic/models/${route.model}\` was not found or your project does not have access to it.`);
    }
    sendJson(res, 404, { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' } });
  }

  /** Google's STS token exchange, for external-account (workload identity) credentials. */
  private exchangeToken(body: string, res: ServerResponse): void {
    const form = new URLSearchParams(body);
    if (!this.opts.subjectToken || form.get('subject_token') !== this.opts.subjectToken) {
      this.refuse(`STS subject token not accepted: ${form.get('subject_token') ?? 'none'}`);
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The subject token is invalid.' });
    }
    const token = `ya29.mock-${this.issuedTokens.length + 1}`;
    this.issuedTokens.push(token);
    sendJson(res, 200, { access_token: token, issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', token_type: 'Bearer', expires_in: 3600 });
  }

  /** The provider's body as a Messages API request. */
  private messagesBody(body: string, route: Route): string {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const { anthropic_version: _version, anthropic_beta: _betas, ...rest } = parsed;
    return JSON.stringify(this.opts.wire === 'foundry' ? parsed : { ...rest, model: route.model, stream: route.stream });
  }

  private forward(body: string, route: Route, res: ServerResponse): Promise<void> {
    const target = new URL('/v1/messages', this.inner.url);
    const payload = this.messagesBody(body, route);
    return new Promise((resolve) => {
      const upstream = httpRequest(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'sk-provider-mock' } }, (reply) => {
        this.relay(reply, route, res).finally(resolve);
      });
      upstream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', () => upstream.destroy());
      upstream.end(payload);
    });
  }

  /** Passes the Messages API's answer back in the provider's format; a cut stays a cut. */
  private async relay(reply: IncomingMessage, route: Route, res: ServerResponse): Promise<void> {
    const status = reply.statusCode ?? 500;
    const text = (chunks: Buffer[]): string => Buffer.concat(chunks).toString('utf8');
    if (status !== 200 || !route.stream || this.opts.wire !== 'bedrock') {
      if (status !== 200 && this.opts.wire === 'bedrock') {
        const chunks: Buffer[] = [];
        for await (const chunk of reply) chunks.push(chunk as Buffer);
        const parsed = JSON.parse(text(chunks) || '{}') as { error?: { message?: string } };
        const retryAfter = reply.headers['retry-after'];
        res.setHeader('x-amzn-errortype', `${BEDROCK_EXCEPTION_BY_STATUS[status] ?? 'InternalServerException'}:http://internal.amazon.com/coral/com.amazon.bedrock/`);
        if (typeof retryAfter === 'string') res.setHeader('retry-after', retryAfter);
        return sendJson(res, status === 529 ? 503 : status, { message: parsed.error?.message ?? `mock Bedrock ${status}` });
      }
      res.writeHead(status, { 'content-type': reply.headers['content-type'] ?? 'application/json', ...(reply.headers['retry-after'] ? { 'retry-after': String(reply.headers['retry-after']) } : {}) });
      res.flushHeaders();
      return this.pipe(reply, res, (chunk) => chunk);
    }
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'mock-request' });
    res.flushHeaders();
    const frames = new SseFrames();
    return this.pipe(reply, res, (chunk) =>
      Buffer.concat(
        frames.push(chunk.toString('utf8')).map((frame) => {
          const data = JSON.parse(frame.data) as { type?: string; error?: { type?: string; message?: string } };
          if (frame.event !== 'error') return bedrockChunk(data);
          const type = BEDROCK_STREAM_EXCEPTION[data.error?.type ?? ''] ?? 'internalServerException';
          return bedrockException(type, data.error?.message ?? 'mock stream error');
        }),
      ),
    );
  }

  /** Copies the reply through `convert`, ending or cutting the response the way the reply ended. */
  private pipe(reply: IncomingMessage, res: ServerResponse, convert: (chunk: Buffer) => Buffer): Promise<void> {
    return new Promise((resolve) => {
      reply.on('data', (chunk: Buffer) => {
        const out = convert(chunk);
        if (out.length > 0) res.write(out);
      });
      reply.on('end', () => {
        if (reply.complete) res.end();
        else res.destroy();
        resolve();
      });
      reply.on('error', () => {
        res.destroy();
        resolve();
      });
      reply.on('close', () => {
        if (!reply.complete) res.destroy();
        resolve();
      });
    });
  }
}

/** Starts the Messages API mock and a provider in front of it. */
export async function startMockProvider(opts: MockProviderOptions): Promise<MockProvider> {
  const inner = await startMockAnthropic(opts);
  const server = new ProviderServer(inner, opts);
  await server.listen();
  return server;
}
