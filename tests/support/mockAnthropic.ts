// A local stand-in for the Anthropic Messages API: real HTTP on 127.0.0.1, real SSE, scripted
// turns with every documented stop reason and block type, fault injection (HTTP errors, cut
// sockets, hung streams, mid-stream error events) and the API's checks on every request:
// tool_use/tool_result pairing, server tool pairs, unmodified thinking blocks. Plain TypeScript with no test
// framework imports, so benchmarks and scripts can start it too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages/messages';
import {
  DEFAULT_CHUNK_SIZE,
  type ChunkSize,
  defaultStopReason,
  errorBody,
  errorTypeForStatus,
  estimateTokens,
  formatSse,
  replyEvents,
  replyJson,
  statusForErrorType,
  type MockBlock,
  type ReplySpec,
  type ResolvedBlock,
  type SseEvent,
  type StopReason,
} from './mockEvents.js';
import { checkServerToolPairing, checkThinkingBlocks } from './blockChecks.js';
import { checkToolPairing } from './toolPairing.js';
import { readBody, sendJson as sendJsonReply, startLocalHttpServer, type LocalHttpServer } from './localHttpServer.js';

export type { MockBlock, StopReason };

export type MockReplyTurn = {
  kind?: 'reply';
  content: MockBlock[];
  /** Any documented stop reason, or an unknown string; by default tool_use or end_turn. */
  stopReason?: StopReason;
  /** The stop sequence that matched (with stopReason `stop_sequence`). */
  stopSequence?: string;
  /** message_delta's stop_details, e.g. a refusal's `{ type: 'refusal', category, explanation }`. */
  stopDetails?: Record<string, unknown>;
  usage?: { input_tokens?: number; output_tokens?: number; web_search_requests?: number };
  /** Pause between SSE events, to make a stream take time. */
  chunkDelayMs?: number;
  /** Characters per text/JSON delta, or sizes taken in turn (see ChunkSize). */
  chunkSize?: ChunkSize;
  /**
   * Stops after `afterEvents` SSE events until `until` settles, so a test can act mid-stream;
   * `reached` is called when the stream gets there (the events before it are on the socket).
   */
  holds?: Array<{ afterEvents: number; until: Promise<unknown>; reached?: () => void }>;
};

export type MockTurn =
  | MockReplyTurn
  | { kind: 'http_error'; status: number; headers?: Record<string, string>; body?: unknown; message?: string }
  /** Sends `afterEvents` events, then destroys the socket. */
  | { kind: 'cut'; content: MockBlock[]; afterEvents: number }
  /** Sends `afterEvents` events (default 0), then nothing until the server closes. */
  | { kind: 'hang'; content?: MockBlock[]; afterEvents?: number }
  /** Sends `afterEvents` events (default 0), then an SSE `error` event, and ends. */
  | { kind: 'sse_error'; errorType: string; message: string; afterEvents?: number }
  | ((req: RecordedRequest) => MockTurn);

export type MockRequestBody = Partial<MessageCreateParamsBase> & Record<string, unknown>;

export type RecordedRequest = {
  method: string;
  url: string;
  body: MockRequestBody;
  headers: Record<string, string | undefined>;
  /** Date.now() when the request arrived, for measuring retry spacing. */
  receivedAt: number;
  /** The body exactly as it arrived, when the mock was started with keepRawBodies. */
  rawBody?: string;
};

export type MockAnthropicOptions = {
  turns: MockTurn[];
  /** Reject requests that carry neither x-api-key nor a Bearer token. */
  requireKey?: boolean;
  /** Used for every request once the scripted turns run out. */
  fallback?: MockTurn;
  /** Only these keys (x-api-key or Bearer token) pass; any other gets 401. Implies requireKey. */
  acceptedKeys?: string[];
  /** Answer GET /v1/models with 404, like gateways that only serve messages. */
  withoutModelsRoute?: boolean;
  /** Keep each message request's body text as it arrived (rawBody), to compare bytes. */
  keepRawBodies?: boolean;
};

export interface MockAnthropic {
  url: string;
  requests: RecordedRequest[];
  pairingErrors: string[];
  /** GET /v1/models requests (key checks), kept apart so message request counts are unchanged. */
  modelListRequests: RecordedRequest[];
  waitForRequests(n: number): Promise<void>;
  push(...turns: MockTurn[]): void;
  close(): Promise<void>;
}

