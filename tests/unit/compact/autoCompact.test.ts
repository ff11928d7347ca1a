import { describe, expect, it } from 'vitest';
import {
  autoCompactIfNeeded,
  createAutocompact,
  MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES,
} from '../../../src/compact/autoCompact.js';
import type { QueryDeps } from '../../../src/query/deps.js';
import type { Message } from '../../../src/types/messages.js';
import { makeToolContext } from '../../support/toolContext.js';
import { assistant, fakeModel, prompt, type Reply, round, textBlock } from './fixtures.js';

const SUMMARY = '<summary>1. Goal and intent: keep going.</summary>';
const env = {};

function context() {
  return makeToolContext('/repo', {
    options: { model: 'claude-opus-4-6', isNonInteractive: true, verbose: false, env: {} },
  });
}

/** A history whose last response reports `inputTokens` of context. */
function historyAt(inputTokens: number): Message[] {
  return [
    prompt('refactor the parser'),
    ...round('Read', { file_path: '/repo/parser.ts' }, 'code'),
    assistant([textBlock('Working on it.')], { usage: { input_tokens: inputTokens } }),
    prompt('continue'),
  ];
}

describe('autoCompactIfNeeded', () => {
  it('does nothing below the threshold', async () => {
    const { callModel, requests } = fakeModel([SUMMARY]);
    const outcome = await autoCompactIfNeeded(historyAt(150_000), context(), 'repl', { callModel, failures: 0, env });
    expect(outcome).toEqual({ compacted: false, failures: 0 });
    expect(requests).toHaveLength(0);
  });

  it('compacts at the threshold and resets the failure count', async () => {
    const { callModel, requests } = fakeModel([SUMMARY]);
    const ctx = context();
    ctx.readFileState.set('/repo/parser.ts', { content: 'code', timestamp: 1, isPartialView: false });
    for (let n = 0; n < 6; n += 1) {
      ctx.readFileState.set(`/repo/other${n}.ts`, { content: `other ${n}`, timestamp: 1, isPartialView: false });
    }
    const outcome = await autoCompactIfNeeded(historyAt(167_000), ctx, 'repl', { callModel, failures: 2, env });
    expect(requests).toHaveLength(1);
    expect(outcome.compacted).toBe(true);
    expect(outcome.failures).toBe(0);
    if (!outcome.compacted) return;
    expect(outcome.boundary).toMatchObject({ subtype: 'compact_boundary', data: { trigger: 'auto' } });
    expect(outcome.messages[0]).toMatchObject({ type: 'user', isMeta: true });
    // Only the re-attached files still count as read: the one Read in history first, then the latest entries.
    expect([...ctx.readFileState.keys()].sort()).toEqual(
      ['/repo/parser.ts', '/repo/other5.ts', '/repo/other4.ts', '/repo/other3.ts', '/repo/other2.ts'].sort(),
    );
  });

  it("takes the loop's count, which has the earlier layers' savings in it, over the last usage", async () => {
    const { callModel, requests } = fakeModel([SUMMARY]);
    const outcome = await autoCompactIfNeeded(historyAt(170_000), context(), 'repl', {
      callModel,
      failures: 0,
      env,
      tokenCount: 160_000,
    });
    expect(outcome.compacted).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('never compacts a compaction request, or when disabled', async () => {
    const { callModel, requests } = fakeModel([SUMMARY, SUMMARY]);
    expect((await autoCompactIfNeeded(historyAt(190_000), context(), 'compact', { callModel, failures: 0, env })).compacted).toBe(false);
    const disabled = { PULSE_DISABLE_AUTO_COMPACT: '1' };
    expect((await autoCompactIfNeeded(historyAt(190_000), context(), 'repl', { callModel, failures: 0, env: disabled })).compacted).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('counts failures and stops trying after three in a row', async () => {
    const failing: Reply[] = Array.from({ length: 5 }, () => ({ apiError: 'server_error' as const, text: 'overloaded' }));
    const { callModel, requests } = fakeModel(failing);
    let failures = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const outcome = await autoCompactIfNeeded(historyAt(180_000), context(), 'repl', { callModel, failures, env });
      expect(outcome.compacted).toBe(false);
      failures = outcome.failures;
    }
    expect(failures).toBe(MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES);
    expect(requests).toHaveLength(MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES);
  });

  it('does not count an abort as a failure', async () => {
    const controller = new AbortController();
    const ctx = makeToolContext('/repo', {
      abortSignal: controller.signal,
      options: { model: 'claude-opus-4-6', isNonInteractive: true, verbose: false, env: {} },
    });
    const callModel: QueryDeps['callModel'] = async function* () {
      controller.abort();
      throw new Error('aborted');
    };
    const outcome = await autoCompactIfNeeded(historyAt(180_000), ctx, 'repl', { callModel, failures: 1, env });
    expect(outcome).toEqual({ compacted: false, failures: 1 });
  });
});

describe('createAutocompact', () => {
  it('fits QueryDeps.autocompact, throws each failure, then stops calling the model', async () => {
    const failing: Reply[] = Array.from({ length: 5 }, () => ({ apiError: 'server_error' as const, text: 'overloaded' }));
    const { callModel, requests } = fakeModel(failing);
    const autocompact: QueryDeps['autocompact'] = createAutocompact({ callModel, env });
    for (let attempt = 0; attempt < MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES; attempt += 1) {
      await expect(autocompact(historyAt(180_000), context(), 'repl')).rejects.toThrow('overloaded');
    }
    expect(await autocompact(historyAt(180_000), context(), 'repl')).toEqual({ compacted: false });
    expect(requests).toHaveLength(MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES);
  });

  it('returns the loop-shaped result with todos from the session', async () => {
    const { callModel } = fakeModel([SUMMARY]);
    const autocompact = createAutocompact({
      callModel,
      env,
      getTodos: () => [{ content: 'Ship it', status: 'pending' }],
      uuid: (() => {
        let n = 0;
        return () => `u${++n}`;
      })(),
    });
    const result = await autocompact(historyAt(180_000), context(), 'repl');
    expect(result.compacted).toBe(true);
    if (!result.compacted) return;
    expect(Object.keys(result).sort()).toEqual(['boundary', 'compacted', 'messages']);
    expect(result.boundary.type).toBe('system');
    expect(JSON.stringify(result.messages.at(-1))).toContain('[ ] Ship it');
  });
});
