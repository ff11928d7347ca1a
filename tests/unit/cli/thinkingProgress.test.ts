import { describe, expect, it } from 'vitest';
import { toSdkLines, type MappingContext } from '../../../src/cli/print/sdkMessages.js';
import { ThinkingProgress } from '../../../src/cli/print/thinkingProgress.js';
import type { LoopEvent, RawMessageStreamEvent } from '../../../src/types/messages.js';
import { assistant, text } from './fixtures.js';

const thinkingStart = { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } } as RawMessageStreamEvent;
const thinkingDelta = (thinking: string) => ({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking } }) as RawMessageStreamEvent;
const textDelta = { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'hello' } } as RawMessageStreamEvent;

describe('ThinkingProgress', () => {
  it('estimates each thinking delta at four characters a token, rounded up, and keeps a running total per block', () => {
    const progress = new ThinkingProgress();
    expect(progress.accept(thinkingStart, 0)).toBeUndefined();
    expect(progress.accept(thinkingDelta('Let m'), 1)).toEqual({ estimated_tokens: 2, estimated_tokens_delta: 2 });
    expect(progress.accept(thinkingDelta('e thi'), 2)).toEqual({ estimated_tokens: 4, estimated_tokens_delta: 2 });
    expect(progress.accept(thinkingDelta('nk'), 3)).toEqual({ estimated_tokens: 5, estimated_tokens_delta: 1 });
    expect(progress.accept(textDelta, 4)).toBeUndefined();
    // A new thinking block starts its own count.
    progress.accept(thinkingStart, 10);
    expect(progress.accept(thinkingDelta('abcd'), 11)).toEqual({ estimated_tokens: 1, estimated_tokens_delta: 1 });
  });

  it('reports how long a thinking block streamed once, when its message comes out', () => {
    const progress = new ThinkingProgress();
    expect(progress.takeDurationMs(5)).toBeUndefined();
    progress.accept(thinkingStart, 100);
    expect(progress.takeDurationMs(342.4)).toBe(242);
    expect(progress.takeDurationMs(400)).toBeUndefined();
  });
});

describe('toSdkLines with thinking', () => {
  it("puts a thinking_tokens line before each thinking delta's own line and the duration on the thinking block's line", () => {
    let n = 0;
    const ctx: MappingContext = { sessionId: 'session-1', includePartialMessages: true, newUuid: () => `uuid-${++n}` };
    const events: LoopEvent[] = [
      { type: 'stream_event', event: thinkingStart },
      { type: 'stream_event', event: thinkingDelta('Let me think.') },
      assistant('msg_1', [{ type: 'thinking', thinking: 'Let me think.', signature: 'sig' }]),
      assistant('msg_1', [text('Answer.')]),
    ];
    const lines = events.flatMap((event) => toSdkLines(event, ctx)) as Array<Record<string, unknown>>;
    expect(lines.map((line) => (line.subtype ? `${String(line.type)}/${String(line.subtype)}` : line.type))).toEqual([
      'stream_event',
      'system/thinking_tokens',
      'stream_event',
      'assistant',
      'assistant',
    ]);
    expect(lines[1]).toEqual({ type: 'system', subtype: 'thinking_tokens', estimated_tokens: 4, estimated_tokens_delta: 4, session_id: 'session-1', uuid: expect.any(String) });
    expect(typeof lines[3]?.thinking_duration_ms).toBe('number');
    expect(lines[4]).not.toHaveProperty('thinking_duration_ms');
  });

  it('prints the thinking_tokens lines without partial messages too, as the reference does', () => {
    const ctx: MappingContext = { sessionId: 's', includePartialMessages: false, newUuid: () => 'u' };
    const lines = [thinkingStart, thinkingDelta('abc')].flatMap((event) => toSdkLines({ type: 'stream_event', event }, ctx));
    expect(lines).toEqual([{ type: 'system', subtype: 'thinking_tokens', estimated_tokens: 1, estimated_tokens_delta: 1, session_id: 's', uuid: 'u' }]);
  });
});