const NO_TURN_LEFT: MockReplyTurn = { content: [{ type: 'text', text: '(mock: no scripted turn left)' }] };
const PARTIAL_CONTENT: MockBlock[] = [{ type: 'text', text: 'A reply that will not finish.' }];

type StaticTurn = Exclude<MockTurn, (req: RecordedRequest) => MockTurn>;

function flatHeaders(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function hasCredential(headers: Record<string, string | undefined>): boolean {
  const bearer = /^Bearer\s+\S+/i.test(headers.authorization ?? '');
  return bearer || Boolean(headers['x-api-key']?.trim());
}

function presentedKey(headers: Record<string, string | undefined>): string | undefined {
  const bearer = /^Bearer\s+(\S+)/i.exec(headers.authorization ?? '');
  return bearer?.[1] ?? headers['x-api-key']?.trim();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJsonReply(res, status, body, { 'request-id': 'req_mock', ...headers });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class MockServer implements MockAnthropic {
  url = '';
  readonly requests: RecordedRequest[] = [];
  readonly pairingErrors: string[] = [];
  readonly modelListRequests: RecordedRequest[] = [];
  private readonly turns: MockTurn[];
  private readonly waiters: Array<{ n: number; resolve: () => void }> = [];
  private http?: LocalHttpServer;
  private toolCounter = 0;
  /** Thinking this server sent, by signature: a block sent back must not have been changed. */
  private readonly issuedThinking = new Map<string, string>();
  private messageCounter = 0;
  private closed = false;

  constructor(private readonly opts: MockAnthropicOptions) {
    this.turns = [...opts.turns];
  }

  async listen(): Promise<void> {
    this.http = await startLocalHttpServer((req, res) => this.handle(req, res), {
      failure: (res, err) => sendJson(res, 500, errorBody('api_error', `mock failure: ${String(err)}`)),
    });
    this.url = this.http.url;
  }

  push(...turns: MockTurn[]): void {
    this.turns.push(...turns);
  }

  waitForRequests(n: number): Promise<void> {
    if (this.requests.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.http?.close();
  }

  private record(request: RecordedRequest): void {
    this.requests.push(request);
    for (const waiter of this.waiters.filter((w) => this.requests.length >= w.n)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models' && !this.opts.withoutModelsRoute) return this.listModels(req, res);
    if (req.method !== 'POST' || path !== '/v1/messages') {
      if (req.method === 'HEAD') {
        res.writeHead(404).end();
        return;
      }
      sendJson(res, 404, errorBody('not_found_error', `mock: no route for ${req.method} ${path}`));
      return;
    }
    const raw = await readBody(req);
    let body: MockRequestBody;
    try {
      body = JSON.parse(raw) as MockRequestBody;
    } catch {
      sendJson(res, 400, errorBody('invalid_request_error', 'mock: request body is not JSON'));
      return;
    }
    const recorded: RecordedRequest = {
      method: req.method,
      url: req.url ?? '/',
      body,
      headers: flatHeaders(req),
      receivedAt: Date.now(),
      ...(this.opts.keepRawBodies && { rawBody: raw }),
    };
    this.record(recorded);

    if (this.rejectKey(recorded.headers, res)) return;
    const violations = [
      ...checkToolPairing(body.messages),
      ...checkServerToolPairing(body.messages),
      ...checkThinkingBlocks(body.messages, this.issuedThinking),
    ];
    if (violations.length > 0) {
      this.pairingErrors.push(...violations);
      sendJson(res, 400, errorBody('invalid_request_error', violations.join('; ')));
      return;
    }
    await this.respond(this.nextTurn(recorded), recorded, res);
  }

  /** Answers 401 (and says true) when the request's key may not pass. */
  private rejectKey(headers: Record<string, string | undefined>, res: ServerResponse): boolean {
    const { acceptedKeys, requireKey } = this.opts;
    if (acceptedKeys) {
      const key = presentedKey(headers);
      if (key !== undefined && acceptedKeys.includes(key)) return false;
      sendJson(res, 401, errorBody('authentication_error', 'mock: invalid x-api-key'));
      return true;
    }
    if (!requireKey || hasCredential(headers)) return false;
    sendJson(res, 401, errorBody('authentication_error', 'mock: no API key in x-api-key or Authorization'));
    return true;
  }

  private listModels(req: IncomingMessage, res: ServerResponse): void {
    const headers = flatHeaders(req);
    this.modelListRequests.push({ method: 'GET', url: req.url ?? '/', body: {}, headers, receivedAt: Date.now() });
    if (this.rejectKey(headers, res)) return;
    const model = { type: 'model', id: 'claude-mock', display_name: 'Mock model', created_at: '2025-01-01T00:00:00Z' };
    sendJson(res, 200, { data: [model], has_more: false, first_id: model.id, last_id: model.id });
  }

  private nextTurn(request: RecordedRequest): StaticTurn {
    let turn: MockTurn = this.turns.shift() ?? this.opts.fallback ?? NO_TURN_LEFT;
    while (typeof turn === 'function') turn = turn(request);
    return turn;
  }

  private resolveBlocks(content: MockBlock[]): ResolvedBlock[] {
    return content.map((block) =>
      block.type === 'tool_use' ? { ...block, id: block.id ?? `toolu_mock_${++this.toolCounter}` } : block,
    );
  }

  private spec(turn: Omit<MockReplyTurn, 'kind'>, request: RecordedRequest): ReplySpec {
    const content = this.resolveBlocks(turn.content);
    for (const block of content) if (block.type === 'thinking') this.issuedThinking.set(block.signature, block.thinking);
    return {
      messageId: `msg_mock_${++this.messageCounter}`,
      model: typeof request.body.model === 'string' ? request.body.model : 'claude-mock',
      content,
      stopReason: turn.stopReason ?? defaultStopReason(content),
      ...(turn.stopSequence === undefined ? {} : { stopSequence: turn.stopSequence }),
      ...(turn.stopDetails ? { stopDetails: turn.stopDetails } : {}),
      inputTokens: turn.usage?.input_tokens ?? estimateTokens(request.body.messages),
      outputTokens: turn.usage?.output_tokens ?? estimateTokens(content),
      chunkSize: turn.chunkSize ?? DEFAULT_CHUNK_SIZE,
      ...(turn.usage?.web_search_requests ? { webSearchRequests: turn.usage.web_search_requests } : {}),
    };
  }

  private async respond(turn: StaticTurn, request: RecordedRequest, res: ServerResponse): Promise<void> {
    const streaming = request.body.stream === true;
    switch (turn.kind) {
      case undefined:
      case 'reply': {
        const spec = this.spec(turn, request);
        if (!streaming) return sendJson(res, 200, replyJson(spec));
        await this.writeEvents(res, replyEvents(spec), turn.chunkDelayMs ?? 0, turn.holds);
        res.end();
        return;
      }
      case 'http_error': {
        const body = turn.body ?? errorBody(errorTypeForStatus(turn.status), turn.message ?? `mock HTTP ${turn.status}`);
        return sendJson(res, turn.status, body, turn.headers);
      }
      case 'cut': {
        if (streaming) await this.writeEvents(res, replyEvents(this.spec({ content: turn.content }, request)).slice(0, turn.afterEvents), 0);
        res.socket?.destroy();
        return;
      }
      case 'hang': {
        if (!streaming) return;
        const events = replyEvents(this.spec({ content: turn.content ?? PARTIAL_CONTENT }, request));
        await this.writeEvents(res, events.slice(0, turn.afterEvents ?? 0), 0);
        return;
      }
      case 'sse_error': {
        const body = errorBody(turn.errorType, turn.message);
        if (!streaming) return sendJson(res, statusForErrorType(turn.errorType), body);
        const events = replyEvents(this.spec({ content: PARTIAL_CONTENT }, request));
        await this.writeEvents(res, [...events.slice(0, turn.afterEvents ?? 0), { event: 'error', data: body }], 0);
        res.end();
        return;
      }
    }
  }

  /** Writes SSE events, waiting for each to reach the socket so a later cut is deterministic. */
  private async writeEvents(
    res: ServerResponse,
    events: SseEvent[],
    delayMs: number,
    holds: MockReplyTurn['holds'] = [],
  ): Promise<void> {
    if (!res.headersSent) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'request-id': 'req_mock',
      });
      res.flushHeaders();
    }
    for (const [index, event] of events.entries()) {
      for (const hold of holds) {
        if (hold.afterEvents !== index) continue;
        hold.reached?.();
        await hold.until;
      }
      if (this.closed || res.destroyed) return;
      await new Promise<void>((resolve) => res.write(formatSse(event), () => resolve()));
      if (delayMs > 0) await pause(delayMs);
    }
  }
}

export async function startMockAnthropic(opts: MockAnthropicOptions): Promise<MockAnthropic> {
  const server = new MockServer(opts);
  await server.listen();
  return server;
}
