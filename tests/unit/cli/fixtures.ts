// Small builders for loop events used by the CLI unit tests.
import type { AssistantMessage, ContentBlock, UserMessage } from '../../../src/types/messages.js';

let counter = 0;
function nextUuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function assistant(
  responseId: string,
  content: ContentBlock[],
  extra: Partial<AssistantMessage> = {},
  usage: Partial<AssistantMessage['message']['usage']> = {},
): AssistantMessage {
  return {
    type: 'assistant',
    uuid: nextUuid(),
    timestamp: '2026-01-01T00:00:00.000Z',
    message: {
      id: responseId,
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-8',
      content,
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        ...usage,
      } as AssistantMessage['message']['usage'],
    },
    ...extra,
  };
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value, citations: null } as ContentBlock;
}

export function toolUse(id: string, name: string, input: Record<string, unknown>): ContentBlock {
  return { type: 'tool_use', id, name, input } as ContentBlock;
}

export function toolResult(
  toolUseId: string,
  content: string,
  extra: Partial<UserMessage> = {},
): UserMessage {
  return {
    type: 'user',
    uuid: nextUuid(),
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content }] },
    ...extra,
  };
}
