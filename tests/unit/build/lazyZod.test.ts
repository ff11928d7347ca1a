// zod as the build hands it to Pulse's own modules (scripts/lazyZod.mjs): importing it loads
// nothing; the first schema built loads zod, under the config set before, and schemas then
// parse as zod's own. A class read as a value, which a forwarder cannot stand for, fails the build.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let dir: string;

type Parsed = { success: boolean; data?: unknown; error?: { issues: Array<{ path: unknown[] }> } };
type Probe = { parse(value: unknown): Parsed; configNow(): Record<string, unknown> };

async function bundle(name: string, source: string): Promise<string> {
  const { build } = await import('esbuild');
  const { lazyZod } = (await import(join(root, 'scripts/lazyZod.mjs'))) as {
    lazyZod: (source: string) => Promise<import('esbuild').Plugin>;
  };
  const sourceDir = join(dir, name, 'src');
  await mkdir(sourceDir, { recursive: true });
  await writeFile(join(sourceDir, 'probe.ts'), source);
  const output = await build({
    entryPoints: [join(sourceDir, 'probe.ts')],
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [await lazyZod(sourceDir)],
  });
  return output.outputFiles[0]?.text ?? '';
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulse-lazy-zod-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lazy zod', () => {
  it('loads zod when the first schema is built, with the config given before, and parses as zod does', async () => {
    const code = await bundle(
      'parses',
      [
        "import * as z from 'zod';",
        'z.config({ jitless: true });',
        'const schema = () => z.looseObject({ name: z.string(), count: z.coerce.number(), mode: z.enum(["a", "b"]) });',
        'export const parse = (value: unknown) => schema().safeParse(value);',
        'export const configNow = () => z.config();',
      ].join('\n'),
    );
    // A context of its own: zod marks its load on the global object.
    const module = { exports: {} as Probe };
    const context = createContext({ module, exports: module.exports, require, process, console });
    runInContext(code, context);
    expect(context.__zod_globalConfig).toBeUndefined();
    expect(module.exports.parse({ name: 'a', count: '3', mode: 'b', extra: true })).toEqual({
      success: true,
      data: { name: 'a', count: 3, mode: 'b', extra: true },
    });
    expect(context.__zod_globalConfig).toMatchObject({ jitless: true });
    const bad = module.exports.parse({ name: 5, count: 'x', mode: 'c' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([['name'], ['count'], ['mode']]);
    expect(module.exports.configNow()).toMatchObject({ jitless: true });
  });

  it('fails the build when a zod class is read as a value', async () => {
    await expect(
      bundle('class', ["import * as z from 'zod';", 'export const isZodError = (error: unknown) => error instanceof z.ZodError;'].join('\n')),
    ).rejects.toThrow(/lazy zod forwarders/);
  });
});
