import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../src/cli/print/formatters.js';
import type { LineWriter } from '../../../src/cli/print/output.js';
import { buildResult } from '../../../src/cli/print/result.js';
import { RunTally } from '../../../src/cli/print/runTally.js';
import type { SdkInit } from '../../../src/cli/print/sdkTypes.js';
import type { SdkHookLine } from '../../../src/cli/print/hookLines.js';
import type { LoopEvent } from '../../../src/types/messages.js';
import { assistant, text, toolUse } from './fixtures.js';

function memoryWriter(): LineWriter & { lines: string[] } {
  const lines: string[] = [];
  return { lines, closed: false, line: (value) => lines.push(value), json: (value) => lines.push(JSON.stringify(value)) };
}

const init = { type: 'system', subtype: 'init', session_id: 's-1' } as SdkInit;
const ctx = { sessionId: 's-1', includePartialMessages: false, newUuid: () => 'u' };

function run(format: 'text' | 'json' | 'stream-json'): string[] {
  const writer = memoryWriter();
  const formatter = createFormatter(format, writer, ctx);
  const tally = new RunTally();
  const message = assistant('msg_1', [text('PAPAYA')]);
  formatter.start(() => init);
  tally.observe(message);
  formatter.event(message);
  formatter.finish(
    buildResult({
      tally,
      terminal: { reason: 'completed' },
      sessionId: 's-1',
      uuid: 'r',
      durationMs: 1,
      durationApiMs: 1,
      totalCostUsd: 0,
      modelUsage: {},
    }),
  );
  return writer.lines;
}

describe('print formatters', () => {
  it('text prints only the answer', () => {
    expect(run('text')).toEqual(['PAPAYA']);
  });

  it('json prints only the result object, on one line', () => {
    const lines = run('json');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ type: 'result', subtype: 'success', result: 'PAPAYA' });
  });

  it('stream-json prints init, each message, then the result', () => {
    const types = run('stream-json').map((line) => JSON.parse(line).type);
    expect(types).toEqual(['system', 'assistant', 'result']);
  });

  it("stream-json holds a hook line that arrives while a block streams until the block's line", () => {
    const writer = memoryWriter();
    const formatter = createFormatter('stream-json', writer, ctx);
    const hook = { type: 'system', subtype: 'hook_started', hook_id: 'h', hook_name: 'PreToolUse:Bash', hook_event: 'PreToolUse', uuid: 'u', session_id: 's-1' } satisfies SdkHookLine;
    const streamed = (event: Record<string, unknown>) => ({ type: 'stream_event', event }) as unknown as LoopEvent;
    formatter.start(() => init);
    formatter.event(streamed({ type: 'message_start', message: {} }));
    formatter.hookLine({ ...hook, hook_id: 'before-any-block' });
    formatter.event(streamed({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use' } }));
    // The safe call started as its block completed, before the loop handed the block on.
    formatter.hookLine(hook);
    formatter.event(assistant('msg_1', [toolUse('toolu_1', 'Bash', { command: 'echo hi' })]));
    formatter.hookLine({ ...hook, subtype: 'hook_response' } as unknown as SdkHookLine);
    const kinds = writer.lines.map((line) => JSON.parse(line) as Record<string, unknown>).map((line) => `${String(line.type)}/${String(line.subtype ?? line.hook_id ?? '')}`);
    expect(kinds).toEqual(['system/init', 'system/hook_started', 'assistant/', 'system/hook_started', 'system/hook_response']);
  });
});
