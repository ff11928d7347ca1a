// The context layers and the prompt-too-long ladder inside the real loop: which transition each
// rung takes, how the loop ends, and what the model is sent. A small PULSE_CONTEXT_WINDOW makes
// the thresholds reachable: 60k tokens gives auto-compaction at 27k, the warning (snip,
// collapse) at 7k and the blocking limit at 37k.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLAPSE_SUMMARY_PREFIX } from '../../src/compact/collapse.js';
import { MAX_PROMPT_TOO_LONG_RETRIES } from '../../src/compact/compactConversation.js';
import { PERSISTED_OUTPUT_TAG } from '../../src/compact/toolResultBudget.js';
import type { HookRunner } from '../../src/hooks/hookRunner.js';
import type { SimpleHookResult } from '../../src/hooks/sessionHooks.js';
import type { StopHookResult } from '../../src/hooks/turnHooks.js';
import { AUTOCOMPACT_FAILURE_LIMIT } from '../../src/query/compaction.js';
import type { ToolResultReplacements, ToolUseContext } from '../../src/tools/Tool.js';
import type { AssistantMessage, LoopEvent, Message, SystemMessage } from '../../src/types/messages.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { assistant, prompt, round, textBlock } from '../unit/compact/fixtures.js';
import { session } from '../../src/state/session.js';
import { isolateEnv } from '../support/isolatedEnv.js';
import { fakeTool, makeContext, runQuery, TEST_MODEL } from './harness.js';

isolateEnv(['PULSE_CONTEXT_WINDOW', 'PULSE_DISABLE_AUTO_COMPACT', 'PULSE_AUTOCOMPACT_PCT', 'PULSE_MICROCOMPACT_KEEP'], {
  PULSE_CONTEXT_WINDOW: '60000',
});

const SUMMARY = '<analysis>scratch</analysis><summary>1. Goal and intent: finish the big job.</summary>';
const tooLong: ResponseTurn = { blocks: [], apiError: { kind: 'prompt_too_long', text: 'Prompt is too long', status: 400 } };
const summaryTurn = (body = SUMMARY): ResponseTurn => ({ blocks: [text(body)] });
const failedSummary: ResponseTurn = { blocks: [], apiError: { kind: 'server_error', text: 'summariser down', status: 500 } };

/** A tool whose every result is `chars` characters of prose: 40k chars is about 13k tokens. */
const bigTool = (chars: number) =>
  fakeTool({
    name: 'Big',
    run: async function* () {
      return { data: 'word '.repeat(chars / 5) };
    },
  });

function errorsYielded(events: readonly LoopEvent[]): AssistantMessage[] {
  return events.filter((e): e is AssistantMessage => e.type === 'assistant' && e.apiError !== undefined);
}

function systemEvents(events: readonly LoopEvent[], subtype: string): SystemMessage[] {
  return events.filter((e): e is SystemMessage => e.type === 'system' && e.subtype === subtype);
}

const sent = (run: { requests: Array<{ messages: unknown }> }, index: number) => JSON.stringify(run.requests[index]?.messages);

type FakeHooks = { stop?: () => StopHookResult; preCompact?: () => SimpleHookResult };

function withFakeHooks(handlers: FakeHooks, calls: string[]): ToolUseContext {
  const common = { preventContinuation: false, systemMessages: [], errors: [] };
  const hooks = {
    has: (event: string) => (event === 'Stop' && handlers.stop !== undefined) || (event === 'PreCompact' && handlers.preCompact !== undefined),
    stop: async () => {
      calls.push('Stop');
      return handlers.stop?.() ?? { ...common, blockingErrors: [] };
    },
    simple: async (event: string, fields: Record<string, unknown>) => {
      calls.push(`${event}:${String(fields.trigger)}`);
      return handlers.preCompact?.() ?? { ...common, blockingErrors: [], additionalContext: [] };
    },
  };
  return { ...makeContext(), hooks: hooks as unknown as HookRunner };
}

/** Two finished stretches (prompt, answer) and a new prompt: what a drain can collapse. */
function finishedStretches(): Message[] {
  return [
    prompt('first question'),
    assistant([textBlock('answer to the first question')]),
    prompt('second question'),
    assistant([textBlock('answer to the second question')]),
    prompt('third question'),
  ];
}

