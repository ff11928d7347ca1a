// Issue 22 item 1: only concurrency-safe calls start while the model is still talking, and when a
// response is withdrawn or asked for again (a stream retried mid-way, output-limit escalation,
// model fallback, prompt-too-long recovery) the calls that had already run are told to the model,
// never silently run a second time or forgotten.
import { describe, expect, it } from 'vitest';
import { FallbackTriggeredError } from '../../src/api/errors.js';
import type { CallModelParams, ModelEvent } from '../../src/api/types.js';
import type { ContentBlock, LoopEvent, UserMessage } from '../../src/types/messages.js';
import { blockMessage, text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { deferred, fakeTool, runQuery, TEST_MODEL, toolResultsOf, untilAborted, userPrompt } from './harness.js';
import { prompt, round } from '../unit/compact/fixtures.js';

const finish: ResponseTurn = { blocks: [text('All done.')] };

const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

const toolUseBlock = (id: string, name: string, input: unknown): ContentBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
  caller: { type: 'direct' },
});
const textBlock = (value: string): ContentBlock => ({ type: 'text', text: value, citations: null });
const messageStop: ModelEvent = { type: 'stream_event', event: { type: 'message_stop' } };

/** A safe Read that counts its runs and lets the test wait for the first to finish. */
function countingRead() {
  const done = deferred();
  const state = { runs: 0 };
  const tool = fakeTool({
    name: 'Read',
    safe: true,
    run: async function* () {
      state.runs += 1;
      done.resolve();
      return { data: 'line one of notes.txt' };
    },
  });
  return { tool, done: done.promise, state };
}

function notesIn(events: readonly LoopEvent[]): UserMessage[] {
  return events.filter(
    (e): e is UserMessage => e.type === 'user' && e.isMeta === true && JSON.stringify(e.message.content).includes('had already run'),
  );
}

function sentText(request: CallModelParams | undefined): string {
  return JSON.stringify(request?.messages ?? []);
}

describe('query: which calls start while the model is still talking', () => {
  it('holds an unsafe call, and every call after it, until the response is complete', async () => {
    const log: string[] = [];
    let startedDuringStream: string[] = [];
    const make = (name: string, safe: boolean) =>
      fakeTool({
        name,
        safe,
        run: async function* (input) {
          log.push(input.value ?? '');
          return { data: input.value };
        },
      });
    const run = await runQuery({
      streamingTools: true,
      tools: [make('Read', true), make('Write', false)],
      turns: [
        async function* (params) {
          yield blockMessage(params, toolUseBlock('r0', 'Read', { value: 'read before' }), 'msg_a');
          yield blockMessage(params, toolUseBlock('w1', 'Write', { value: 'write' }), 'msg_a');
          yield blockMessage(params, toolUseBlock('r2', 'Read', { value: 'read after' }), 'msg_a');
          // Plenty of turns of the event loop for anything that could start to start.
          await ticks(20);
          startedDuringStream = [...log];
          yield blockMessage(params, textBlock('Still talking.'), 'msg_a');
          yield messageStop;
        },
        finish,
      ],
    });
    expect(startedDuringStream).toEqual(['read before']);
    expect(log).toEqual(['read before', 'write', 'read after']);
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['r0', 'w1', 'r2']);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });
});

