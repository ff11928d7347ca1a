import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory, historyPath, readHistory } from '../../../src/sessions/index.js';
import { useSandbox } from './fixtures.js';

useSandbox();

describe('prompt history', () => {
  it('appends one line per prompt and reads this project newest first', async () => {
    await appendHistory('first in a', '/repo/a', 1);
    await appendHistory('only in b', '/repo/b', 2);
    await appendHistory('second in a', '/repo/a', 3);

    expect(readFileSync(historyPath(), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(readHistory('/repo/a')).toEqual([
      { display: 'second in a', timestamp: 3, project: '/repo/a' },
      { display: 'first in a', timestamp: 1, project: '/repo/a' },
    ]);
    expect(readHistory('/repo/b').map((e) => e.display)).toEqual(['only in b']);
    expect(readHistory('/repo/c')).toEqual([]);
  });

  it('returns nothing when there is no history yet', () => {
    expect(readHistory('/repo/a')).toEqual([]);
  });

  it('reads a large file from the end across chunk edges, multi-byte text intact, up to the limit', () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const project = i % 3 === 0 ? '/repo/a' : '/repo/other';
      lines.push(JSON.stringify({ display: `prompt ${i} ünïcödé ✓ ${'·'.repeat(i % 97)}`, timestamp: i, project }));
    }
    mkdirSync(dirname(historyPath()), { recursive: true });
    appendFileSync(historyPath(), `${lines.join('\n')}\n{"display":"torn`);

    expect(statSync(historyPath()).size).toBeGreaterThan(4 * 64 * 1024);
    const entries = readHistory('/repo/a', 200);
    expect(entries).toHaveLength(200);
    expect(entries[0]).toEqual({ display: `prompt 2997 ünïcödé ✓ ${'·'.repeat(2997 % 97)}`, timestamp: 2997, project: '/repo/a' });
    expect(entries.map((e) => e.timestamp)).toEqual(Array.from({ length: 200 }, (_, k) => 2997 - 3 * k));
    expect(readHistory('/repo/a', 5000)).toHaveLength(1000);
  });
});
