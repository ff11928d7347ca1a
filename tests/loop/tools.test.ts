import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProgressMessage } from '../../src/types/messages.js';
import { text, toolUse } from '../support/scriptedModel.js';
import { barrier, fakeTool, runQuery, toolResultsOf } from './harness.js';

const finish = { blocks: [text('All done.')] };

for (const mode of ['streaming', 'batch'] as const) describe(`query: running tools (${mode})`, () => {
  const saved = process.env.PULSE_DISABLE_STREAMING_TOOLS;
  beforeEach(() => {
    if (mode === 'batch') process.env.PULSE_DISABLE_STREAMING_TOOLS = '1';
    else delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PULSE_DISABLE_STREAMING_TOOLS;
    else process.env.PULSE_DISABLE_STREAMING_TOOLS = saved;
  });

  it('runs three concurrency-safe calls at the same time', async () => {
    const allStarted = barrier(3);
    const reader = fakeTool({
      name: 'Reader',
      safe: true,
      run: async function* (input) {
        // Only returns once all three calls are inside call(): serial execution would hang here.
        await allStarted.arrive();
        return { data: `read ${input.value}` };
      },
    });
    const run = await runQuery({
      tools: [reader],
      turns: [
        { blocks: [toolUse('Reader', { value: 'a' }, 't1'), toolUse('Reader', { value: 'b' }, 't2'), toolUse('Reader', { value: 'c' }, 't3')] },
        finish,
      ],
    });
    expect(run.terminal.reason).toBe('completed');
    expect(toolResultsOf(run.events).map((r) => [r.id, r.content])).toEqual([
      ['t1', 'read a'],
      ['t2', 'read b'],
      ['t3', 'read c'],
    ]);
  }, 5_000);

  it('yields results in the order asked even when later calls finish first', async () => {
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const finished: string[] = [];
    const reader = fakeTool({
      name: 'Reader',
      safe: true,
      run: async function* (input) {
        if (input.value === 'first') await firstMayFinish;
        finished.push(input.value ?? '');
        if (input.value === 'last') releaseFirst();
        return { data: input.value };
      },
    });
    const run = await runQuery({
      tools: [reader],
      turns: [{ blocks: [toolUse('Reader', { value: 'first' }, 't1'), toolUse('Reader', { value: 'last' }, 't2')] }, finish],
    });
    expect(finished).toEqual(['last', 'first']);
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['t1', 't2']);
  });

  it('runs unsafe calls one at a time, in order, with safe runs batched around them', async () => {
    const log: string[] = [];
    const step = () => new Promise<void>((resolve) => setImmediate(resolve));
    const make = (name: string, safe: boolean) =>
      fakeTool({
        name,
        safe,
        run: async function* (input) {
          log.push(`start ${input.value}`);
          await step();
          log.push(`end ${input.value}`);
          return { data: input.value };
        },
      });
    const run = await runQuery({
      tools: [make('Writer', false), make('Reader', true)],
      turns: [
        {
          blocks: [
            toolUse('Reader', { value: 'r1' }),
            toolUse('Reader', { value: 'r2' }),
            toolUse('Writer', { value: 'w1' }),
            toolUse('Writer', { value: 'w2' }),
            toolUse('Reader', { value: 'r3' }),
          ],
        },
        finish,
      ],
    });
    expect(run.terminal.reason).toBe('completed');
    expect(log).toEqual([
      'start r1',
      'start r2',
      'end r1',
      'end r2',
      'start w1',
      'end w1',
      'start w2',
      'end w2',
      'start r3',
      'end r3',
    ]);
    expect(toolResultsOf(run.events).map((r) => r.content)).toEqual(['r1', 'r2', 'w1', 'w2', 'r3']);
  });

  it('forwards progress before the result it belongs to', async () => {
    const tool = fakeTool({
      name: 'Slow',
      run: async function* () {
        yield { data: 'halfway' };
        return { data: 'finished' };
      },
    });
    const run = await runQuery({ tools: [tool], turns: [{ blocks: [toolUse('Slow', {}, 'ts')] }, finish] });
    const progressIndex = run.events.findIndex((e) => e.type === 'progress');
    const resultIndex = run.events.findIndex((e) => e.type === 'user' && e.toolUseResult === 'finished');
    expect(run.events[progressIndex]).toEqual<ProgressMessage>({ type: 'progress', toolUseID: 'ts', toolName: 'Slow', data: 'halfway' });
    expect(progressIndex).toBeLessThan(resultIndex);
    // Progress is for the screen only: it never reaches the model.
    expect(JSON.stringify(run.requests[1]?.messages)).not.toContain('halfway');
  });

  it('turns a thrown error into an is_error result and carries on', async () => {
    const broken = fakeTool({
      name: 'Broken',
      run: async function* () {
        throw new Error('disk on fire');
      },
    });
    const run = await runQuery({ tools: [broken], turns: [{ blocks: [toolUse('Broken', {}, 'tb')] }, finish] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.transitions).toEqual([{ reason: 'next_turn' }]);
    const [result] = toolResultsOf(run.events);
    expect(result?.isError).toBe(true);
    expect(result?.content).toBe('<tool_use_error>Error calling Broken: disk on fire</tool_use_error>');
    expect(run.requests).toHaveLength(2);
  });

  it('answers an unknown tool with an error the model can read', async () => {
    const run = await runQuery({ turns: [{ blocks: [toolUse('NoSuchTool', {}, 'tx')] }, finish] });
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({
      isError: true,
      content: '<tool_use_error>Error: No such tool available: NoSuchTool</tool_use_error>',
    });
    expect(result?.message.toolUseResult).toBe('Error: No such tool available: NoSuchTool');
    expect(run.terminal.reason).toBe('completed');
  });

  it('finds a tool by its alias', async () => {
    const run = await runQuery({
      tools: [fakeTool({ name: 'Agent', aliases: ['Task'] })],
      turns: [{ blocks: [toolUse('Task', {}, 'ta')] }, finish],
    });
    expect(toolResultsOf(run.events)[0]).toMatchObject({ isError: false, content: 'Agent done' });
  });

  it('explains invalid input in plain words and never calls the tool', async () => {
    let called = false;
    const reader = fakeTool({
      name: 'Read',
      inputSchema: z.strictObject({ file_path: z.string(), limit: z.number().optional() }),
      run: async function* () {
        called = true;
        return { data: 'never' };
      },
    });
    const run = await runQuery({
      tools: [reader],
      turns: [{ blocks: [toolUse('Read', { limit: 'ten', colour: 'red' }, 'tr')] }, finish],
    });
    expect(called).toBe(false);
    const [result] = toolResultsOf(run.events);
    expect(result?.isError).toBe(true);
    expect(result?.content).toBe(
      '<tool_use_error>InputValidationError: Read was called with input it cannot accept:\n' +
        '- the required parameter `file_path` is missing\n' +
        '- the parameter `limit` should be a number, not a string\n' +
        '- the parameter `colour` is not one this tool takes</tool_use_error>',
    );
  });

  it("reports the tool's own validation failure", async () => {
    const picky = fakeTool({
      name: 'Picky',
      validateInput: async () => ({ ok: false, message: 'File has not been read yet.' }),
    });
    const run = await runQuery({ tools: [picky], turns: [{ blocks: [toolUse('Picky', {}, 'tp')] }, finish] });
    expect(toolResultsOf(run.events)[0]).toMatchObject({
      isError: true,
      content: '<tool_use_error>File has not been read yet.</tool_use_error>',
    });
  });
});

