// Rebuilds content blocks from raw stream events. Each block becomes its own AssistantMessage
// the moment it closes, so the loop can start a tool before the model has finished talking.
import { randomUuid } from '../utils/random.js';
import type { MessageDeltaUsage } from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  AssistantMessage,
  ContentBlock,
  RawMessageStreamEvent,
  StopReason,
  Usage,
} from '../types/messages.js';

type OpenBlock = { block: ContentBlock; partialJson: string };

export function emptyUsage(): Usage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  };
}

/** Mock servers and gateways may omit fields; fill them so consumers can rely on the shape. */
function completeUsage(usage: Partial<Usage> | undefined): Usage {
  return { ...emptyUsage(), ...usage };
}

/** message_delta carries cumulative counts; a null there means "unchanged", not zero. */
function mergeUsage(base: Usage, delta: MessageDeltaUsage): Usage {
  return {
    ...base,
    input_tokens: delta.input_tokens ?? base.input_tokens,
    output_tokens: delta.output_tokens ?? base.output_tokens,
    cache_creation_input_tokens: delta.cache_creation_input_tokens ?? base.cache_creation_input_tokens,
    cache_read_input_tokens: delta.cache_read_input_tokens ?? base.cache_read_input_tokens,
    output_tokens_details: delta.output_tokens_details ?? base.output_tokens_details,
    server_tool_use: delta.server_tool_use ?? base.server_tool_use,
  };
}

function parseToolInput(partialJson: string): unknown {
  if (partialJson.trim() === '') return {};
  try {
    return JSON.parse(partialJson) as unknown;
  } catch {
    // The API only closes a block on complete JSON; a broken one came from a faulty proxy.
    // An empty input makes the tool's validation explain what is missing.
    return {};
  }
}

export class MessageAssembler {
  private messageId = '';
  private model = '';
  private usage: Usage = emptyUsage();
  private readonly open = new Map<number, OpenBlock>();
  private lastMessage: AssistantMessage | undefined;
  private requestId: string | undefined;
  stopReason: StopReason | null = null;
  finished = false;

  constructor(requestId?: string | null) {
    if (requestId) this.requestId = requestId;
  }

  /** Feeds one event; returns the finished message when the event closes a block. */
  accept(event: RawMessageStreamEvent): AssistantMessage | undefined {
    switch (event.type) {
      case 'message_start':
        this.messageId = event.message.id;
        this.model = event.message.model;
        this.usage = completeUsage(event.message.usage);
        return undefined;
      case 'content_block_start':
        this.open.set(event.index, { block: { ...event.content_block } as ContentBlock, partialJson: '' });
        return undefined;
      case 'content_block_delta':
        this.applyDelta(event.index, event.delta);
        return undefined;
      case 'content_block_stop':
        return this.closeBlock(event.index);
      case 'message_delta':
        this.patchLast(event);
        return undefined;
      case 'message_stop':
        this.finished = true;
        return undefined;
    }
  }

  private applyDelta(
    index: number,
    delta: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta'],
  ): void {
    const open = this.open.get(index);
    if (!open) return;
    const block = open.block;
    switch (delta.type) {
      case 'text_delta':
        if (block.type === 'text') block.text += delta.text;
        return;
      case 'input_json_delta':
        open.partialJson += delta.partial_json;
        return;
      case 'thinking_delta':
        if (block.type === 'thinking') block.thinking += delta.thinking;
        return;
      case 'signature_delta':
        if (block.type === 'thinking') block.signature = (block.signature ?? '') + delta.signature;
        return;
      case 'citations_delta':
        if (block.type === 'text') block.citations = [...(block.citations ?? []), delta.citation];
        return;
    }
  }

  private closeBlock(index: number): AssistantMessage | undefined {
    const open = this.open.get(index);
    if (!open) return undefined;
    this.open.delete(index);
    const block = open.block;
    if (block.type === 'tool_use' || block.type === 'server_tool_use') {
      block.input = parseToolInput(open.partialJson);
    }
    const message: AssistantMessage = {
      type: 'assistant',
      uuid: randomUuid(),
      timestamp: new Date().toISOString(),
      message: {
        id: this.messageId,
        type: 'message',
        role: 'assistant',
        model: this.model,
        content: [block],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...this.usage },
      },
    };
    if (this.requestId) message.requestId = this.requestId;
    this.lastMessage = message;
    return message;
  }

  /**
   * The stop reason and final usage arrive after the last block has already been yielded.
   * They are written onto that same object on purpose: the consumer holds a reference to it,
   * so the transcript written at the end of the turn sees the final values, while anything
   * serialised earlier (stream-json lines) keeps the start-of-message usage.
   */
  private patchLast(event: Extract<RawMessageStreamEvent, { type: 'message_delta' }>): void {
    this.stopReason = event.delta.stop_reason;
    this.usage = mergeUsage(this.usage, event.usage);
    if (!this.lastMessage) return;
    this.lastMessage.message.stop_reason = event.delta.stop_reason;
    this.lastMessage.message.stop_sequence = event.delta.stop_sequence;
    if (event.delta.stop_details) this.lastMessage.message.stop_details = event.delta.stop_details;
    this.lastMessage.message.usage = { ...this.usage };
  }

  get finalUsage(): Usage {
    return this.usage;
  }
}
