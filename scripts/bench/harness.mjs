// What every benchmark that runs the built CLI shares: where the build is, the mock Messages API
// bundled for plain Node, and the median.
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The environment either CLI (Pulse or the reference) runs in against the mock: a throwaway home,
 * a test key, no traffic beyond the mock, bypassPermissions allowed as root.
 */
export function mockCliEnv(home, mockUrl) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    PULSE_CONFIG_DIR: join(home, '.pulse'),
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: 'sk-test',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  };
}

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
export function loadMockAnthropic(scratch) {
  return loadSourceModules(scratch, "export * from './tests/support/mockAnthropic.ts';", 'mockAnthropic');
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

/**
 * Pulse's TypeScript sources, bundled for plain Node: `entry` is a module of re-exports from
 * `src/` (paths relative to the checkout, by default this one; `from` names another, such as a
 * worktree of main, to compare with). ripgrep stays outside the bundle.
 */
export async function loadSourceModules(scratch, entry, name = 'bench', from = root) {
  const outfile = join(scratch, `${name}.mjs`);
  await build({
    stdin: { contents: entry, resolveDir: from, loader: 'ts', sourcefile: `${name}-entry.ts` },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'module'; const require = __benchCreateRequire(import.meta.url);",
    },
    external: ['@vscode/ripgrep'],
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * CPU milliseconds used so far by this process and the children it has waited for (Linux's
 * /proc/self/stat; elsewhere this process only). Children count in 10 ms ticks.
 */
export function cpuMs() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    // Not Linux: the children's share is not known.
  }
  return (own.user + own.system) / 1000 + children;
}

/** Appends a dated section to RESULTS.md, unless BENCH_NO_RESULTS=1 (a trial run). */
export async function appendResults(section) {
  if (process.env.BENCH_NO_RESULTS === '1') return;
  const results = join(root, 'scripts/bench/RESULTS.md');
  if (!existsSync(results)) await writeFile(results, '# Benchmark results\n\nEach benchmark appends a dated section here.\n');
  await appendFile(results, section);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
