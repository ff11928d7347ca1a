// The streaming executor as the loop uses it: safe tools start while the model is still talking,
// unsafe ones only once the response is complete and then as barriers, results go back in
// request order, a failing Bash call cancels its siblings, and a withdrawn block's call is
// stopped and never answered.
import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../src/api/types.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import type { ContentBlock, LoopEvent } from '../../src/types/messages.js';
import { blockMessage, text, toolUse } from '../support/scriptedModel.js';
import { deferred, fakeTool, makeContext, runQuery, toolResultsOf, untilAborted } from './harness.js';

const finish = { blocks: [text('All done.')] };

function toolUseBlock(id: string, name: string, input: unknown): ContentBlock {
  return { type: 'tool_use', id, name, input, caller: { type: 'direct' } };
}

const messageStop: ModelEvent = { type: 'stream_event', event: { type: 'message_stop' } };

function isMessageStop(event: LoopEvent): boolean {
  return event.type === 'stream_event' && event.event.type === 'message_stop';
}

/** Two Bash calls side by side in one streamed response, then a final answer. */
function runTwoBashCalls(first: string, second: string) {
  return runQuery({
    streamingTools: true,
    tools: [BashTool],
    context: makeContext({ mode: 'bypassPermissions' }),
    canUseTool: async () => ({ behavior: 'allow' }),
    turns: [{ blocks: [toolUse('Bash', { command: first }, 'b1'), toolUse('Bash', { command: second }, 'b2')] }, finish],
  });
}

