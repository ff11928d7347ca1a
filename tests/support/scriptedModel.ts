// A scripted CallModel for loop tests: each call plays the next turn of the script, yielding raw
// stream events and one assistant message per content block as the real model layer does.
// It records every request so tests can assert on what the loop sent.
import type { CallModel, CallModelParams, ModelEvent } from '../../src/api/types.js';
import type {
  ApiErrorKind,
  AssistantMessage,
  ContentBlock,
  StopReason,
  Usage,
} from '../../src/types/messages.js';
import { createSyntheticAssistantError } from '../../src/utils/messages.js';

export type BlockSpec =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: unknown; id: string }
  /** Any other block the API sends (thinking, server tools, a type Pulse does not know), as is. */
  | { type: 'raw'; block: ContentBlock };

let toolUseCounter = 0;

export function text(value: string): BlockSpec {
  return { type: 'text', text: value };
}

export function toolUse(name: string, input: unknown, id = `toolu_${++toolUseCounter}`): BlockSpec {
  return { type: 'tool_use', name, input, id };
}

export function raw(block: Record<string, unknown> & { type: string }): BlockSpec {
  return { type: 'raw', block: block as unknown as ContentBlock };
}

export type ResponseTurn = {
  blocks: BlockSpec[];
  stopReason?: StopReason;
  /** The response's final usage; a function sees the request (to report its size, say). */
  usage?: Partial<Usage> | ((params: CallModelParams) => Partial<Usage>);
  /** Runs after block `index` has been yielded (e.g. to abort mid-stream). */
  afterBlock?: (index: number) => void | Promise<void>;
  /** After the blocks: report an API error as the real model layer does (a synthetic message). */
  apiError?: { kind: ApiErrorKind; text?: string; status?: number };
  /** After the blocks: throw this instead of finishing. */
  throws?: unknown;
  /** Runs once the response has finished streaming (after message_stop). */
  onEnd?: () => void;
};

export type ScriptedTurn = ResponseTurn | ((params: CallModelParams) => AsyncGenerator<ModelEvent, void>);

function toContentBlock(spec: BlockSpec): ContentBlock {
  if (spec.type === 'raw') return structuredClone(spec.block);
  if (spec.type === 'text') return { type: 'text', text: spec.text, citations: null };
  return { type: 'tool_use', id: spec.id, name: spec.name, input: spec.input, caller: { type: 'direct' } };
}

/** A response's usage as the API reports it, with the fields a test cares about given. */
export function usageOf(partial: Partial<Usage> = {}): Usage {
  return {
    cache_creation: null,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    inference_geo: null,
    input_tokens: 10,
    output_tokens: 5,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
    ...partial,
  };
}

function abortError(): Error {
  const error = new Error('The request was aborted');
  error.name = 'AbortError';
  return error;
}

async function* playResponse(
  turn: ResponseTurn,
  params: CallModelParams,
  responseId: string,
  nextUuid: () => string,
): AsyncGenerator<ModelEvent, void> {
  const messages: AssistantMessage[] = [];
  for (const [index, spec] of turn.blocks.entries()) {
    if (params.signal.aborted) throw abortError();
    const block = toContentBlock(spec);
    yield { type: 'stream_event', event: { type: 'content_block_start', index, content_block: block } };
    yield { type: 'stream_event', event: { type: 'content_block_stop', index } };
    const message = blockMessage(params, block, responseId, nextUuid());
    message.message.usage = usageOf({ output_tokens: 1 });
    messages.push(message);
    yield message;
    await turn.afterBlock?.(index);
  }
  if (params.signal.aborted) throw abortError();
  if (turn.throws !== undefined) throw turn.throws;
  const last = messages.at(-1);
  const hasToolUse = turn.blocks.some((b) => b.type === 'tool_use');
  // Like message_delta: the final usage and stop reason are patched onto the last block.
  if (last) {
    last.message.usage = usageOf(typeof turn.usage === 'function' ? turn.usage(params) : turn.usage);
    last.message.stop_reason = turn.stopReason ?? (hasToolUse ? 'tool_use' : 'end_turn');
  }
  yield { type: 'stream_event', event: { type: 'message_stop' } };
  turn.onEnd?.();
  if (turn.apiError) {
    yield createSyntheticAssistantError(
      {
        text: turn.apiError.text ?? `scripted ${turn.apiError.kind}`,
        apiError: turn.apiError.kind,
        ...(turn.apiError.status === undefined ? {} : { apiErrorStatus: turn.apiError.status }),
      },
      nextUuid(),
    );
  }
}

/** Characters per token the sized usage assumes, as the API roughly counts English and code. */
const CHARS_PER_REQUEST_TOKEN = 4;

/** What the request would cost as input: its messages, system prompt and tools at 4 characters a token. */
export function requestSizeTokens(params: CallModelParams): number {
  const chars = JSON.stringify(params.messages).length + JSON.stringify(params.system).length + JSON.stringify(params.tools).length;
  return Math.ceil(chars / CHARS_PER_REQUEST_TOKEN);
}

/** A usage that reports the request's real size, so the context thresholds fire as against the API. */
export function sizedUsage(params: CallModelParams): Partial<Usage> {
  return { input_tokens: requestSizeTokens(params), output_tokens: 20 };
}

let handMadeCounter = 0;

/** One block of a hand-played response, as the model layer yields it (for turns written as generators). */
export function blockMessage(
  params: CallModelParams,
  block: ContentBlock,
  responseId = 'msg_hand',
  uuid = `hand-${++handMadeCounter}`,
): AssistantMessage {
  return {
    type: 'assistant',
    uuid,
    timestamp: new Date().toISOString(),
    message: {
      id: responseId,
      type: 'message',
      role: 'assistant',
      model: params.model,
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: usageOf(),
    },
  };
}

export type ScriptedModel = {
  callModel: CallModel;
  /** Every request the loop made, in order. */
  requests: CallModelParams[];
};

export function scriptedModel(turns: ScriptedTurn[]): ScriptedModel {
  const requests: CallModelParams[] = [];
  let uuidCounter = 0;
  const nextUuid = () => `scripted-${++uuidCounter}`;
  const callModel: CallModel = (params) => {
    requests.push(params);
    const turn = turns[requests.length - 1];
    if (turn === undefined) throw new Error(`The script has no turn ${requests.length}`);
    if (typeof turn === 'function') return turn(params);
    return playResponse(turn, params, `msg_scripted_${requests.length}`, nextUuid);
  };
  return { callModel, requests };
}

/**
 * A model that answers every summary request (querySource 'compact') with `summary` and plays
 * `turns` for the loop's own requests, however many compactions come between them.
 */
export function routedModel(turns: ScriptedTurn[], summary: ResponseTurn): ScriptedModel {
  const main = scriptedModel(turns);
  const requests: CallModelParams[] = [];
  let summaryCount = 0;
  let uuidCounter = 0;
  const callModel: CallModel = (params) => {
    requests.push(params);
    if (params.querySource !== 'compact') return main.callModel(params);
    summaryCount += 1;
    return playResponse(summary, params, `msg_summary_${summaryCount}`, () => `summary-${++uuidCounter}`);
  };
  return { callModel, requests };
}
