import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forEachLinePrefix, readLinesSync } from '../../../src/sessions/lines.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pulse-lines-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('chunked line readers', () => {
  const text = 'ab\n\nçé€ long line here\nx\n\ntail without newline';

  it('splits lines across tiny chunks without breaking multi-byte characters', () => {
    const path = join(dir, 'f.jsonl');
    writeFileSync(path, text);
    for (const chunk of [1, 2, 3, 7, 1024]) {
      expect([...readLinesSync(path, chunk)]).toEqual([
        { text: 'ab', terminated: true },
        { text: 'çé€ long line here', terminated: true },
        { text: 'x', terminated: true },
        { text: 'tail without newline', terminated: false },
      ]);
    }
  });

  it('gives the first bytes of each non-empty line', () => {
    const path = join(dir, 'f.jsonl');
    writeFileSync(path, text);
    for (const chunk of [1, 5, 1024]) {
      const prefixes: string[] = [];
      forEachLinePrefix(path, 4, (prefix) => prefixes.push(prefix), chunk);
      expect(prefixes).toEqual(['ab', 'çé', 'x', 'tail']);
    }
  });
});