describe('auto-compaction in the loop', () => {
  it('compacts when over the threshold: the boundary is yielded and the next request carries the summary only', async () => {
    const run = await runQuery({
      compaction: 'real',
      tools: [bigTool(120_000)],
      turns: [{ blocks: [toolUse('Big', {})] }, summaryTurn(), { blocks: [text('Finished.')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests.map((r) => r.querySource)).toEqual(['print', 'compact', 'print']);
    expect(run.requests[1]?.tools).toEqual([]);
    const boundaries = systemEvents(run.events, 'compact_boundary');
    expect(boundaries).toHaveLength(1);
    expect(boundaries[0]?.data).toMatchObject({ trigger: 'auto', pre_tokens: expect.any(Number) });
    expect(sent(run, 2)).toContain('finish the big job');
    expect(sent(run, 2)).not.toContain('word word');
    // The person's prompt is never summarised away: it follows the summary word for word.
    expect(sent(run, 2)).toContain('Do the thing.');
    expect(errorsYielded(run.events)).toEqual([]);
    // The summary request costs money too: it is on the session's bill with the two main ones.
    expect(session.modelUsage[TEST_MODEL]?.outputTokens).toBe(15);
  });

  it('stops after three failed compactions in a row: no fourth summary request', async () => {
    const bigRound = () => ({ blocks: [toolUse('Big', {})] });
    const run = await runQuery({
      compaction: 'real',
      tools: [bigTool(120_000)],
      turns: [bigRound(), failedSummary, bigRound(), failedSummary, bigRound(), failedSummary, bigRound(), bigRound(), { blocks: [text('Done.')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests.filter((r) => r.querySource === 'compact')).toHaveLength(AUTOCOMPACT_FAILURE_LIMIT);
    expect(systemEvents(run.events, 'warning').filter((w) => w.content.startsWith('Automatic compaction failed'))).toHaveLength(3);
    expect(systemEvents(run.events, 'compact_boundary')).toEqual([]);
  });

  it('calls PreCompact with the trigger first, and a blocking hook cancels that compaction', async () => {
    const calls: string[] = [];
    const context = withFakeHooks(
      {
        preCompact: () => ({ preventContinuation: false, systemMessages: [], errors: [], blockingErrors: ['[guard]: not now'], additionalContext: [] }),
      },
      calls,
    );
    const run = await runQuery({
      compaction: 'real',
      context,
      tools: [bigTool(120_000)],
      turns: [{ blocks: [toolUse('Big', {})] }, { blocks: [text('Done without compacting.')] }],
    });
    expect(calls).toEqual(['PreCompact:auto']);
    expect(run.requests.map((r) => r.querySource)).toEqual(['print', 'print']);
    expect(systemEvents(run.events, 'warning').map((w) => w.content)).toEqual([
      'A PreCompact hook blocked compaction: [guard]: not now',
    ]);
    expect(run.terminal).toEqual({ reason: 'completed' });
  });

  it('passes a PreCompact hook’s added context to the summary request as instructions', async () => {
    const calls: string[] = [];
    const context = withFakeHooks(
      {
        preCompact: () => ({ preventContinuation: false, systemMessages: [], errors: [], blockingErrors: [], additionalContext: ['Keep the API notes.'] }),
      },
      calls,
    );
    const run = await runQuery({
      compaction: 'real',
      context,
      tools: [bigTool(120_000)],
      turns: [{ blocks: [toolUse('Big', {})] }, summaryTurn(), { blocks: [text('Done.')] }],
    });
    expect(sent(run, 1)).toContain('Keep the API notes.');
    expect(systemEvents(run.events, 'compact_boundary')).toHaveLength(1);
  });
});

describe('the blocking limit', () => {
  it('with auto-compaction off, refuses to send an over-long request and tells the user to /compact', async () => {
    process.env.PULSE_DISABLE_AUTO_COMPACT = '1';
    const run = await runQuery({
      messages: [createUserMessage({ content: 'word '.repeat(32_000) })],
      turns: [],
    });
    expect(run.terminal).toEqual({ reason: 'blocking_limit' });
    expect(run.requests).toHaveLength(0);
    const [error] = errorsYielded(run.events);
    expect(error?.apiError).toBe('prompt_too_long');
    expect(JSON.stringify(error?.message.content)).toContain('/compact');
  });

  it('with auto-compaction on, leaves an over-long request to the API and the ladder', async () => {
    const run = await runQuery({
      compaction: { autocompact: async () => ({ compacted: false }) },
      messages: [createUserMessage({ content: 'word '.repeat(32_000) })],
      turns: [{ blocks: [text('Fine.')] }],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests).toHaveLength(1);
  });
});

describe('snip and the tool-result budget', () => {
  it('snips superseded tool rounds over the warning threshold, yielding the boundary with the tokens freed', async () => {
    const [toolCall, toolOutput] = round('Read', { file_path: 'big.txt' }, 'line '.repeat(8_000));
    const run = await runQuery({
      compaction: 'real',
      messages: [prompt('read big.txt'), toolCall, toolOutput, assistant([textBlock('It is long.')]), prompt('now something else')],
      turns: [{ blocks: [text('Sure.')] }],
    });
    const [boundary] = systemEvents(run.events, 'snip_boundary');
    expect(boundary?.data).toMatchObject({ tokens_freed: expect.any(Number) });
    expect(Number(boundary?.data?.tokens_freed)).toBeGreaterThan(10_000);
    expect(sent(run, 0)).not.toContain('line line');
    expect(sent(run, 0)).toContain('read big.txt');
    expect(sent(run, 0)).toContain('It is long.');
    expect(run.requests).toHaveLength(1);
  });

  it('on resume mid-task, never drops the unfinished task’s tool rounds unsummarised', async () => {
    // The session stopped while the task was still reading files: no final answer came.
    const rounds = [0, 1, 2].flatMap((n) => round('Read', { file_path: `part${n}.txt` }, `line ${n} `.repeat(4_000)));
    const run = await runQuery({
      compaction: 'real',
      messages: [prompt('summarise the three parts'), ...rounds, prompt('continue')],
      turns: [{ blocks: [text('Carrying on.')] }],
    });
    expect(systemEvents(run.events, 'snip_boundary')).toEqual([]);
    for (const n of [0, 1, 2]) expect(sent(run, 0)).toContain(`part${n}.txt`);
    expect(sent(run, 0)).toContain('line 2 line 2');
  });

  describe('with a tool-results folder', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'pulse-budget-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('spills an over-sized result to a file, records the replacement, and resends the same bytes on resume', async () => {
      const recorded: Array<[string, string]> = [];
      const known = new Map<string, string>();
      const replacements: ToolResultReplacements = {
        known,
        record: (id, replacement) => {
          recorded.push([id, replacement]);
          known.set(id, replacement);
        },
      };
      const context: ToolUseContext = {
        ...makeContext(),
        options: { ...makeContext().options, toolResultsDir: dir },
        toolResultReplacements: replacements,
      };
      const first = await runQuery({
        compaction: 'real',
        context,
        tools: [bigTool(60_000)],
        turns: [{ blocks: [toolUse('Big', {}, 'toolu_big')] }, { blocks: [text('Seen it.')] }],
      });
      expect(recorded.map(([id]) => id)).toEqual(['toolu_big']);
      expect(sent(first, 1)).toContain(PERSISTED_OUTPUT_TAG);
      expect(sent(first, 1)).not.toContain('word '.repeat(1_000));
      const spilled = join(dir, 'toolu_big.txt');
      expect(existsSync(spilled)).toBe(true);
      expect(readFileSync(spilled, 'utf8')).toHaveLength(60_000);

      // A resumed session: the raw result again, the recorded decision, the same bytes sent.
      const resumed = await runQuery({
        compaction: 'real',
        context,
        messages: [...first.history, prompt('and then?')],
        turns: [{ blocks: [text('Then nothing.')] }],
      });
      expect(recorded).toHaveLength(1);
      const replacementSent = (run: typeof first, index: number) =>
        (run.requests[index]?.messages ?? []).flatMap((m) =>
          Array.isArray(m.content) ? m.content.filter((b) => b.type === 'tool_result').map((b) => JSON.stringify(b)) : [],
        );
      expect(replacementSent(resumed, 0)).toEqual(replacementSent(first, 1));
    });
  });
});

describe('the prompt-too-long ladder', () => {
  it('drains context collapse first, then sends again without showing the error', async () => {
    const run = await runQuery({
      compaction: 'real',
      messages: finishedStretches(),
      turns: [tooLong, summaryTurn('They asked one thing.'), summaryTurn('They asked another.'), { blocks: [text('Third answer.')] }],
    });
    expect(run.transitions).toEqual([{ reason: 'collapse_drain_retry' }]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(errorsYielded(run.events)).toEqual([]);
    expect(sent(run, 3)).toContain(COLLAPSE_SUMMARY_PREFIX);
    expect(sent(run, 3)).toContain('They asked another.');
    expect(sent(run, 3)).not.toContain('answer to the first question');
    expect(sent(run, 3)).toContain('third question');
  });

  it('does not drain twice in a row: the next rung is reactive compaction', async () => {
    const run = await runQuery({
      compaction: 'real',
      messages: finishedStretches(),
      turns: [tooLong, summaryTurn('One.'), summaryTurn('Two.'), tooLong, summaryTurn(), { blocks: [text('Answer.')] }],
    });
    expect(run.transitions).toEqual([{ reason: 'collapse_drain_retry' }, { reason: 'reactive_compact_retry' }]);
    expect(run.requests.map((r) => r.querySource)).toEqual(['print', 'compact', 'compact', 'print', 'compact', 'print']);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(errorsYielded(run.events)).toEqual([]);
  });

  it('compacts reactively when there is nothing to drain, and the user never sees the error', async () => {
    const run = await runQuery({
      compaction: 'real',
      messages: [prompt('read a.ts'), ...round('Read', { file_path: 'a.ts' }, 'contents')],
      turns: [tooLong, summaryTurn(), { blocks: [text('Answer after compacting.')] }],
    });
    expect(run.transitions).toEqual([{ reason: 'reactive_compact_retry' }]);
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(errorsYielded(run.events)).toEqual([]);
    expect(systemEvents(run.events, 'compact_boundary')[0]?.data).toMatchObject({ trigger: 'auto' });
    expect(sent(run, 2)).toContain('finish the big job');
  });

  it('gives up when the compaction request itself is too long, after its bounded retries', async () => {
    const history: Message[] = [prompt('start')];
    for (let n = 0; n < 10; n += 1) history.push(...round('Read', { file_path: `f${n}.ts` }, `contents ${n}`));
    const compactAttempts = 1 + MAX_PROMPT_TOO_LONG_RETRIES;
    const run = await runQuery({
      compaction: 'real',
      messages: history,
      turns: [tooLong, ...Array.from({ length: compactAttempts }, () => tooLong)],
    });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(run.transitions).toEqual([]);
    expect(run.requests.filter((r) => r.querySource === 'compact')).toHaveLength(compactAttempts);
    // Each retry drops more of the oldest history.
    const sizes = run.requests.slice(1).map((r) => r.messages.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(new Set(sizes).size).toBe(compactAttempts);
    expect(errorsYielded(run.events).map((e) => e.apiError)).toEqual(['prompt_too_long']);
    expect(systemEvents(run.events, 'warning')[0]?.content).toMatch(/^Compaction after a prompt-too-long error failed/);
  });

  it('keeps the one-shot flag through a stop-hook retry: a second prompt-too-long surfaces, and no stop hook runs on it', async () => {
    const calls: string[] = [];
    let stops = 0;
    const context = withFakeHooks(
      {
        stop: () => {
          stops += 1;
          const blockingErrors = stops === 1 ? ['[check]: run the tests'] : [];
          return { preventContinuation: false, systemMessages: [], errors: [], blockingErrors };
        },
      },
      calls,
    );
    const run = await runQuery({
      compaction: 'real',
      context,
      messages: [prompt('read a.ts'), ...round('Read', { file_path: 'a.ts' }, 'contents')],
      turns: [tooLong, summaryTurn(), { blocks: [text('Done, I think.')] }, tooLong],
    });
    expect(run.transitions.map((t) => t.reason)).toEqual(['reactive_compact_retry', 'stop_hook_blocking']);
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(run.requests.filter((r) => r.querySource === 'compact')).toHaveLength(1);
    expect(calls).toEqual(['Stop']);
    expect(errorsYielded(run.events).map((e) => e.apiError)).toEqual(['prompt_too_long']);
  });

  it('surfaces the error when nothing can be compacted, without running stop hooks', async () => {
    const calls: string[] = [];
    const context = withFakeHooks({ stop: () => ({ preventContinuation: false, systemMessages: [], errors: [], blockingErrors: ['[x]: no'] }) }, calls);
    const run = await runQuery({ compaction: 'real', context, messages: [], turns: [tooLong] });
    expect(run.terminal).toEqual({ reason: 'prompt_too_long' });
    expect(calls).toEqual([]);
    expect(errorsYielded(run.events)).toHaveLength(1);
  });
});
