// Builds what the mock Anthropic server sends: the SSE event sequence of a streamed reply, the
// JSON body of a non-streamed one, and error bodies, all shaped like the real API's.

/** A server-side web search's results, as the API sends them. */
export type MockSearchResult = { title: string; url: string; encrypted_content?: string; page_age?: string | null };

/** Blocks of the API's own server tools: they arrive whole, in content_block_start. */
export type MockServerBlock =
  | { type: 'server_tool_use'; id: string; name: 'web_search'; input: unknown }
  | { type: 'web_search_tool_result'; tool_use_id: string; content: MockSearchResult[] | { type: 'web_search_tool_result_error'; error_code: string } };

/**
 * Blocks that arrive whole in content_block_start and have no deltas: redacted thinking, and any
 * block type a client may not know yet (`verbatim` sends `block` exactly as given).
 */
export type MockWholeBlock =
  | { type: 'redacted_thinking'; data: string }
  | { type: 'verbatim'; block: { type: string } & Record<string, unknown> };

export type MockBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: unknown }
  | { type: 'thinking'; thinking: string; signature: string }
  | MockServerBlock
  | MockWholeBlock;

/** A block whose tool id has been filled in. */
export type ResolvedBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'thinking'; thinking: string; signature: string }
  | MockServerBlock
  | MockWholeBlock;

/** Every stop reason the Messages API documents. */
export type DocumentedStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

/** A documented stop reason, or any other string: a reason a client does not know yet. */
export type StopReason = DocumentedStopReason | (string & {});

export type ReplySpec = {
  messageId: string;
  model: string;
  content: ResolvedBlock[];
  stopReason: StopReason;
  /** The stop sequence that matched, sent with stop_reason `stop_sequence`. */
  stopSequence?: string;
  /** Sent beside the stop reason in message_delta (a refusal's category and explanation). */
  stopDetails?: Record<string, unknown>;
  inputTokens: number;
  outputTokens: number;
  chunkSize: ChunkSize;
  /** Server-side web searches the reply says it ran (usage.server_tool_use). */
  webSearchRequests?: number;
};

export type SseEvent = { event: string; data: Record<string, unknown> };

export const DEFAULT_CHUNK_SIZE = 16;

export function defaultStopReason(content: MockBlock[]): StopReason {
  return content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

/** A rough count, good enough for usage numbers in tests: four characters per token. */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.max(1, Math.ceil(text.length / 4));
}

/**
 * Characters per delta, or a list of sizes taken in turn (counted in code points, as the API never
 * splits one), for deltas of uneven sizes.
 */
export type ChunkSize = number | readonly number[];

function chunks(text: string, size: ChunkSize): string[] {
  if (text === '') return [];
  const out: string[] = [];
  if (typeof size === 'number') {
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  const points = [...text];
  for (let i = 0, turn = 0; i < points.length; turn++) {
    const take = Math.max(1, size[turn % size.length] ?? 1);
    out.push(points.slice(i, i + take).join(''));
    i += take;
  }
  return out;
}

function startUsage(spec: ReplySpec): Record<string, unknown> {
  return {
    input_tokens: spec.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 1,
    service_tier: 'standard',
  };
}

function emptyBlock(block: ResolvedBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'server_tool_use':
      return { type: 'server_tool_use', id: block.id, name: block.name, input: {} };
    case 'web_search_tool_result':
      return {
        type: 'web_search_tool_result',
        tool_use_id: block.tool_use_id,
        content: Array.isArray(block.content)
          ? block.content.map((r) => ({ type: 'web_search_result', encrypted_content: 'enc', page_age: null, ...r }))
          : block.content,
      };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'verbatim':
      return { ...block.block };
  }
}

function blockDeltas(block: ResolvedBlock, size: ChunkSize): Record<string, unknown>[] {
  switch (block.type) {
    case 'text':
      return chunks(block.text, size).map((text) => ({ type: 'text_delta', text }));
    case 'web_search_tool_result':
    case 'redacted_thinking':
    case 'verbatim':
      return [];
    case 'tool_use':
    case 'server_tool_use':
      return chunks(JSON.stringify(block.input ?? {}), size).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    case 'thinking':
      return [
        ...chunks(block.thinking, size).map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
  }
}

/** The full event sequence of a streamed reply, from message_start to message_stop. */
export function replyEvents(spec: ReplySpec): SseEvent[] {
  const events: SseEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: spec.messageId,
          type: 'message',
          role: 'assistant',
          model: spec.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: startUsage(spec),
        },
      },
    },
  ];
  spec.content.forEach((block, index) => {
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: emptyBlock(block) },
    });
    for (const delta of blockDeltas(block, spec.chunkSize)) {
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push(
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: {
          stop_reason: spec.stopReason,
          stop_sequence: spec.stopSequence ?? null,
          ...(spec.stopDetails ? { stop_details: spec.stopDetails } : {}),
        },
        usage: {
          output_tokens: spec.outputTokens,
          ...(spec.webSearchRequests ? { server_tool_use: { web_search_requests: spec.webSearchRequests } } : {}),
        },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return events;
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** What the streamed deltas would have filled in, for a non-streamed body. */
function wholeInput(block: ResolvedBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { text: block.text };
    case 'tool_use':
    case 'server_tool_use':
      return { input: block.input };
    case 'thinking':
      return { thinking: block.thinking, signature: block.signature };
    default:
      return {};
  }
}

/** The body of a non-streamed reply. */
export function replyJson(spec: ReplySpec): Record<string, unknown> {
  return {
    id: spec.messageId,
    type: 'message',
    role: 'assistant',
    model: spec.model,
    content: spec.content.map((block) => ({ ...emptyBlock(block), ...wholeInput(block) })),
    stop_reason: spec.stopReason,
    stop_sequence: spec.stopSequence ?? null,
    ...(spec.stopDetails ? { stop_details: spec.stopDetails } : {}),
    usage: { ...startUsage(spec), output_tokens: spec.outputTokens },
  };
}

const ERROR_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const STATUS_BY_ERROR_TYPE: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(ERROR_TYPE_BY_STATUS).map(([status, type]) => [type, Number(status)]),
);

export function errorTypeForStatus(status: number): string {
  return ERROR_TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

export function statusForErrorType(type: string): number {
  return STATUS_BY_ERROR_TYPE[type] ?? 500;
}

export function errorBody(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message } };
}
