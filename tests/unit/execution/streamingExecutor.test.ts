// The StreamingToolExecutor on its own: scheduling, ordering, cancellation texts, discard, and
// killing a real Bash command's whole process group when the turn is aborted.
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BashTool } from '../../../src/tools/bash/BashTool.js';
import { USER_INTERRUPT_TEXTS } from '../../../src/tools/execution/streaming/cancellation.js';
import { StreamingToolExecutor } from '../../../src/tools/execution/streaming/StreamingToolExecutor.js';
import type { ToolCall, ToolRunEvent, ToolRunParams } from '../../../src/tools/execution/types.js';
import type { AnyTool, ToolUseContext } from '../../../src/tools/Tool.js';
import type { Message } from '../../../src/types/messages.js';
import { createHookRunner } from '../../../src/hooks/hookRunner.js';
import { createSyntheticAssistantError } from '../../../src/utils/messages.js';
import { fakeTool, makeContext } from '../../loop/harness.js';
import { isProcessGroupRunning, isProcessRunning } from '../../support/processes.js';

const asking = createSyntheticAssistantError({ text: '', apiError: 'unknown' }, 'asking');
let nextId = 0;
function call(name: string, input: Record<string, unknown> = {}, id = `x${++nextId}`): ToolCall {
  return { block: { type: 'tool_use', id, name, input, caller: { type: 'direct' } }, assistantMessage: asking };
}

function params(tools: AnyTool[], context: ToolUseContext = makeContext()): ToolRunParams {
  let n = 0;
  return { tools, context, canUseTool: async () => ({ behavior: 'allow' }), uuid: () => `u${++n}` };
}

async function collect(events: AsyncGenerator<ToolRunEvent, void>): Promise<ToolRunEvent[]> {
  const out: ToolRunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function results(events: readonly ToolRunEvent[]): Array<[string, string, boolean]> {
  return events.flatMap((event) => {
    if (event.type !== 'user' || typeof event.message.content === 'string') return [];
    return event.message.content.flatMap((b) =>
      b.type === 'tool_result' ? [[b.tool_use_id, String(b.content), b.is_error === true] as [string, string, boolean]] : [],
    );
  });
}

function gate(): { open: () => void; wait: Promise<void> } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StreamingToolExecutor scheduling', () => {
  it('runs an unsafe call alone, after everything before it, and holds back everything after it', async () => {
    const running = new Set<string>();
    const overlaps: string[] = [];
    const gates = new Map([['s1', gate()], ['u1', gate()], ['s2', gate()]]);
    const starts = new Map([['s1', gate()], ['u1', gate()], ['s2', gate()]]);
    const make = (name: string, safe: boolean) =>
      fakeTool({
        name,
        safe,
        run: async function* (input) {
          const id = input.value ?? '';
          if (running.size > 0) overlaps.push(`${id} with ${[...running].join(',')}`);
          running.add(id);
          starts.get(id)?.open();
          await gates.get(id)?.wait;
          running.delete(id);
          return { data: id };
        },
      });
    const executor = new StreamingToolExecutor(params([make('Safe', true), make('Unsafe', false)]));
    executor.addTool(call('Safe', { value: 's1' }, 's1'));
    executor.addTool(call('Unsafe', { value: 'u1' }, 'u1'));
    executor.addTool(call('Safe', { value: 's2' }, 's2'));
    const all = collect(executor.results());
    await starts.get('s1')?.wait;
    expect([...running]).toEqual(['s1']);
    gates.get('s1')?.open();
    await starts.get('u1')?.wait;
    expect([...running]).toEqual(['u1']);
    // s2 may already be released: it still must not start while u1 runs.
    gates.get('s2')?.open();
    for (let i = 0; i < 3; i++) await turn();
    expect([...running]).toEqual(['u1']);
    gates.get('u1')?.open();
    expect(results(await all).map(([id]) => id)).toEqual(['s1', 'u1', 's2']);
    expect(overlaps).toEqual([]);
  });

  it('never runs more safe calls at once than its limit', async () => {
    let active = 0;
    let peak = 0;
    const tool = fakeTool({
      name: 'Safe',
      safe: true,
      run: async function* () {
        active += 1;
        peak = Math.max(peak, active);
        await turn();
        active -= 1;
        return { data: 'ok' };
      },
    });
    const executor = new StreamingToolExecutor(params([tool]), { maxConcurrency: 2 });
    for (let i = 0; i < 6; i++) executor.addTool(call('Safe'));
    expect(results(await collect(executor.results()))).toHaveLength(6);
    expect(peak).toBe(2);
  });

  it('answers an unknown tool at once without holding up the calls after it', async () => {
    const executor = new StreamingToolExecutor(params([fakeTool({ name: 'Safe', safe: true })]));
    executor.addTool(call('Nope', {}, 'n1'));
    executor.addTool(call('Safe', {}, 'n2'));
    const out = results(await collect(executor.results()));
    expect(out.map(([id, , isError]) => [id, isError])).toEqual([
      ['n1', true],
      ['n2', false],
    ]);
    expect(out[0]?.[1]).toContain('No such tool available: Nope');
  });
});

