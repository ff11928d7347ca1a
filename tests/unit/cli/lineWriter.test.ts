import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLineWriter } from '../../../src/cli/print/output.js';

function collecting(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('createLineWriter', () => {
  it('opens the stream only when the first line is written', () => {
    const target = collecting();
    let opened = 0;
    const writer = createLineWriter(() => {
      opened++;
      return target.stream;
    });
    expect(opened).toBe(0);
    writer.line('first');
    writer.json({ second: true });
    expect(opened).toBe(1);
    expect(target.text()).toBe('first\n{"second":true}\n');
  });

  it('ends quietly when the reader goes away, dropping later lines', async () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    let closedCalls = 0;
    const writer = createLineWriter(() => stream, () => closedCalls++);
    writer.line('one');
    await new Promise((resolve) => stream.once('error', resolve));
    expect(writer.closed).toBe(true);
    expect(closedCalls).toBe(1);
    writer.line('two');
    expect(written).toEqual(['one\n']);
  });
});
