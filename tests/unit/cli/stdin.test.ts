import { closeSync, openSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { combinePrompt, readStdin } from '../../../src/cli/stdin.js';

describe('readStdin', () => {
  it('reads a pipe to the end', async () => {
    const stream = new PassThrough();
    const reading = readStdin({ stream, alwaysEnds: true }, false);
    stream.write('first ');
    stream.end('second\n');
    expect(await reading).toBe('first second\n');
  });

  it('gives up on a silent inherited stream when a prompt is already known', async () => {
    const stream = new PassThrough();
    expect(await readStdin({ stream, alwaysEnds: false }, true, 50)).toBeUndefined();
    expect(stream.destroyed).toBe(true);
  });

  it('keeps waiting for an inherited stream that starts writing late', async () => {
    const stream = new PassThrough();
    const reading = readStdin({ stream, alwaysEnds: false }, true, 1_000);
    setTimeout(() => stream.end('late text\n'), 200);
    expect(await reading).toBe('late text\n');
  });

  it('skips a terminal', async () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true });
    expect(await readStdin({ stream, alwaysEnds: false }, false)).toBeUndefined();
  });

  it('treats whitespace-only input as no input', async () => {
    const stream = new PassThrough();
    const reading = readStdin({ stream, alwaysEnds: true }, false);
    stream.end('  \n');
    expect(await reading).toBeUndefined();
  });
});

describe('readStdin from a file or device', () => {
  function withFile(text: string, use: (fd: number) => Promise<void>): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'pulse-stdin-'));
    const path = join(dir, 'input.txt');
    writeFileSync(path, text);
    const fd = openSync(path, 'r');
    return use(fd).finally(() => {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    });
  }

  it('reads a redirected file to the end without a stream', () =>
    withFile('x'.repeat(200_000), async (fd) => {
      expect(await readStdin({ kind: 'file', fd }, true)).toHaveLength(200_000);
    }));

  it('treats /dev/null as no input', async () => {
    const fd = openSync('/dev/null', 'r');
    try {
      expect(await readStdin({ kind: 'file', fd }, false)).toBeUndefined();
    } finally {
      closeSync(fd);
    }
  });
});

describe('combinePrompt', () => {
  it('uses piped text as the prompt when there is no argument', () => {
    expect(combinePrompt(undefined, 'explain this\n')).toBe('explain this');
  });

  it('attaches piped text to a prompt argument', () => {
    expect(combinePrompt('summarise', 'line 1\nline 2\n')).toBe('summarise\n\n<stdin>\nline 1\nline 2\n</stdin>');
  });

  it('returns an empty prompt when there is nothing', () => {
    expect(combinePrompt('  ', undefined)).toBe('');
  });
});