describe('StreamingToolExecutor cancellation', () => {
  it('discard keeps finished results, stops running calls and never starts queued ones', async () => {
    const fastDone = gate();
    let slowSawAbort = false;
    let queuedRan = false;
    const fast = fakeTool({
      name: 'Fast',
      safe: true,
      run: async function* () {
        fastDone.open();
        return { data: 'fast result' };
      },
    });
    const slow = fakeTool({
      name: 'Slow',
      safe: true,
      run: async function* (_input, ctx) {
        await new Promise<void>((resolve) => ctx.abortSignal.addEventListener('abort', () => resolve(), { once: true }));
        slowSawAbort = true;
        throw new Error('aborted');
      },
    });
    const later = fakeTool({
      name: 'Later',
      run: async function* () {
        queuedRan = true;
        return { data: 'should not run' };
      },
    });
    const executor = new StreamingToolExecutor(params([fast, slow, later]));
    executor.addTool(call('Fast', {}, 'd1'));
    executor.addTool(call('Slow', {}, 'd2'));
    executor.addTool(call('Later', {}, 'd3'));
    await fastDone.wait;
    for (let i = 0; i < 3; i++) await turn();
    const answered: Message[] = await executor.discard('the budget ran out.');
    executor.addTool(call('Later', {}, 'd4'));
    expect(results(answered)).toEqual([
      ['d1', 'fast result', false],
      ['d2', 'Stopped while running: the budget ran out.', true],
      ['d3', 'Not run: the budget ran out.', true],
    ]);
    // discard waited for the running call to wind down.
    expect(slowSawAbort).toBe(true);
    expect(queuedRan).toBe(false);
    expect(executor.ranCalls().map((run) => run.call.block.id)).toEqual(['d1', 'd2']);
  });

  it('discard keeps the real result of a call that completes right after it', async () => {
    const tool = fakeTool({
      name: 'Almost',
      safe: true,
      run: async function* () {
        await turn();
        return { data: 'finished anyway' };
      },
    });
    const executor = new StreamingToolExecutor(params([tool]));
    executor.addTool(call('Almost', {}, 'a1'));
    expect(results(await executor.discard('the reply is being asked for again.'))).toEqual([['a1', 'finished anyway', false]]);
  });

  it('never starts an unsafe call before the response is complete, and hands over withdrawn runs once wound down', async () => {
    const started: string[] = [];
    const make = (name: string, safe: boolean) =>
      fakeTool({
        name,
        safe,
        run: async function* (input) {
          started.push(input.value ?? '');
          return { data: input.value };
        },
      });
    const executor = new StreamingToolExecutor(params([make('Safe', true), make('Unsafe', false)]));
    const doomed = { ...call('Safe', { value: 'withdrawn read' }, 'w0'), assistantMessage: { ...asking, uuid: 'doomed' } };
    executor.addTool(doomed);
    executor.addTool(call('Unsafe', { value: 'write' }, 'w1'));
    for (let i = 0; i < 5; i++) await turn();
    expect(started).toEqual(['withdrawn read']);
    executor.withdraw('doomed');
    const ran = await executor.takeWithdrawnRuns();
    expect(ran.map((r) => [r.call.block.id, results(r.results)[0]?.[1]])).toEqual([['w0', 'withdrawn read']]);
    expect(await executor.takeWithdrawnRuns()).toEqual([]);
    expect(results(await collect(executor.results()))).toEqual([['w1', 'write', false]]);
    expect(started).toEqual(['withdrawn read', 'write']);
  });

  it('on a user abort, answers every call and waits for the running ones to wind down', async () => {
    const controller = new AbortController();
    const started = gate();
    const wound: string[] = [];
    const tool = fakeTool({
      name: 'Slow',
      safe: true,
      run: async function* (input, ctx) {
        started.open();
        await new Promise<void>((resolve) => ctx.abortSignal.addEventListener('abort', () => resolve(), { once: true }));
        await turn();
        wound.push(input.value ?? '');
        return { data: 'late' };
      },
    });
    const executor = new StreamingToolExecutor(params([tool], makeContext({ signal: controller.signal })));
    executor.addTool(call('Slow', { value: 'a' }, 'a1'));
    await started.wait;
    controller.abort();
    executor.addTool(call('Slow', { value: 'b' }, 'a2'));
    const out = results(await collect(executor.results()));
    expect(out.map(([id, , isError]) => [id, isError])).toEqual([
      ['a1', true],
      ['a2', true],
    ]);
    expect(out[1]?.[1]).toContain('Not run');
    expect(wound).toEqual(['a']);
  });
});

