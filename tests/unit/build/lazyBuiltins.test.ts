// node:fs/promises as the build hands it to Pulse's own modules (scripts/lazyBuiltins.mjs): a
// bundled module that imports it does not load it until a function is called, then every call
// reaches the real one.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let dir: string;

type Probe = { read(path: string): Promise<string>; constants: unknown; list(path: string): Promise<string[]> };
type Tracked = Probe & { requiredAtLoad: string[]; required: string[] };

async function bundledProbe(): Promise<Tracked> {
  const { build } = await import('esbuild');
  const { lazyBuiltins } = (await import(join(root, 'scripts/lazyBuiltins.mjs'))) as {
    lazyBuiltins: (source: string) => import('esbuild').Plugin;
  };
  const source = join(dir, 'src');
  await mkdir(source, { recursive: true });
  await writeFile(
    join(source, 'probe.js'),
    [
      "import { readFile, readdir, constants } from 'node:fs/promises';",
      "export const read = (path) => readFile(path, 'utf8');",
      'export const list = (path) => readdir(path);',
      'export { constants };',
    ].join('\n'),
  );
  const output = await build({
    entryPoints: [join(source, 'probe.js')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'error',
    plugins: [lazyBuiltins(source)],
  });
  const code = output.outputFiles[0]?.text ?? '';
  const required: string[] = [];
  const module = { exports: {} as Probe };
  const trackingRequire = (specifier: string): unknown => {
    required.push(specifier);
    return createRequire(import.meta.url)(specifier);
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, trackingRequire);
  return Object.assign(module.exports, { requiredAtLoad: [...required], required });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-lazy-builtins-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lazy node:fs/promises', () => {
  it('is required only when one of its functions is first called, and then answers as itself', async () => {
    const probe = await bundledProbe();
    expect(probe.requiredAtLoad).not.toContain('node:fs/promises');
    expect(probe.constants).toBe((await import('node:fs')).constants);
    await writeFile(join(dir, 'note.txt'), 'hello');
    expect(await probe.read(join(dir, 'note.txt'))).toBe('hello');
    expect(probe.required).toContain('node:fs/promises');
    expect((await probe.list(dir)).sort()).toEqual(['note.txt', 'src']);
    await expect(probe.read(join(dir, 'missing.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
