// The loop's token count must include what every layer saved this turn: the last response's
// usage still counts tool results that microcompaction has just cleared, and compacting on that
// stale figure pays for a summary the request no longer needs. The scripted model reports each
// request's real size (4 characters a token) as its input usage, as the API would.
import { describe, expect, it } from 'vitest';
import { isolateEnv } from '../support/isolatedEnv.js';
import { sizedUsage, text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { fakeTool, runQuery } from './harness.js';

// Auto-compaction at 27k tokens, the warning at 7k.
isolateEnv(['PULSE_CONTEXT_WINDOW', 'PULSE_MICROCOMPACT_KEEP', 'PULSE_DISABLE_AUTO_COMPACT'], { PULSE_CONTEXT_WINDOW: '60000' });

/** Every result is about 4.5k tokens of prose. */
const bigRead = fakeTool({
  name: 'Read',
  safe: true,
  run: async function* () {
    return { data: 'word '.repeat(3_600) };
  },
});
const reads = (n: number): ResponseTurn[] => Array.from({ length: n }, readTurn);

// A different file each time: a repeated Read of the same file would be sent as a short stub.
const readTurn = (_: unknown, n: number): ResponseTurn => ({ blocks: [toolUse('Read', { file_path: `big${n}.txt` })], usage: sizedUsage });
const summary: ResponseTurn = { blocks: [text('<summary>1. Goal and intent: read the big files.</summary>')], usage: sizedUsage };
const done: ResponseTurn = { blocks: [text('Done.')], usage: sizedUsage };

describe('the context count', () => {
  it('does not compact when microcompaction has just cleared enough, though the last usage plus the new result is over the threshold', async () => {
    const run = await runQuery({ compaction: 'real', tools: [bigRead], turns: [...reads(8), done] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    // From the seventh request on, usage (5 results) plus the newest result is over 27k; microcompaction
    // clears the oldest results first, so what is sent stays near 23k.
    expect(run.requests.map((r) => r.querySource)).toEqual(Array(9).fill('print'));
    expect(JSON.stringify(run.requests[8]?.messages)).toContain('[Old tool result content cleared]');
    expect(run.events.filter((e) => e.type === 'system' && e.subtype === 'compact_boundary')).toEqual([]);
  });

  it('compacts the same session when nothing is cleared (the control)', async () => {
    process.env.PULSE_MICROCOMPACT_KEEP = '10';
    const run = await runQuery({ compaction: 'real', tools: [bigRead], turns: [...reads(6), summary, done] });
    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(run.requests.map((r) => r.querySource)).toEqual([...Array(6).fill('print'), 'compact', 'print']);
  });
});
