#!/usr/bin/env node
// Glob on a large generated tree (largeTree.mjs: ~45,000 files in three repositories, a tenth of
// them ignored), against `rg --files` of the same tree and `find -name`, run in turn from this
// process so all pay the same spawn and the same warm page cache. Glob is the tool's own call
// (walk, pattern, cap, the stat of what it shows). With PULSE_BENCH_BASE=<checkout> (a worktree
// of main, say, with its node_modules) that checkout's Glob runs in the same rounds, for a
// before/after; BENCH_GLOB_BUILTIN=1 adds the built-in walk (the fallback without ripgrep).
// Medians of interleaved rounds after one dropped warm-up; ratios are taken round by round
// against `rg --files`, of wall time and of CPU time (this process plus its children: on a busy
// machine the CPU ratio is the steadier one).
// Usage: node scripts/bench/glob.mjs [rounds] [files]   (figures appended to RESULTS.md unless
// BENCH_NO_RESULTS=1)
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { rgPath } from '@vscode/ripgrep';
import { appendResults, cpuMs, loadSourceModules, median } from './harness.mjs';
import { buildLargeTree } from './largeTree.mjs';

const ROUNDS = Number.parseInt(process.argv[2] ?? '11', 10);
const FILES = Number.parseInt(process.argv[3] ?? '45000', 10);
const PATTERNS = ['**/*.ts', '**/*', 'repo1/src/**/*.md', '**/tsconfig.json'];
const ENTRY = "export { GlobTool } from './src/tools/glob/GlobTool.ts';";
const run = promisify(execFile);

function context(cwd) {
  return {
    getCwd: () => cwd,
    setCwd: () => undefined,
    abortSignal: new AbortController().signal,
    readFileState: new Map(),
    getPermissionContext: () => ({ mode: 'default', rules: [], workingDirectories: [cwd] }),
    options: { model: 'bench', isNonInteractive: true, verbose: false, env: {} },
  };
}

async function measured(work) {
  const cpu = cpuMs();
  const started = performance.now();
  const data = await work();
  return { ms: performance.now() - started, cpu: cpuMs() - cpu, data };
}

async function globOnce(tool, tree, pattern) {
  const generator = tool.call({ pattern }, context(tree));
  let step = await generator.next();
  while (!step.done) step = await generator.next();
  return step.value.data;
}

async function implementations(scratch) {
  const own = (await loadSourceModules(scratch, ENTRY, 'glob-own')).GlobTool;
  const list = [{ label: 'Glob', tool: own, engine: 'ripgrep' }];
  if (process.env.BENCH_GLOB_BUILTIN === '1') list.push({ label: 'Glob, built-in walk', tool: own, engine: 'builtin' });
  if (process.env.PULSE_BENCH_BASE) {
    const base = resolve(process.env.PULSE_BENCH_BASE);
    const tool = (await loadSourceModules(scratch, ENTRY, 'glob-base', base)).GlobTool;
    list.push({ label: `Glob of ${base}`, tool, engine: 'ripgrep' });
  }
  return list;
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'pulse-bench-glob-'));
  try {
    const tree = join(scratch, 'tree');
    const counts = buildLargeTree(tree, { files: FILES });
    // The bundles live in the scratch folder, where @vscode/ripgrep does not resolve.
    process.env.PULSE_RIPGREP_PATH = rgPath;
    const tools = await implementations(scratch);
    const samples = new Map();
    const record = (key, round, measure, yardstick, shape = '') => {
      const entry = samples.get(key) ?? { ms: [], cpu: [], ratio: [], cpuRatio: [], shape };
      if (round > 0) {
        entry.ms.push(measure.ms);
        entry.cpu.push(measure.cpu);
        entry.ratio.push(measure.ms / yardstick.ms);
        entry.cpuRatio.push(measure.cpu / yardstick.cpu);
      }
      samples.set(key, entry);
    };
    const command = (file, args) => () => run(file, args, { maxBuffer: 512 * 1024 * 1024 });
    for (let round = 0; round <= ROUNDS; round++) {
      const rg = await measured(command(rgPath, ['--files', '--hidden', tree]));
      record('`rg --files --hidden` (all files)', round, rg, rg);
      record("`find -name '*.ts'`", round, await measured(command('find', [tree, '-name', '*.ts'])), rg);
      for (const pattern of PATTERNS) {
        for (const { label, tool, engine } of tools) {
          process.env.PULSE_GREP_ENGINE = engine;
          const glob = await measured(() => globOnce(tool, tree, pattern));
          const { numFiles, totalFiles } = glob.data;
          record(`${label} \`${pattern}\``, round, glob, rg, totalFiles === undefined ? `${numFiles} shown` : `${numFiles} shown of ${totalFiles}`);
        }
      }
    }
    delete process.env.PULSE_GREP_ENGINE;
    const rows = [...samples].map(([label, entry]) => ({
      label,
      ms: median(entry.ms),
      cpu: median(entry.cpu),
      ratio: median(entry.ratio),
      cpuRatio: median(entry.cpuRatio),
      shape: entry.shape,
    }));
    const summary = `${counts.files} files (${counts.tracked} not ignored, ${counts.ts} .ts) in three repositories`;
    console.log(`glob: ${summary}, ${ROUNDS} rounds`);
    for (const r of rows) {
      const figures = `${r.ms.toFixed(1).padStart(7)} ms ${r.ratio.toFixed(2)}x   cpu ${r.cpu.toFixed(0).padStart(5)} ms ${r.cpuRatio.toFixed(2)}x`;
      console.log(`  ${r.label.padEnd(48)} ${figures}  ${r.shape}`);
    }
    const section = [
      '',
      `## Glob on a large tree (\`glob.mjs\`) — ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Node ${process.version}, ${cpus().length} CPUs. \`node scripts/bench/glob.mjs ${ROUNDS} ${FILES}\`: ${summary}, built by`,
      '`largeTree.mjs`. Each round runs every command once, in turn, from one process; medians of',
      `${ROUNDS} rounds after one dropped warm-up; the ratio is taken round by round against \`rg --files\`.`,
      '',
      '| command | wall (median) | vs `rg --files` | CPU (median) | vs `rg --files` | result |',
      '|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.label} | ${r.ms.toFixed(1)} ms | ${r.ratio.toFixed(2)}× | ${r.cpu.toFixed(0)} ms | ${r.cpuRatio.toFixed(2)}× | ${r.shape} |`),
      '',
    ].join('\n');
    await appendResults(section);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
