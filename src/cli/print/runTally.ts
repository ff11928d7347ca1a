// Keeps what the final result line needs while the loop runs: turns, the last answer, usage
// and the permission denials. It reads the yielded events and never re-derives the loop.
import type {
  AssistantMessage,
  ContentBlockParam,
  LoopEvent,
  UserMessage,
} from '../../types/messages.js';
import type { SdkPermissionDenial, SdkUsage } from './sdkTypes.js';

function emptyUsage(): SdkUsage {
  return {
    input_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 0,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: 'standard',
    output_tokens_details: { thinking_tokens: 0 },
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    inference_geo: '',
    iterations: [],
    speed: 'standard',
    fallback_credit: null,
  };
}

function addUsage(total: SdkUsage, block: AssistantMessage): void {
  const usage = block.message.usage;
  total.input_tokens += usage.input_tokens ?? 0;
  total.cache_creation_input_tokens += usage.cache_creation_input_tokens ?? 0;
  total.cache_read_input_tokens += usage.cache_read_input_tokens ?? 0;
  total.output_tokens += usage.output_tokens ?? 0;
  total.server_tool_use.web_search_requests += usage.server_tool_use?.web_search_requests ?? 0;
  total.cache_creation.ephemeral_5m_input_tokens += usage.cache_creation?.ephemeral_5m_input_tokens ?? usage.cache_creation_input_tokens ?? 0;
  total.cache_creation.ephemeral_1h_input_tokens += usage.cache_creation?.ephemeral_1h_input_tokens ?? 0;
}

type ResponseBlock = { message: AssistantMessage; text: string };

/** When the run's first request went out and its first content streamed in, from its start. */
export type RunTimings = { timeToRequestMs?: number; timeToFirstContentMs?: number };

export class RunTally {
  numTurns = 0;
  /** Responses a safety classifier stopped. */
  safetyStops = 0;
  private requestStartedMs: number | undefined;
  private firstContentMs: number | undefined;
  private answered = false;
  readonly permissionDenials: SdkPermissionDenial[] = [];
  lastAssistant: AssistantMessage | undefined;
  private awaitingTurn = true;
  private currentResponseId: string | undefined;
  private currentBlocks: ResponseBlock[] = [];
  // Only running totals are kept, never every message: a session of a thousand rounds costs the
  // same memory here as one of ten.
  private readonly finishedUsage: SdkUsage = emptyUsage();
  /** The latest block of the response in progress: the model layer patches final usage onto it. */
  private currentLastBlock: AssistantMessage | undefined;

  /** `startedAt` and `now` are the run's clock (Date.now by default). */
  constructor(
    private readonly startedAt = Date.now(),
    private readonly now: () => number = Date.now,
  ) {}

  observe(event: LoopEvent): void {
    if (event.type === 'stream_request_start') this.requestStartedMs ??= this.now() - this.startedAt;
    if (event.type === 'stream_event') {
      this.answered = true;
      if (event.event.type === 'content_block_delta') this.firstContentMs ??= this.now() - this.startedAt;
    }
    if (event.type === 'assistant') this.onAssistant(event);
    if (event.type === 'user') this.onUser(event);
    if (event.type === 'tombstone') this.onTombstone(event.message);
    if (event.type === 'system' && event.subtype === 'refusal') this.safetyStops += 1;
  }

  /** Only a request the API answered has timings: a run stopped before it (no key) has none. */
  get timings(): RunTimings {
    if (!this.answered) return {};
    return {
      ...(this.requestStartedMs !== undefined ? { timeToRequestMs: this.requestStartedMs } : {}),
      ...(this.firstContentMs !== undefined ? { timeToFirstContentMs: this.firstContentMs } : {}),
    };
  }

  /** Text of the last model response, joined across its text blocks. */
  get lastResponseText(): string {
    return this.currentBlocks.map((block) => block.text).join('');
  }

  get usage(): SdkUsage {
    const total: SdkUsage = {
      ...this.finishedUsage,
      server_tool_use: { ...this.finishedUsage.server_tool_use },
      cache_creation: { ...this.finishedUsage.cache_creation },
    };
    if (this.currentLastBlock) addUsage(total, this.currentLastBlock);
    return total;
  }

  private onAssistant(message: AssistantMessage): void {
    if (this.awaitingTurn) {
      this.numTurns += 1;
      this.awaitingTurn = false;
    }
    const responseId = message.message.id;
    // A paused response sent back to continue is a turn of its own, like a tool round.
    if (responseId !== this.currentResponseId && this.currentLastBlock?.message.stop_reason === 'pause_turn') {
      this.numTurns += 1;
    }
    if (responseId !== this.currentResponseId) {
      // The previous response is complete: its final usage is on its last block by now.
      if (this.currentLastBlock) addUsage(this.finishedUsage, this.currentLastBlock);
      this.currentLastBlock = undefined;
      this.currentResponseId = responseId;
      this.currentBlocks = [];
    }
    this.currentBlocks.push({ message, text: textOf(message) });
    if (!message.apiError) this.currentLastBlock = message;
    this.lastAssistant = message;
  }

  private onUser(message: UserMessage): void {
    const results = toolResultIds(message.message.content);
    // Tool results and the loop's own notes (recovery nudges, refusal reminders) start a new request.
    if (results.length > 0 || message.isMeta) this.awaitingTurn = true;
    const denied = message.permissionDenied;
    if (!denied) return;
    this.permissionDenials.push({
      tool_name: denied.toolName,
      tool_use_id: results[0] ?? '',
      tool_input: denied.toolInput,
    });
  }

  /** A withdrawn block (model fallback) no longer counts towards the answer. */
  private onTombstone(message: AssistantMessage): void {
    this.currentBlocks = this.currentBlocks.filter((block) => block.message.uuid !== message.uuid);
    if (this.lastAssistant?.uuid === message.uuid) this.lastAssistant = this.currentBlocks.at(-1)?.message;
  }
}

function textOf(message: AssistantMessage): string {
  return message.message.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('');
}

function toolResultIds(content: string | ContentBlockParam[]): string[] {
  if (typeof content === 'string') return [];
  return content.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : []));
}
