// A Read of a file the conversation already shows, unchanged, goes to the model as a short stub
// that says the earlier result still holds; a changed file goes whole; after a compaction the
// file goes whole again. The real Read tool on a real folder; the transcript keeps every result.
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallModelParams } from '../../src/api/types.js';
import { unchangedReadStub } from '../../src/compact/unchangedReads.js';
import { ReadTool } from '../../src/tools/read/ReadTool.js';
import type { AnyTool } from '../../src/tools/Tool.js';
import { createUserMessage } from '../../src/utils/messages.js';
import { routedModel, sizedUsage, text, toolUse, type ResponseTurn } from '../support/scriptedModel.js';
import { runQuery, toolResultsOf } from './harness.js';

let dir = '';
let file = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pulse-rereads-'));
  file = join(dir, 'notes.ts');
  writeFileSync(file, Array.from({ length: 200 }, (_, i) => `export const n${i} = ${i};`).join('\n'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (then?: () => void): ResponseTurn => ({ blocks: [toolUse('Read', { file_path: file })], usage: sizedUsage, onEnd: then });
const done: ResponseTurn = { blocks: [text('Done.')], usage: sizedUsage };

/** The tool results a request carried, in order. */
function sentResults(request: CallModelParams | undefined): string[] {
  return (request?.messages ?? []).flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((block) => (block.type === 'tool_result' && typeof block.content === 'string' ? [block.content] : [])),
  );
}

function run(turns: ResponseTurn[], summary?: ResponseTurn) {
  const model = routedModel(turns, summary ?? done);
  return runQuery({
    compaction: 'real',
    canUseTool: async () => ({ behavior: 'allow' }),
    model,
    turns: [],
    tools: [ReadTool as AnyTool],
    messages: [createUserMessage({ content: 'Check the notes a few times.' })],
  });
}

describe('unchanged-file Read stubs', () => {
  it('sends a repeated Read of an unchanged file as a stub, and keeps the full result in history', async () => {
    const outcome = await run([read(), read(), read(), done]);
    const last = sentResults(outcome.requests.at(-1));
    expect(last).toHaveLength(3);
    expect(last[0]).toContain('export const n199 = 199;');
    expect(last.slice(1)).toEqual([unchangedReadStub(file), unchangedReadStub(file)]);
    // The person and the transcript see every result whole.
    for (const result of toolResultsOf(outcome.events)) expect(String(result.content)).toContain('export const n199 = 199;');
  });

  it('sends a changed file whole', async () => {
    const outcome = await run([read(), read(() => appendFileSync(file, '\nexport const added = 1;')), read(), done]);
    const last = sentResults(outcome.requests.at(-1));
    expect(last[0]).not.toContain('added');
    expect(last[1]).toContain('export const added = 1;');
    expect(last[2]).toBe(unchangedReadStub(file));
  });

  it('sends the file whole again after a compaction', async () => {
    const saved = process.env.PULSE_CONTEXT_WINDOW;
    // Auto-compaction at 2.5k tokens: the other, longer file pushes the conversation over it.
    process.env.PULSE_CONTEXT_WINDOW = '35500';
    try {
      const summary: ResponseTurn = { blocks: [text('<summary>1. Goal and intent: check the notes.</summary>')], usage: sizedUsage };
      const other = join(dir, 'other.ts');
      writeFileSync(other, 'export const filler = 1; // a longer file that fills the window\n'.repeat(200));
      const readOther: ResponseTurn = { blocks: [toolUse('Read', { file_path: other })], usage: sizedUsage };
      const outcome = await run([read(), readOther, read(), done], summary);
      const sources = outcome.requests.map((r) => r.querySource);
      expect(sources).toContain('compact');
      const afterCompaction = outcome.requests.slice(sources.indexOf('compact') + 1);
      const results = afterCompaction.flatMap((r) => sentResults(r));
      expect(results.some((r) => r.includes('export const n199 = 199;'))).toBe(true);
      expect(results).not.toContain(unchangedReadStub(file));
    } finally {
      if (saved === undefined) delete process.env.PULSE_CONTEXT_WINDOW;
      else process.env.PULSE_CONTEXT_WINDOW = saved;
    }
  });
});