describe('query: a replaced response never loses what its calls did', () => {
  it('output-limit escalation re-sends the request with a note of the call that already ran', async () => {
    const read = countingRead();
    const run = await runQuery({
      streamingTools: true,
      tools: [read.tool],
      turns: [
        {
          blocks: [toolUse('Read', { file_path: '/repo/notes.txt' }, 'early'), text('and then the reply went on and on')],
          afterBlock: async (index) => {
            if (index === 0) await read.done;
          },
          stopReason: 'max_tokens',
          apiError: { kind: 'max_output_tokens' },
        },
        finish,
      ],
    });
    expect(run.transitions).toEqual([{ reason: 'max_output_tokens_escalate' }]);
    expect(read.state.runs).toBe(1);
    const [note] = notesIn(run.events);
    expect(note).toBeDefined();
    const noteText = JSON.stringify(note?.message.content);
    expect(noteText).toContain('output token limit');
    expect(noteText).toContain('Read {\\"file_path\\":\\"/repo/notes.txt\\"}');
    expect(noteText).toContain('line one of notes.txt');
    // The re-sent request is the first one plus the note, and its withdrawn tool_use is gone.
    expect(sentText(run.requests[1])).toContain('line one of notes.txt');
    expect(sentText(run.requests[1])).not.toContain('"early"');
    expect(run.requests[1]?.messages).toHaveLength(1);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });

  it('a mid-stream retry: the withdrawn call that finished is reported before the retried blocks', async () => {
    const read = countingRead();
    const run = await runQuery({
      streamingTools: true,
      tools: [read.tool],
      turns: [
        async function* (params) {
          const doomed = blockMessage(params, toolUseBlock('gone', 'Read', { file_path: '/repo/notes.txt' }), 'msg_dead');
          yield doomed;
          await read.done;
          // The connection broke; the model layer withdraws the attempt and streams a new one.
          yield { type: 'tombstone', message: doomed };
          yield blockMessage(params, toolUseBlock('again', 'Read', { file_path: '/repo/other.txt' }), 'msg_live');
          yield messageStop;
        },
        finish,
      ],
    });
    const kinds = run.events.map((e) => (e.type === 'user' && e.isMeta ? 'note' : e.type));
    const tombstoneAt = kinds.indexOf('tombstone');
    expect(kinds[tombstoneAt + 1]).toBe('note');
    expect(kinds[tombstoneAt + 2]).toBe('assistant');
    expect(JSON.stringify(notesIn(run.events)[0]?.message.content)).toContain('stream broke off');
    // The next request carries the note in the user turn before the new response.
    const messages = run.requests[1]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messages[0])).toContain('line one of notes.txt');
    expect(toolResultsOf(run.events).map((r) => r.id)).toEqual(['again']);
    expect(read.state.runs).toBe(2);
  });

  it('a mid-stream retry: a withdrawn call still running is stopped and reported as stopped', async () => {
    const started = deferred();
    const tool = fakeTool({
      name: 'Read',
      safe: true,
      run: async function* (_input, ctx) {
        started.resolve();
        await untilAborted(ctx);
        throw new Error('read interrupted');
      },
    });
    const run = await runQuery({
      streamingTools: true,
      tools: [tool],
      turns: [
        async function* (params) {
          const doomed = blockMessage(params, toolUseBlock('gone', 'Read', {}), 'msg_dead');
          yield doomed;
          await started.promise;
          yield { type: 'tombstone', message: doomed };
          yield blockMessage(params, textBlock('Second attempt, no tools.'), 'msg_live');
          yield messageStop;
        },
      ],
    });
    const note = JSON.stringify(notesIn(run.events)[0]?.message.content);
    expect(note).toContain('Stopped while running: the request that asked for it was withdrawn');
    expect(run.terminal).toEqual({ reason: 'completed' });
  });

  it('model fallback: the request to the fallback model carries a note of what ran', async () => {
    const read = countingRead();
    const run = await runQuery({
      streamingTools: true,
      fallbackModel: 'claude-haiku-4-5',
      tools: [read.tool],
      turns: [
        {
          blocks: [toolUse('Read', { file_path: '/repo/notes.txt' }, 'lost')],
          afterBlock: () => read.done,
          throws: new FallbackTriggeredError(TEST_MODEL, 'claude-haiku-4-5'),
        },
        finish,
      ],
    });
    expect(run.transitions).toEqual([{ reason: 'model_fallback' }]);
    expect(run.requests[1]?.model).toBe('claude-haiku-4-5');
    expect(sentText(run.requests[1])).toContain('model was switched');
    expect(sentText(run.requests[1])).toContain('line one of notes.txt');
    expect(sentText(run.requests[1])).not.toContain('"lost"');
    expect(read.state.runs).toBe(1);
  });

  it('prompt-too-long recovery: the compacted request carries a note of what ran', async () => {
    const read = countingRead();
    const run = await runQuery({
      streamingTools: true,
      compaction: 'real',
      // An earlier round: a conversation of the prompt alone has nothing to compact and fails at once.
      messages: [prompt('Look for TODOs.'), ...round('Grep', { pattern: 'TODO' }, 'no matches'), userPrompt('Read the notes, then sum them up.')],
      tools: [read.tool],
      turns: [
        {
          blocks: [toolUse('Read', { file_path: '/repo/notes.txt' }, 'cut')],
          afterBlock: () => read.done,
          apiError: { kind: 'prompt_too_long', text: 'Prompt is too long', status: 400 },
        },
        { blocks: [text('Summary: they asked to read and sum up the notes.')] },
        finish,
      ],
    });
    expect(run.transitions).toEqual([{ reason: 'reactive_compact_retry' }]);
    expect(sentText(run.requests[2])).toContain('no longer fit the context window');
    expect(sentText(run.requests[2])).toContain('line one of notes.txt');
    expect(read.state.runs).toBe(1);
  });

  it('a response that is not replaced keeps its results as they are, with no note', async () => {
    const read = countingRead();
    const run = await runQuery({ streamingTools: true, tools: [read.tool], turns: [{ blocks: [toolUse('Read', {}, 'kept')] }, finish] });
    expect(notesIn(run.events)).toEqual([]);
    expect(toolResultsOf(run.events).map((r) => [r.id, r.content])).toEqual([['kept', 'line one of notes.txt']]);
  });
});
