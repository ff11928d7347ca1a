// Builders for the LoopEvents a fake query() yields in the REPL tests, plus a gate to pause a
// scripted turn until the test has looked at the screen.
import type { Terminal } from '../../src/query/state.js';
import type {
  AssistantMessage,
  ContentBlock,
  LoopEvent,
  RawMessageStreamEvent,
  UserMessage,
} from '../../src/types/messages.js';

let counter = 0;
const nextId = (prefix: string): string => `${prefix}_${++counter}`;

const usage = (output: number) =>
  ({
    input_tokens: 10,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  }) as AssistantMessage['message']['usage'];

export function streamEvent(event: Record<string, unknown>): LoopEvent {
  return { type: 'stream_event', event: event as unknown as RawMessageStreamEvent };
}

export const messageStart = (): LoopEvent =>
  streamEvent({ type: 'message_start', message: { id: nextId('msg'), usage: usage(1) } });
export const textBlockStart = (index = 0): LoopEvent =>
  streamEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
export const textDelta = (text: string, index = 0): LoopEvent =>
  streamEvent({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
export const messageDelta = (outputTokens: number): LoopEvent =>
  streamEvent({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: outputTokens } });

export function assistant(blocks: ContentBlock[]): AssistantMessage {
  return {
    type: 'assistant',
    uuid: nextId('uuid'),
    timestamp: new Date().toISOString(),
    message: {
      id: nextId('msg'),
      type: 'message',
      role: 'assistant',
      model: 'test-model',
      content: blocks,
      stop_reason: null,
      stop_sequence: null,
      usage: usage(5),
    },
  };
}

export const assistantText = (text: string): AssistantMessage =>
  assistant([{ type: 'text', text, citations: null } as ContentBlock]);

export const toolUse = (id: string, name: string, input: Record<string, unknown>): AssistantMessage =>
  assistant([{ type: 'tool_use', id, name, input } as ContentBlock]);

export function toolResult(id: string, content: string, toolUseResult: unknown, isError = false): UserMessage {
  return {
    type: 'user',
    uuid: nextId('uuid'),
    timestamp: new Date().toISOString(),
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
    toolUseResult,
  };
}

export const COMPLETED: Terminal = { reason: 'completed' };

/** A promise the test opens when it is ready for the scripted turn to go on. */
export class Gate {
  private release: () => void = () => undefined;
  readonly opened = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  open(): void {
    this.release();
  }
}

/** Resolves when the signal aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
