// Hand-built histories for the context-layer tests, made with the product's own constructors.
import type { CallModel, CallModelParams } from '../../../src/api/types.js';
import type {
  ApiErrorKind,
  AssistantMessage,
  ContentBlock,
  Message,
  Usage,
  UserMessage,
} from '../../../src/types/messages.js';
import {
  createSyntheticAssistantError,
  createToolResultMessage,
  createUserMessage,
} from '../../../src/utils/messages.js';

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${++counter}`;

export function usage(partial: Partial<Usage> = {}): Usage {
  return {
    cache_creation: null,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    inference_geo: null,
    input_tokens: 0,
    output_tokens: 0,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
    ...partial,
  };
}

export function prompt(text: string, uuid?: string): UserMessage {
  return createUserMessage({ content: text }, uuid);
}

export function textBlock(text: string): ContentBlock {
  return { type: 'text', text, citations: null };
}

export function toolUseBlock(name: string, input: unknown, id = nextId('toolu')): ContentBlock {
  return { type: 'tool_use', id, name, input, caller: { type: 'direct' } };
}

export function thinkingBlock(thinking: string): ContentBlock {
  return { type: 'thinking', thinking, signature: 'sig' };
}

export function assistant(
  blocks: ContentBlock[],
  options: { id?: string; usage?: Partial<Usage>; uuid?: string } = {},
): AssistantMessage {
  return {
    type: 'assistant',
    uuid: options.uuid ?? nextId('a'),
    timestamp: new Date().toISOString(),
    message: {
      id: options.id ?? nextId('msg'),
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-8',
      content: blocks,
      stop_reason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usage(options.usage),
    },
  };
}

export function toolResult(toolUseId: string, content: string): UserMessage {
  return createToolResultMessage({ block: { type: 'tool_result', tool_use_id: toolUseId, content } });
}

/** One API round: an assistant asking for one tool call, and the result. */
export function round(name: string, input: unknown, result: string, toolUseId?: string): [AssistantMessage, UserMessage] {
  const block = toolUseBlock(name, input, toolUseId);
  const id = block.type === 'tool_use' ? block.id : '';
  return [assistant([block]), toolResult(id, result)];
}

export function toolResultContents(messages: readonly Message[]): Map<string, unknown> {
  const contents = new Map<string, unknown>();
  for (const message of messages) {
    if (message.type !== 'user' || typeof message.message.content === 'string') continue;
    for (const block of message.message.content) {
      if (block.type === 'tool_result') contents.set(block.tool_use_id, block.content);
    }
  }
  return contents;
}

export type Reply = string | { apiError: ApiErrorKind; text?: string };

/** A CallModel that answers each request with the next scripted reply and records the requests. */
export function fakeModel(replies: Reply[]): { callModel: CallModel; requests: CallModelParams[] } {
  const requests: CallModelParams[] = [];
  const callModel: CallModel = async function* (params) {
    requests.push(params);
    const reply = replies[requests.length - 1];
    if (reply === undefined) throw new Error(`no scripted reply for request ${requests.length}`);
    if (typeof reply !== 'string') {
      yield createSyntheticAssistantError({ text: reply.text ?? `scripted ${reply.apiError}`, apiError: reply.apiError });
      return;
    }
    yield assistant([textBlock(reply)], { usage: { input_tokens: 100, output_tokens: 50 } });
  };
  return { callModel, requests };
}