describe('query: permissions', () => {
  it('marks a call the permission chain denied', async () => {
    const guarded = fakeTool({
      name: 'Guarded',
      checkPermissions: async () => ({ behavior: 'deny', message: 'Guarded is off limits.' }),
    });
    const run = await runQuery({ tools: [guarded], turns: [{ blocks: [toolUse('Guarded', { value: 'x' }, 'tg')] }, finish] });
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({ isError: true, content: 'Guarded is off limits.' });
    expect(result?.message.permissionDenied).toEqual({ toolName: 'Guarded', toolInput: { value: 'x' }, check: {} });
    expect(run.terminal.reason).toBe('completed');
  });

  it('asks the caller and marks a refusal', async () => {
    const asked: string[] = [];
    const polite = fakeTool({
      name: 'Polite',
      checkPermissions: async () => ({ behavior: 'ask', message: 'May I?' }),
    });
    const run = await runQuery({
      tools: [polite],
      canUseTool: async (request) => {
        asked.push(`${request.tool.name}:${request.toolUseId}:${request.decision.message}`);
        return { behavior: 'deny', message: 'The user said no.' };
      },
      turns: [{ blocks: [toolUse('Polite', {}, 'tq')] }, finish],
    });
    expect(asked).toEqual(['Polite:tq:May I?']);
    const [result] = toolResultsOf(run.events);
    expect(result).toMatchObject({ isError: true, content: 'The user said no.' });
    expect(result?.message.permissionDenied).toEqual({ toolName: 'Polite', toolInput: {} });
  });

  it('runs with the input the caller rewrote, after checking it again', async () => {
    const seen: unknown[] = [];
    const polite = fakeTool({
      name: 'Polite',
      checkPermissions: async () => ({ behavior: 'ask', message: 'May I?' }),
      run: async function* (input, ctx) {
        seen.push(input, ctx.toolUseId);
        return { data: 'ran' };
      },
    });
    const run = await runQuery({
      tools: [polite],
      canUseTool: async () => ({ behavior: 'allow', updatedInput: { value: 'edited' } }),
      turns: [{ blocks: [toolUse('Polite', { value: 'original' }, 'tu')] }, finish],
    });
    expect(seen).toEqual([{ value: 'edited' }, 'tu']);
    expect(toolResultsOf(run.events)[0]).toMatchObject({ isError: false, content: 'ran' });
  });
});