describe('StreamingToolExecutor wake-ups', () => {
  it('never loses progress reported while results() is between checks', async () => {
    // Each round reports twice, the second time a different number of microtasks after the
    // first (so it can land while results() is still handing out the first), then waits for
    // the consumer to react to the second; a lost wake-up leaves the round hanging.
    for (let delay = 0; delay < 40; delay++) {
      const controller = new AbortController();
      const tool = fakeTool({
        name: 'Reporter',
        safe: true,
        run: async function* (_input, ctx) {
          yield { data: 'first' };
          for (let i = 0; i < delay; i++) await Promise.resolve();
          yield { data: 'ready' };
          await new Promise<void>((resolve) => ctx.abortSignal.addEventListener('abort', () => resolve(), { once: true }));
          return { data: 'stopped' };
        },
      });
      const executor = new StreamingToolExecutor(params([tool], makeContext({ signal: controller.signal })));
      const events = executor.results();
      executor.addTool(call('Reporter', {}, `w${delay}`));
      const seen: ToolRunEvent[] = [];
      for await (const event of events) {
        seen.push(event);
        if (event.type === 'progress' && event.data === 'ready') controller.abort();
      }
      expect(results(seen)).toHaveLength(1);
    }
  }, 5_000);
});

describe('StreamingToolExecutor and a call that ignores its abort', () => {
  it('stops waiting for it after the grace period, so the turn is never wedged', async () => {
    const controller = new AbortController();
    const started = gate();
    const stubborn = fakeTool({
      name: 'Stubborn',
      safe: true,
      run: async function* () {
        started.open();
        await new Promise<void>(() => undefined);
        return { data: 'never' };
      },
    });
    const executor = new StreamingToolExecutor(params([stubborn], makeContext({ signal: controller.signal })), { cancelGraceMs: 20 });
    executor.addTool(call('Stubborn', {}, 'h1'));
    const drained = collect(executor.results());
    await started.wait;
    controller.abort();
    expect(results(await drained).map(([id, , isError]) => [id, isError])).toEqual([['h1', true]]);
  });
});

