import { describe, expect, it } from 'vitest';
import {
  INTERRUPT_MESSAGE,
  INTERRUPT_MESSAGE_FOR_TOOL_USE,
} from '../../src/utils/messages.js';
import type { LoopEvent } from '../../src/types/messages.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { fakeTool, makeContext, runQuery, toolResultsOf } from './harness.js';

function interruptions(events: readonly LoopEvent[]): string[] {
  return events.flatMap((e) => {
    if (e.type !== 'user' || typeof e.message.content === 'string') return [];
    return e.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []));
  });
}

describe('query: aborts', () => {
  it('ends aborted_streaming with every streamed tool_use answered', async () => {
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

  it('leaves out the interruption notice when a new message interrupted the turn', async () => {
    const controller = new AbortController();
    const run = await runQuery({
      context: makeContext({ signal: controller.signal }),
      turns: [{ blocks: [text('a'), text('b')], afterBlock: () => controller.abort('interrupt') }],
    });
    expect(run.terminal).toEqual({ reason: 'aborted_streaming' });
    expect(interruptions(run.events)).toEqual([]);
  });

  it('ends aborted_tools, cancelling the calls that had not started', async () => {
    const controller = new AbortController();
    const started: string[] = [];
    let signalStarted!: () => void;
    const firstStarted = new Promise<void>((resolve) => {
      signalStarted = resolve;
    });
    const waiter = fakeTool({
      name: 'Waiter',
      run: async function* (input, ctx) {
        started.push(input.value ?? '');
        const aborted = new Promise((resolve) => ctx.abortSignal.addEventListener('abort', resolve, { once: true }));
        signalStarted();
        await aborted;
        throw new Error('stopped by abort');
      },
    });
    const running = runQuery({
      context: makeContext({ signal: controller.signal }),
      tools: [waiter],
      turns: [{ blocks: [toolUse('Waiter', { value: 'one' }, 'u1'), toolUse('Waiter', { value: 'two' }, 'u2')] }],
    });
    await firstStarted;
    controller.abort();
    const run = await running;
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
});
