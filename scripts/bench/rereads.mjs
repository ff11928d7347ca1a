#!/usr/bin/env node
// Re-read benchmark: one query() of N tool rounds (300 by default) through the real loop, the
// real context layers and the real Read tool, with a scripted model that keeps reading twelve
// files of about 10 KB in turn, so most Reads repeat an unchanged file; every 30th round one file
// changes on disk first. The model reports input_tokens as the request's characters / 4, and the
// window is 1M tokens (PULSE_CONTEXT_WINDOW), as on the current models.
//
// Reports the size of the last request (messages, system prompt and tools as JSON) and the
// largest one. `--against <checkout>` runs the same session on another checkout's sources (a
// worktree of the commit before a change) in the same run, and prints the ratio.
// Usage: node scripts/bench/rereads.mjs [rounds] [--against <dir>]   (figures appended to
// RESULTS.md unless BENCH_NO_RESULTS=1)
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appendResults, loadSourceModules, root } from './harness.mjs';
import { scriptedReply } from './longSessionScript.mjs';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt === -1 ? undefined : resolve(args[againstAt + 1] ?? '');
const ROUNDS = Number.parseInt(args.find((arg, i) => /^\d+$/.test(arg) && (againstAt === -1 || i !== againstAt + 1)) ?? '300', 10);
const FILES = 12;
const CHANGE_EVERY = 30;
const MODEL = 'claude-opus-4-8';

const ENTRY = `
export { query } from './src/query/query.ts';
export { ReadTool } from './src/tools/read/ReadTool.ts';
export { createUserMessage } from './src/utils/messages.ts';
export { resetSession } from './src/state/session.ts';
`;

function generateFiles(dir) {
  mkdirSync(dir, { recursive: true });
  return Array.from({ length: FILES }, (_, n) => {
    const body = Array.from({ length: 180 }, (_, i) => `export const value_${n}_${i} = ${i * 31 + n}; // line ${i}`);
    const path = join(dir, `module${n}.ts`);
    writeFileSync(path, `${body.join('\n')}\n`);
    return path;
  });
}

function requestBytes(params) {
  return JSON.stringify(params.messages).length + JSON.stringify(params.system).length + JSON.stringify(params.tools).length;
}

function scriptedModel(files, stats) {
  let main = 0;
  let counter = 0;
  return async function* callModel(params) {
    const bytes = requestBytes(params);
    let block;
    if (params.querySource === 'compact') {
      stats.summaries += 1;
      block = { type: 'text', text: '<summary>1. Goal and intent: keep reading the modules.</summary>', citations: null };
    } else {
      main += 1;
      stats.last = bytes;
      stats.peak = Math.max(stats.peak, bytes);
      const path = files[main % files.length];
      // Every 30th round a file changes before it is read: that Read must go whole.
      if (main % CHANGE_EVERY === 0) appendFileSync(path, `export const changed_${main} = ${main};\n`);
      block =
        main > ROUNDS
          ? { type: 'text', text: 'Done.', citations: null }
          : { type: 'tool_use', id: `toolu_reread_${main}`, name: 'Read', input: { file_path: path }, caller: { type: 'direct' } };
    }
    counter += 1;
    yield scriptedReply({ uuid: `reread-${counter}`, id: `msg_reread_${counter}`, model: params.model, block, inputTokens: Math.ceil(bytes / 4), outputTokens: 40 });
  };
}

async function session(from, scratch, name) {
  const modules = await loadSourceModules(scratch, ENTRY, name, from);
  const files = generateFiles(join(scratch, name));
  const stats = { last: 0, peak: 0, summaries: 0 };
  modules.resetSession();
  let cwd = scratch;
  const loop = modules.query({
    messages: [modules.createUserMessage({ content: 'Keep reading the modules, one at a time.' })],
    systemPrompt: ['bench'],
    tools: [modules.ReadTool],
    canUseTool: async () => ({ behavior: 'allow' }),
    context: {
      getCwd: () => cwd,
      setCwd: (dir) => {
        cwd = dir;
      },
      abortSignal: new AbortController().signal,
      readFileState: new Map(),
      getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [scratch] }),
      options: { model: MODEL, isNonInteractive: true, verbose: false, env: {} },
    },
    source: 'print',
    deps: { callModel: scriptedModel(files, stats) },
  });
  let step = await loop.next();
  while (!step.done) step = await loop.next();
  if (step.value.reason !== 'completed') throw new Error(`the loop ended ${step.value.reason}`);
  return stats;
}

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(2);

async function main() {
  process.env.PULSE_CONTEXT_WINDOW = '1000000';
  const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-rereads-')));
  try {
    const here = await session(root, scratch, 'this');
    const lines = [`${ROUNDS} rounds re-reading ${FILES} files: last request ${mib(here.last)} MiB, peak ${mib(here.peak)} MiB, ${here.summaries} compactions`];
    if (against) {
      const before = await session(against, scratch, 'against');
      lines.push(`${against}: last request ${mib(before.last)} MiB, peak ${mib(before.peak)} MiB, ${before.summaries} compactions`);
      lines.push(`ratio (this / against, last request): ${(here.last / before.last).toFixed(2)}`);
    }
    for (const line of lines) console.log(line);
    if (process.env.BENCH_NO_RESULTS !== '1') await appendResults(`## Re-reads (${new Date().toISOString().slice(0, 10)})\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
