import { describe, expect, it } from 'vitest';
import {
  INTERRUPT_MESSAGE,
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
} from '../../src/utils/messages.js';
import type { LoopEvent } from '../../src/types/messages.js';
import type { ToolUseContext } from '../../src/tools/Tool.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { deferred, fakeTool, makeContext, runQuery, toolResultsOf, untilAborted } from './harness.js';

function interruptions(events: readonly LoopEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.type !== 'user' || typeof e.message.content === 'string') return [];
    return e.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
  });
}

describe('query: aborts', () => {
  it('batch path: ends aborted_streaming without running any streamed tool_use, answering each', async () => {
    const controller = new AbortController();
    let ran = false;
    const tool = fakeTool({
      name: 'Work',
      run: async function* () {
        ran = true;
        return { data: 'x' };
      },
    });
    const run = await runQuery({
      streamingTools: false,
      context: makeContext({ signal: controller.signal }),
      tools: [tool],
      turns: [
        {
          blocks: [text('Working on it'), toolUse('Work', {}, 'w1'), toolUse('Work', {}, 'w2'), text('never sent')],
          afterBlock: (index) => {
            if (index === 2) controller.abort();
          },
        },
      ],
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    expect(ran).toBe(false);
    expect(toolResultsOf(run.events).map((r) => [r.id, r.isError])).toEqual([
      ['w1', true],
      ['w2', true],
    ]);
    expect(interruptions(run.events)).toEqual([INTERRUPT_MESSAGE]);
  });

  it('streaming: an abort mid-stream stops the tool already running and answers every tool_use', async () => {
    const controller = new AbortController();
    const started = deferred();
    const stopped: string[] = [];
    const waitForAbort = async function* (input: { value?: string }, ctx: ToolUseContext) {
      started.resolve();
      await untilAborted(ctx);
      stopped.push(input.value ?? '');
      return { data: 'late' };
    };
    // The safe call starts while the model streams; the unsafe one waits for the whole response.
    const reader = fakeTool({ name: 'Work', safe: true, run: waitForAbort });
    const writer = fakeTool({ name: 'Change', run: waitForAbort });
    const run = await runQuery({
      streamingTools: true,
      context: makeContext({ signal: controller.signal }),
      tools: [reader, writer],
      turns: [
        {
          blocks: [toolUse('Work', { value: 'first' }, 'w1'), toolUse('Change', { value: 'second' }, 'w2'), text('never sent')],
          afterBlock: async (index) => {
            if (index !== 1) return;
            await started.promise;
            controller.abort();
          },
        },
      ],
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    // The running call saw its abort and wound down before the loop returned; the queued one never ran.
    expect(stopped).toEqual(['first']);
    const results = toolResultsOf(run.events);
    expect(results.map((r) => [r.id, r.isError])).toEqual([
      ['w1', true],
      ['w2', true],
    ]);
    expect(String(results[0]?.content)).toContain('interrupted while this tool was running');
    expect(String(results[1]?.content)).toContain('Not run');
    expect(interruptions(run.events)).toEqual([INTERRUPT_MESSAGE]);
  });

  it('leaves out the interruption notice when a new message interrupted the turn', async () => {
    const controller = new AbortController();
    const run = await runQuery({
      context: makeContext({ signal: controller.signal }),
      turns: [{ blocks: [text('a'), text('b')], afterBlock: () => controller.abort('interrupt') }],
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    expect(interruptions(run.events)).toEqual([]);
  });

  for (const streamingTools of [true, false]) {
    it(`ends aborted_tools, cancelling calls that had not started (${streamingTools ? 'streaming' : 'batch'})`, async () => {
      const controller = new AbortController();
      const started: string[] = [];
      const streamEnded = deferred();
      const waiter = fakeTool({
        name: 'Waiter',
        run: async function* (input, ctx) {
          started.push(input.value ?? '');
          await streamEnded.promise;
          // Reported only after the stream is over, so the abort lands in the tools phase.
          yield { data: 'waiting' };
          await untilAborted(ctx);
          throw new Error('stopped by abort');
        },
      });
      const run = await runQuery({
        streamingTools,
        context: makeContext({ signal: controller.signal }),
        tools: [waiter],
        onEvent: (event) => {
          if (event.type === 'progress') controller.abort();
        },
        turns: [
          {
            blocks: [toolUse('Waiter', { value: 'one' }, 'u1'), toolUse('Waiter', { value: 'two' }, 'u2')],
            onEnd: () => streamEnded.resolve(),
          },
        ],
      });
      expect(run.terminal).toEqual({ reason: 'aborted_tools' });
      expect(started).toEqual(['one']);
      const results = toolResultsOf(run.events);
      expect(results.map((r) => [r.id, r.isError])).toEqual([
        ['u1', true],
        ['u2', true],
      ]);
      expect(interruptions(run.events)).toEqual([INTERRUPT_MESSAGE_FOR_TOOL_USE]);
      expect(run.requests).toHaveLength(1);
    });
  }

  it('skips the interruption notice after tools when a new message interrupted', async () => {
    const controller = new AbortController();
    const streamEnded = deferred();
    const tool = fakeTool({
      name: 'Waiter',
      safe: true,
      run: async function* (_input, ctx) {
        await streamEnded.promise;
        yield { data: 'running' };
        await untilAborted(ctx);
        return { data: 'stopped' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      context: makeContext({ signal: controller.signal }),
      tools: [tool],
      onEvent: (event) => {
        if (event.type === 'progress') controller.abort('interrupt');
      },
      turns: [{ blocks: [toolUse('Waiter', {}, 'i1')], onEnd: () => streamEnded.resolve() }],
    });
    expect(run.terminal).toEqual({ reason: 'aborted_tools' });
    expect(toolResultsOf(run.events).map((r) => [r.id, r.isError])).toEqual([['i1', true]]);
    expect(interruptions(run.events)).toEqual([]);
  });
});