describe('StreamingToolExecutor and real processes', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function waitForFile(path: string): Promise<string> {
    for (;;) {
      const content = await readFile(path, 'utf8').catch(() => '');
      if (content.trim() !== '') return content.trim();
      await new Promise<void>((resolve) => setTimeout(resolve, 10));
    }
  }

  it('kills an aborted Bash command’s whole process group within a second', async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'pulse-exec-')));
    const pidFile = join(dir, 'pid');
    const controller = new AbortController();
    const base = makeContext({ signal: controller.signal, mode: 'bypassPermissions' });
    const cwd = dir;
    const context: ToolUseContext = {
      ...base,
      getCwd: () => cwd,
      getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [cwd] }),
    };
    const executor = new StreamingToolExecutor(params([BashTool], context));
    // A background child and a foreground one: both must die with the group.
    executor.addTool(call('Bash', { command: `echo $$ > ${pidFile}; sleep 30 & sleep 30` }, 'k1'));
    const drained = collect(executor.results());
    const pgid = Number.parseInt(await waitForFile(pidFile), 10);
    expect(isProcessGroupRunning(pgid)).toBe(true);
    const abortedAt = Date.now();
    controller.abort();
    const out = results(await drained);
    expect(out.map(([id, , isError]) => [id, isError])).toEqual([['k1', true]]);
    // The shell is gone once the drain ends; its orphaned background child is reaped just after.
    while (isProcessGroupRunning(pgid) && Date.now() - abortedAt < 1_000) await new Promise<void>((resolve) => setTimeout(resolve, 10));
    expect(isProcessGroupRunning(pgid)).toBe(false);
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
  }, 10_000);

  it('journals a call\'s start and result at once, and keeps the real result when its PostToolUse hook is cancelled', async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'pulse-exec-')));
    const hookStarted = join(dir, 'hook-started');
    const controller = new AbortController();
    const journal: string[] = [];
    const context: ToolUseContext = {
      ...makeContext({ signal: controller.signal }),
      hooks: createHookRunner({
        config: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: `echo $$ > ${hookStarted}; exec sleep 30` }] }] },
        sessionId: () => 'session-1',
        transcriptPath: () => join(dir ?? '', 't.jsonl'),
        projectDir: dir,
      }),
      toolCallJournal: {
        started: (id) => journal.push(`started ${id}`),
        finished: (result) => journal.push(`finished ${results([result])[0]?.join(' ')}`),
      },
    };
    const executor = new StreamingToolExecutor(params([fakeTool({ name: 'Edit' })], context));
    executor.addTool(call('Edit', {}, 'e1'));
    const drained = collect(executor.results());
    const hookPid = Number(await waitForFile(hookStarted));
    // The edit is done and journaled while its hook still runs; Esc now stops only the hook.
    expect(journal).toEqual(['started e1', 'finished e1 Edit done false']);
    controller.abort();
    expect(results(await drained)).toEqual([['e1', 'Edit done', false]]);
    expect(isProcessRunning(hookPid)).toBe(false);
  }, 10_000);

  it('journals no answer of a call whose permission answer stopped the turn: the executor\'s one is the only one', async () => {
    const controller = new AbortController();
    const journal: string[] = [];
    const context: ToolUseContext = {
      ...makeContext({ signal: controller.signal }),
      abortTurn: () => controller.abort(),
      toolCallJournal: {
        started: (id) => journal.push(`started ${id}`),
        finished: (result) => journal.push(`finished ${results([result])[0]?.join(' ')}`),
      },
    };
    // Esc on the REPL's permission dialog: a deny that interrupts (src/ui/format/permissionRequest.ts).
    const asks = fakeTool({ name: 'Bash', checkPermissions: async () => ({ behavior: 'ask', message: 'Run it?' }) });
    const executor = new StreamingToolExecutor({
      ...params([asks], context),
      canUseTool: async () => ({ behavior: 'deny', message: 'The user stopped the Bash call and the turn.', interrupt: true }),
    });
    executor.addTool(call('Bash', {}, 'p1'));
    const out = results(await collect(executor.results()));
    expect(out).toEqual([['p1', USER_INTERRUPT_TEXTS.running, true]]);
    expect(journal.filter((line) => line.startsWith('finished'))).toEqual([]);
  }, 10_000);
});
