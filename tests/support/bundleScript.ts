// Bundles a TypeScript file from the tests into a script a child `node` process can run, so tests
// can start real concurrent processes on Pulse's own modules. Packages stay imports, resolved from
// the project's node_modules, so the script is written under node_modules/.cache.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';

export async function bundleScript(entry: string): Promise<string> {
  const { build } = await import('esbuild');
  const cacheDir = resolve(import.meta.dirname, '../../node_modules/.cache');
  await mkdir(cacheDir, { recursive: true });
  const dir = await mkdtemp(join(cacheDir, 'pulse-test-script-'));
  const outfile = join(dir, `${basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  return outfile;
}
