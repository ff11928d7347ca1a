// Compaction under a small window: 45k tokens (auto-compaction at 12k), a task that reads ten
// files of about 5k tokens each with the real Read tool. Each compaction must leave the
// conversation well under the threshold (re-attached files are budgeted by the window), so the
// work goes on for more than one request before the next one; and a compaction that frees too
// little counts towards the circuit breaker instead of repeating on every turn. The scripted
// model reports each request's real size (4 characters a token) as its usage.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallModelParams } from '../../src/api/types.js';
import { getContextThresholds } from '../../src/compact/thresholds.js';
import { AUTOCOMPACT_FAILURE_LIMIT } from '../../src/query/compaction.js';
import { ReadTool } from '../../src/tools/read/ReadTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { requestSizeTokens, routedModel, sizedUsage, text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { isolateEnv } from '../support/isolatedEnv.js';
import { fakeTool, makeContext, runQuery, TEST_MODEL } from './harness.js';

isolateEnv(['PULSE_CONTEXT_WINDOW', 'PULSE_MICROCOMPACT_KEEP'], { PULSE_CONTEXT_WINDOW: '45000' });
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pulse-small-window-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Ten files of about 5k tokens (20k characters) each. */
function writeFiles(): string[] {
  return Array.from({ length: 10 }, (_, n) => {
    const path = join(dir, `module${n}.ts`);
    const lines = Array.from({ length: 400 }, (_, i) => `export const v${n}_${i} = ${i}; // line ${i} of module ${n}`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  });
}

const SUMMARY: ResponseTurn = {
  blocks: [text('<summary>1. Goal and intent: read the ten modules.\n7. Current work: reading them in order.</summary>')],
  usage: sizedUsage,
};

type Figures = { compactions: number; mainRequests: number; requestsPerCompaction: number; firstAfterCompaction: number[]; peak: number };

/** What the run cost: summary requests, the loop's own requests, and the size of the first request after each compaction. */
function figuresOf(requests: readonly CallModelParams[]): Figures {
  const compactions = requests.filter((r) => r.querySource === 'compact').length;
  const mainRequests = requests.length - compactions;
  const firstAfterCompaction = requests.flatMap((r, i) =>
    r.querySource !== 'compact' && requests[i - 1]?.querySource === 'compact' ? [requestSizeTokens(r)] : [],
  );
  const peak = Math.max(...requests.filter((r) => r.querySource !== 'compact').map(requestSizeTokens));
  return { compactions, mainRequests, requestsPerCompaction: mainRequests / Math.max(1, compactions), firstAfterCompaction, peak };
}

describe('compaction under a 45k window', () => {
  it('reading ten 5k-token files: every compaction leaves the conversation well under the threshold', async () => {
    const files = writeFiles();
    const reads = files.map((path): ResponseTurn => ({ blocks: [toolUse('Read', { file_path: path })], usage: sizedUsage }));
    const model = routedModel([...reads, { blocks: [text('Read them all.')], usage: sizedUsage }], SUMMARY);
    const run = await runQuery({
      compaction: 'real',
      canUseTool: async () => ({ behavior: 'allow' }),
      model,
      turns: [],
      tools: [ReadTool as AnyTool],
      context: makeContext(),
      messages: [createUserMessage({ content: 'Read every module in this folder, one at a time.' })],
    });
    expect(run.terminal).toEqual({ reason: 'completed' });
    const figures = figuresOf(run.requests);
    const { autoCompactThreshold } = getContextThresholds(TEST_MODEL);
    console.log(`45k window, ten 5k-token Reads: ${JSON.stringify(figures)} (threshold ${autoCompactThreshold})`);
    expect(figures.mainRequests).toBe(11);
    expect(figures.compactions).toBeGreaterThan(0);
    // Never two compactions in a row, never a compaction on most turns.
    expect(figures.requestsPerCompaction).toBeGreaterThanOrEqual(2);
    // The first request after each compaction is well under the threshold, and smaller than the peak.
    for (const size of figures.firstAfterCompaction) {
      expect(size).toBeLessThan(autoCompactThreshold * 0.75);
      expect(size).toBeLessThan(figures.peak);
    }
    expect(run.events.filter((e) => e.type === 'system' && e.subtype === 'warning')).toEqual([]);
  });

  it('counts compactions that free too little towards the breaker: after three, no more summary requests', async () => {
    // The person's own prompt is kept word for word and is itself over the threshold's three quarters.
    const prompt = `Keep this whole brief in view: ${'detail '.repeat(6_000)}`;
    const small = (n: number): ResponseTurn => ({ blocks: [toolUse('Echo', { value: `${n}` })], usage: sizedUsage });
    const echo = fakeTool({
      name: 'Echo',
      safe: true,
      run: async function* () {
        return { data: 'ok '.repeat(2_000) };
      },
    });
    const model = routedModel([...Array.from({ length: 8 }, (_, n) => small(n)), { blocks: [text('Done.')], usage: sizedUsage }], SUMMARY);
    const run = await runQuery({
      compaction: 'real',
      canUseTool: async () => ({ behavior: 'allow' }),
      model,
      turns: [],
      tools: [echo],
      messages: [createUserMessage({ content: prompt })],
    });
    const figures = figuresOf(run.requests);
    expect(figures.compactions).toBe(AUTOCOMPACT_FAILURE_LIMIT);
    const warnings = run.events.filter((e) => e.type === 'system' && e.subtype === 'warning');
    expect(warnings.map((w) => (w.type === 'system' ? w.content : ''))).toEqual([
      expect.stringContaining('freed too little'),
      expect.stringContaining('freed too little'),
      expect.stringContaining('will not be tried again'),
    ]);
  });
});
