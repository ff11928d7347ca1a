import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../src/cli/print/formatters.js';
import type { LineWriter } from '../../../src/cli/print/output.js';
import { buildResult } from '../../../src/cli/print/result.js';
import { RunTally } from '../../../src/cli/print/runTally.js';
import type { SdkInit } from '../../../src/cli/print/sdkTypes.js';
import { assistant, text } from './fixtures.js';

function memoryWriter(): LineWriter & { lines: string[] } {
  const lines: string[] = [];
  return { lines, closed: false, line: (value) => lines.push(value), json: (value) => lines.push(JSON.stringify(value)) };
}

const init = { type: 'system', subtype: 'init', session_id: 's-1' } as SdkInit;
const ctx = { sessionId: 's-1', includePartialMessages: false, newUuid: () => 'u' };

function run(format: 'text' | 'json' | 'stream-json'): string[] {
  const writer = memoryWriter();
  const formatter = createFormatter(format, writer, ctx);
  const tally = new RunTally();
  const message = assistant('msg_1', [text('PAPAYA')]);
  formatter.start(init);
  tally.observe(message);
  formatter.event(message);
  formatter.finish(
    buildResult({
      tally,
      terminal: { reason: 'completed' },
      sessionId: 's-1',
      uuid: 'r',
      durationMs: 1,
      durationApiMs: 1,
      totalCostUsd: 0,
      modelUsage: {},
    }),
  );
  return writer.lines;
}

describe('print formatters', () => {
  it('text prints only the answer', () => {
    expect(run('text')).toEqual(['PAPAYA']);
  });

  it('json prints only the result object, on one line', () => {
    const lines = run('json');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ type: 'result', subtype: 'success', result: 'PAPAYA' });
  });

  it('stream-json prints init, each message, then the result', () => {
    const types = run('stream-json').map((line) => JSON.parse(line).type);
    expect(types).toEqual(['system', 'assistant', 'result']);
  });
});
