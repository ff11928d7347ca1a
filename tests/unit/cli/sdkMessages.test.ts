import { describe, expect, it } from 'vitest';
import { toSdkLine, type MappingContext } from '../../../src/cli/print/sdkMessages.js';
import type { SystemMessage } from '../../../src/types/messages.js';
import { assistant, text, toolResult, toolUse } from './fixtures.js';

const ctx: MappingContext = { sessionId: 'session-1', includePartialMessages: false, newUuid: () => 'fresh-uuid' };

describe('toSdkLine', () => {
  it('maps an assistant block to the reference shape', () => {
    const message = assistant('msg_1', [text('hello')], { requestId: 'req_1' });
    expect(toSdkLine(message, ctx)).toEqual({
      type: 'assistant',
      message: message.message,
      parent_tool_use_id: null,
      session_id: 'session-1',
      uuid: message.uuid,
      timestamp: message.timestamp,
      request_id: 'req_1',
    });
  });

  it('marks API failures with the SDK error kind', () => {
    const failed = assistant('msg_2', [text('API Error: 529')], { apiError: 'server_error', apiErrorStatus: 529 });
    expect(toSdkLine(failed, ctx)).toMatchObject({ type: 'assistant', error: 'server_error', is_api_error_message: true });
    const tooLong = assistant('msg_3', [text('too long')], { apiError: 'prompt_too_long' });
    expect(toSdkLine(tooLong, ctx)).toMatchObject({ error: 'invalid_request' });
  });

  it('maps a tool result with its raw output as tool_use_result', () => {
    const result = toolResult('toolu_1', 'contents', { toolUseResult: { type: 'text', file: { filePath: '/x' } } });
    expect(toSdkLine(result, ctx)).toEqual({
      type: 'user',
      message: result.message,
      parent_tool_use_id: null,
      session_id: 'session-1',
      uuid: result.uuid,
      timestamp: result.timestamp,
      tool_use_result: { type: 'text', file: { filePath: '/x' } },
    });
  });

  it('spreads system event data and drops internal subtypes', () => {
    const retry: SystemMessage = {
      type: 'system',
      subtype: 'api_retry',
      uuid: 'u-retry',
      timestamp: 't',
      content: 'retrying',
      data: { attempt: 1, max_retries: 10, retry_delay_ms: 1000, error_status: 429, error: 'rate_limit' },
    };
    expect(toSdkLine(retry, ctx)).toEqual({
      type: 'system',
      subtype: 'api_retry',
      attempt: 1,
      max_retries: 10,
      retry_delay_ms: 1000,
      error_status: 429,
      error: 'rate_limit',
      session_id: 'session-1',
      uuid: 'u-retry',
    });
    const warning: SystemMessage = { ...retry, subtype: 'warning', data: {} };
    expect(toSdkLine(warning, ctx)).toBeUndefined();
  });

  it('nests the compaction figures under compact_metadata, as the SDK does', () => {
    const boundary: SystemMessage = {
      type: 'system',
      subtype: 'compact_boundary',
      uuid: 'u-compact',
      timestamp: 't',
      content: 'Conversation compacted',
      data: { trigger: 'manual', pre_tokens: 12_345 },
    };
    expect(toSdkLine(boundary, ctx)).toEqual({
      type: 'system',
      subtype: 'compact_boundary',
      compact_metadata: { trigger: 'manual', pre_tokens: 12_345 },
      session_id: 'session-1',
      uuid: 'u-compact',
    });
  });

  it('prints stream events and request starts only with partial messages on', () => {
    const event = { type: 'stream_event' as const, event: { type: 'message_stop' as const } };
    expect(toSdkLine(event, ctx)).toBeUndefined();
    const partial = { ...ctx, includePartialMessages: true };
    expect(toSdkLine(event, partial)).toEqual({
      type: 'stream_event',
      event: { type: 'message_stop' },
      parent_tool_use_id: null,
      session_id: 'session-1',
      uuid: 'fresh-uuid',
    });
    expect(toSdkLine({ type: 'stream_request_start' }, partial)).toMatchObject({ subtype: 'status', status: 'requesting' });
  });

  it('never prints tombstones or tool progress', () => {
    const message = assistant('msg_4', [toolUse('toolu_2', 'Read', {})]);
    expect(toSdkLine({ type: 'tombstone', message }, ctx)).toBeUndefined();
    expect(toSdkLine({ type: 'progress', toolUseID: 'toolu_2', toolName: 'Bash', data: 'x' }, ctx)).toBeUndefined();
    const activity = { type: 'agent_progress', agentType: 'Explore', description: 'd', toolUseCount: 1 };
    expect(toSdkLine({ type: 'progress', toolUseID: 'toolu_2', toolName: 'Agent', data: activity }, ctx)).toBeUndefined();
  });

  it("prints a sub-agent's messages as normal lines whose parent is the Agent call", () => {
    const childAssistant = assistant('msg_child', [toolUse('toolu_child', 'Glob', { pattern: '*' })], { requestId: 'req_c' });
    const childResult = toolResult('toolu_child', 'a.txt');
    const progress = (data: unknown) => ({ type: 'progress' as const, toolUseID: 'toolu_agent', toolName: 'Agent', data });

    expect(toSdkLine(progress({ type: 'agent_message', message: childAssistant }), ctx)).toEqual({
      type: 'assistant',
      message: childAssistant.message,
      parent_tool_use_id: 'toolu_agent',
      session_id: 'session-1',
      uuid: childAssistant.uuid,
      timestamp: childAssistant.timestamp,
      request_id: 'req_c',
    });
    expect(toSdkLine(progress({ type: 'agent_message', message: childResult }), ctx)).toMatchObject({
      type: 'user',
      message: childResult.message,
      parent_tool_use_id: 'toolu_agent',
      uuid: childResult.uuid,
    });
    const system: SystemMessage = { type: 'system', subtype: 'warning', uuid: 'u', timestamp: 't', content: 'x' };
    expect(toSdkLine(progress({ type: 'agent_message', message: system }), ctx)).toBeUndefined();
  });
});
