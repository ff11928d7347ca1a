// What every benchmark that runs the built CLI shares: where the build is, the mock Messages API
// bundled for plain Node, and the median.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** `PULSE_BENCH_BIN` points at another build (e.g. a copy of dist/ from before a change). */
export function pulseBin() {
  const bin = process.env.PULSE_BENCH_BIN ? resolve(process.env.PULSE_BENCH_BIN) : join(root, 'dist/pulse.js');
  if (!existsSync(bin)) {
    console.error(`${bin} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  return bin;
}

/** The mock server is TypeScript; bundle it into a throwaway .mjs so plain Node can run it. */
export async function loadMockAnthropic(scratch) {
  const outfile = join(scratch, 'mockAnthropic.mjs');
  await build({
    entryPoints: [join(root, 'tests/support/mockAnthropic.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * A scratch folder (the cwd and HOME of the runs) and a mock API that answers every request
 * "hi", with the environment `pulse -p hi` runs in; `close()` removes both.
 */
export async function startHiWorld(prefix) {
  const scratch = await mkdtemp(join(tmpdir(), prefix));
  const { startMockAnthropic } = await loadMockAnthropic(scratch);
  const mock = await startMockAnthropic({ turns: [], fallback: { content: [{ type: 'text', text: 'hi' }] } });
  const env = {
    PATH: process.env.PATH,
    HOME: scratch,
    PULSE_CONFIG_DIR: join(scratch, 'pulse'),
    ANTHROPIC_API_KEY: 'sk-bench',
    ANTHROPIC_BASE_URL: mock.url,
  };
  const close = async () => {
    await mock.close();
    await rm(scratch, { recursive: true, force: true });
  };
  return { scratch, mock, env, close };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
