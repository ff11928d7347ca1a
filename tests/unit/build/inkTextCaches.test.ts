// Ink's measure-text and wrap-text as the build bundles them (scripts/packagePatches.mjs): their
// caches must let old texts go, and must still answer as Ink's own.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let dir: string;
type Measure = (text: string) => { width: number; height: number };
type Wrap = (text: string, width: number, wrapType: string) => string;
let patched: { measureText: Measure; wrapText: Wrap };
let original: { measureText: Measure; wrapText: Wrap };

async function bundle(name: string, withPatch: boolean): Promise<{ measureText: Measure; wrapText: Wrap }> {
  const { build } = await import('esbuild');
  const { inkBoundedTextCaches } = (await import(pathToFileURL(join(root, 'scripts/packagePatches.mjs')).href)) as {
    inkBoundedTextCaches: import('esbuild').Plugin;
  };
  const outfile = join(dir, `${name}.mjs`);
  await build({
    stdin: {
      // By path: the package's exports do not name its build files.
      contents: ['measure-text', 'wrap-text']
        .map((file, n) => `export { default as ${n === 0 ? 'measureText' : 'wrapText'} } from ${JSON.stringify(join(root, 'node_modules/ink/build', `${file}.js`))};`)
        .join('\n'),
      resolveDir: root,
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
    plugins: withPatch ? [inkBoundedTextCaches] : [],
  });
  return import(pathToFileURL(outfile).href);
}

beforeAll(async () => {
  const cacheDir = join(root, 'node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  dir = await mkdtemp(join(cacheDir, 'pulse-ink-caches-'));
  [patched, original] = await Promise.all([bundle('patched', true), bundle('original', false)]);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Every frame of a streamed paragraph: the text so far, one word longer each time.
const frames = (count: number) => Array.from({ length: count }, (_, n) => `${'word '.repeat(n)}end`);

describe("Ink's text caches in the build", () => {
  it('measure-text lets texts from long ago go (Ink as published keeps every one)', () => {
    const first = patched.measureText('the first frame');
    expect(patched.measureText('the first frame')).toBe(first);
    for (const text of frames(5_000)) patched.measureText(text);
    expect(patched.measureText('the first frame')).not.toBe(first);
    expect(patched.measureText('the first frame')).toEqual(first);

    const kept = original.measureText('the first frame');
    for (const text of frames(5_000)) original.measureText(text);
    expect(original.measureText('the first frame')).toBe(kept);
  });

  it('measures and wraps as Ink does, hits and misses alike', () => {
    const texts = [...frames(60), 'tab\there', '\u001b[1mbold\u001b[22m and a long tail of words to wrap', 'wide 漢字 text'];
    for (let pass = 0; pass < 2; pass++) {
      for (const text of texts) {
        expect(patched.measureText(text)).toEqual(original.measureText(text));
        for (const type of ['wrap', 'truncate-end', 'truncate-middle']) {
          expect(patched.wrapText(text, 17, type)).toBe(original.wrapText(text, 17, type));
        }
      }
    }
  });
});