describe('query: streaming tool execution', () => {
  it('starts a safe tool before the response has finished streaming', async () => {
    const grepStarted = deferred();
    let startedBeforeStop = false;
    let stopSent = false;
    const grep = fakeTool({
      name: 'Grep',
      safe: true,
      run: async function* () {
        startedBeforeStop = !stopSent;
        grepStarted.resolve();
        return { data: 'src/a.ts' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [grep],
      turns: [
        async function* (params) {
          yield blockMessage(params, toolUseBlock('g1', 'Grep', {}));
          // The model will not finish until the tool is running: only a streaming executor passes.
          await grepStarted.promise;
          yield blockMessage(params, { type: 'text', text: 'Looking…', citations: null });
          stopSent = true;
          yield messageStop;
        },
        finish,
      ],
    });
    expect(startedBeforeStop).toBe(true);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(toolResultsOf(run.events).map((r) => [r.id, r.content])).toEqual([['g1', 'src/a.ts']]);
  }, 5_000);

  it('passes progress on while the model is still streaming', async () => {
    const progressed = deferred();
    const tool = fakeTool({
      name: 'Watch',
      safe: true,
      run: async function* () {
        yield { data: 'tick' };
        progressed.resolve();
        return { data: 'seen' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [tool],
      turns: [
        async function* (params) {
          yield blockMessage(params, toolUseBlock('p1', 'Watch', {}));
          await progressed.promise;
          yield blockMessage(params, { type: 'text', text: 'Still talking.', citations: null });
          yield messageStop;
        },
        finish,
      ],
    });
    const progressAt = run.events.findIndex((e) => e.type === 'progress');
    const stopAt = run.events.findIndex(isMessageStop);
    expect(progressAt).toBeGreaterThan(-1);
    expect(progressAt).toBeLessThan(stopAt);
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['p1']);
  }, 5_000);

  it('runs safe, unsafe, safe as safe -> barrier -> safe, answering in request order', async () => {
    const log: string[] = [];
    const step = () => new Promise<void>((resolve) => setImmediate(resolve));
    const make = (name: string, safe: boolean) =>
      fakeTool({
        name,
        safe,
        run: async function* (input) {
          log.push(`start ${input.value}`);
          await step();
          await step();
          log.push(`end ${input.value}`);
          return { data: input.value };
        },
      });
    const run = await runQuery({
      streamingTools: true,
      tools: [make('Reader', true), make('Writer', false)],
      turns: [
        {
          blocks: [
            toolUse('Reader', { value: 'r1' }, 's1'),
            toolUse('Writer', { value: 'w1' }, 's2'),
            toolUse('Reader', { value: 'r2' }, 's3'),
          ],
        },
        finish,
      ],
    });
    expect(log).toEqual(['start r1', 'end r1', 'start w1', 'end w1', 'start r2', 'end r2']);
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['s1', 's2', 's3']);
    // The next request carries them in the same order, in one user turn.
    const lastUser = run.requests[1]?.messages.at(-1);
    const ids = Array.isArray(lastUser?.content)
      ? lastUser.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []))
      : [];
    expect(ids).toEqual(['s1', 's2', 's3']);
  });

  it('answers in request order when a slow first call finishes after a fast second one', async () => {
    const secondDone = deferred();
    const finished: string[] = [];
    const reader = fakeTool({
      name: 'Reader',
      safe: true,
      run: async function* (input) {
        if (input.value === 'slow') await secondDone.promise;
        finished.push(input.value ?? '');
        if (input.value === 'fast') secondDone.resolve();
        return { data: input.value };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [reader],
      turns: [{ blocks: [toolUse('Reader', { value: 'slow' }, 'o1'), toolUse('Reader', { value: 'fast' }, 'o2')] }, finish],
    });
    expect(finished).toEqual(['fast', 'slow']);
    expect(toolResultsOf(run.events).map((r) => [r.id, r.content])).toEqual([
      ['o1', 'slow'],
      ['o2', 'fast'],
    ]);
  });

  it('cancels the still-running siblings of a failing Bash call, and the turn goes on', async () => {
    const run = await runTwoBashCalls('sleep 30', 'false');
    expect(run.terminal).toEqual({ reason: 'completed' });
    const [sleeper, failing] = toolResultsOf(run.events);
    expect(failing).toMatchObject({ id: 'b2', isError: true });
    expect(sleeper).toMatchObject({ id: 'b1', isError: true });
    expect(String(sleeper?.content)).toBe('Cancelled: a Bash call run alongside it failed (false).');
    expect(run.requests).toHaveLength(2);
  }, 10_000);

  it.each([
    ['grep finds nothing', 'grep -q no-such-text /dev/null', 'Exit code 1 (no matches)'],
    ['diff sees a difference', 'diff /etc/hostname /etc/passwd', 'Exit code 1 (the inputs differ)'],
    ['test is false', 'test -e /no/such/path', 'Exit code 1 (the condition is false)'],
  ])('a Bash call whose exit 1 is an answer (%s) is no error and cancels nothing', async (_what, command, status) => {
    const siblingCommand = 'sleep 0.3; echo sibling finished';
    // Both read-only: they run side by side, so a cancellation would hit the sleeping one.
    expect([siblingCommand, command].every((c) => BashTool.isConcurrencySafe({ command: c }))).toBe(true);
    const run = await runTwoBashCalls(siblingCommand, command);
    const [sibling, answered] = toolResultsOf(run.events);
    expect(answered).toMatchObject({ id: 'b2', isError: false });
    expect(String(answered?.content)).toContain(status);
    expect(sibling).toMatchObject({ id: 'b1', isError: false, content: 'sibling finished' });
  }, 10_000);

  it('a Bash call that really fails (ls of a missing path, exit 2) still cancels its siblings', async () => {
    const run = await runTwoBashCalls('sleep 30', 'ls /no/such/path');
    const [sleeper, failing] = toolResultsOf(run.events);
    expect(failing).toMatchObject({ id: 'b2', isError: true });
    expect(String(sleeper?.content)).toBe('Cancelled: a Bash call run alongside it failed (ls /no/such/path).');
  }, 10_000);

  it('does not cancel siblings when a Read call fails', async () => {
    const readFailed = deferred();
    const read = fakeTool({
      name: 'Read',
      safe: true,
      run: async function* () {
        readFailed.resolve();
        throw new Error('no such file');
      },
    });
    const slow = fakeTool({
      name: 'Slow',
      safe: true,
      run: async function* (_input, ctx) {
        await readFailed.promise;
        // Yield a few turns so the failure has certainly been processed before finishing.
        for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
        return { data: ctx.abortSignal.aborted ? 'aborted' : 'finished' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [read, slow],
      turns: [{ blocks: [toolUse('Slow', {}, 'k1'), toolUse('Read', {}, 'k2')] }, finish],
    });
    expect(toolResultsOf(run.events).map((r) => [r.id, r.isError, r.content])).toEqual([
      ['k1', false, 'finished'],
      ['k2', true, expect.stringContaining('no such file')],
    ]);
  });

  it('stops and forgets a call whose block was withdrawn by a retried attempt', async () => {
    const started = deferred();
    let stopped = false;
    const tool = fakeTool({
      name: 'Reader',
      safe: true,
      run: async function* (_input, ctx) {
        started.resolve();
        await untilAborted(ctx);
        stopped = true;
        return { data: 'never reported' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [tool],
      turns: [
        async function* (params) {
          const doomed = blockMessage(params, toolUseBlock('gone', 'Reader', {}), 'msg_dead');
          yield doomed;
          await started.promise;
          // The attempt died; the model layer withdraws its blocks and tries again.
          yield { type: 'tombstone', message: doomed };
          yield blockMessage(params, { type: 'text', text: 'Second attempt, no tools.', citations: null }, 'msg_live');
          yield messageStop;
        },
      ],
    });
    expect(stopped).toBe(true);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(toolResultsOf(run.events)).toEqual([]);
    expect(run.requests).toHaveLength(1);
  }, 5_000);

  it('streaming: an unsafe call in a reply cut off by the output limit never starts, and is answered before resuming', async () => {
    let started = false;
    const tool = fakeTool({
      name: 'Write',
      run: async function* () {
        started = true;
        return { data: 'written' };
      },
    });
    const run = await runQuery({
      streamingTools: true,
      maxOutputTokens: 1000,
      tools: [tool],
      turns: [
        { blocks: [toolUse('Write', { value: 'half' }, 'cut')], stopReason: 'max_tokens', apiError: { kind: 'max_output_tokens' } },
        { blocks: [text('Done differently.')] },
      ],
    });
    // The response failed after the block closed: a write started then would have happened anyway.
    expect(started).toBe(false);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([{ reason: 'max_output_tokens_recovery', attempt: 1 }]);
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({ id: 'cut', isError: true });
    expect(String(result?.content)).toBe('Not run: the reply was cut off by the output token limit.');
  });
});
