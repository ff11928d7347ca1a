import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBundleFiles, writeCache } from '../../../src/cli/bundleFiles.js';

const SOURCE = '(function () { return function answer() { return 6 * 7; }; })';

describe('bundle files', () => {
  let dir: string;
  let bundlePath: string;
  let cachePath: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pulse-bundle-'));
    bundlePath = join(dir, 'cli-0123456789abcdef.cjs');
    cachePath = join(dir, 'cache', 'cli-print.v8cache');
    writeFileSync(bundlePath, SOURCE);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the source alone when there is no cache', () => {
    expect(readBundleFiles(bundlePath, cachePath, 'cli-0123456789abcdef.cjs')).toEqual({ source: SOURCE });
  });

  it('round-trips a cache V8 accepts, starting at an aligned offset', () => {
    const script = new Script(SOURCE, { filename: bundlePath });
    (script.runInThisContext() as () => () => number)()();
    writeCache(script, cachePath, 'cli-0123456789abcdef.cjs');

    const files = readBundleFiles(bundlePath, cachePath, 'cli-0123456789abcdef.cjs');
    expect(files.source).toBe(SOURCE);
    expect((files.cachedData?.byteOffset ?? 1) % 8).toBe(0);
    const again = new Script(files.source, { filename: bundlePath, cachedData: files.cachedData });
    expect(again.cachedDataRejected).toBe(false);
  });

  it('ignores a cache written for another build of the bundle', () => {
    const script = new Script(SOURCE, { filename: bundlePath });
    writeCache(script, cachePath, 'cli-fedcba9876543210.cjs');
    expect(readBundleFiles(bundlePath, cachePath, 'cli-0123456789abcdef.cjs').cachedData).toBeUndefined();
  });

  it('reads a cache larger than the source and a source larger than the cache', () => {
    const big = `(function () { return ${JSON.stringify('x'.repeat(100_000))}; })`;
    writeFileSync(bundlePath, big);
    const script = new Script(big, { filename: bundlePath });
    writeCache(script, cachePath, 'cli-0123456789abcdef.cjs');
    const files = readBundleFiles(bundlePath, cachePath, 'cli-0123456789abcdef.cjs');
    expect(files.source).toBe(big);
    expect(files.cachedData?.length).toBeGreaterThan(0);
  });
});
