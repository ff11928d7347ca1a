#!/usr/bin/env node
// Big files and long Read sessions, Pulse against the reference CLI, both as black boxes: each
// runs `-p` against the project's mock Messages API, which scripts the tool calls, in the same
// rounds (A B A B …), so a busy spell weighs on both. Scenarios:
// - edit-10mb: Read the first lines of a 10 MB file, then Edit one line in its middle. The
//   figure is the Edit step: from the mock sending the Edit tool_use to the next request
//   arriving (the tool, the transcript write and the next request's building). Also the bytes
//   the Edit's tool result added to the transcript.
// - read-offset-50mb: Read 100 lines at line 1,000,000 of a 50 MB file; the Read step likewise.
// - read-200x50kb: 200 Reads of 50 KB files in one session; peak RSS of the whole process.
// Usage: node scripts/bench/fileTools.mjs [rounds] [scenario…]   (REFERENCE_BIN overrides the
// reference, default /work/ref/node_modules/.bin/claude; figures appended to RESULTS.md unless
// BENCH_NO_RESULTS=1)
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendResults, loadMockAnthropic, median, mockCliEnv, pulseBin } from './harness.mjs';

const ROUNDS = Number.parseInt(process.argv[2] ?? '5', 10);
const CHOSEN = process.argv.slice(3);
const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const TIME_BIN = '/usr/bin/time';
const MIB = 1024 * 1024;

/** Writes `bytes` of numbered lines, each `width` characters long with its newline. */
async function writeLines(path, bytes, width) {
  const out = createWriteStream(path);
  const lines = Math.ceil(bytes / width);
  for (let n = 1; n <= lines; n++) {
    const head = `line ${n}: `;
    if (!out.write(`${head}${'x'.repeat(Math.max(0, width - head.length - 1))}\n`)) {
      await new Promise((resolve) => out.once('drain', resolve));
    }
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return lines;
}

const SCENARIOS = {
  'edit-10mb': {
    async setup(dir) {
      const file = join(dir, 'big.txt');
      const lines = await writeLines(file, 10 * MIB, 100);
      const middle = Math.floor(lines / 2);
      const oldLine = (await readFile(file, 'utf8')).split('\n')[middle - 1];
      return {
        files: [file],
        steps: [
          { name: 'Read', input: { file_path: file, offset: 1, limit: 20 } },
          { name: 'Edit', input: { file_path: file, old_string: oldLine, new_string: `${oldLine} (edited)` }, timed: true },
        ],
      };
    },
  },
  'read-offset-50mb': {
    async setup(dir) {
      const file = join(dir, 'log.txt');
      await writeLines(file, 50 * MIB, 42);
      return { files: [file], steps: [{ name: 'Read', input: { file_path: file, offset: 1_000_000, limit: 100 }, timed: true }] };
    },
  },
  'read-200x50kb': {
    peakRss: true,
    async setup(dir) {
      const files = [];
      for (let n = 0; n < 200; n++) {
        const file = join(dir, `part${n}.txt`);
        await writeLines(file, 50 * 1024, 80);
        files.push(file);
      }
      return { files, steps: files.map((file) => ({ name: 'Read', input: { file_path: file } })) };
    },
  },
};

function lastToolResultNames(body) {
  const last = body.messages?.at(-1);
  if (!Array.isArray(last?.content)) return [];
  return last.content.filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id);
}

/** One CLI session against the mock: returns the timed steps' gaps, transcripts and peak RSS. */
async function session(cli, scenario, prepared, world) {
  const home = await mkdtemp(join(world.scratch, `${cli.name}-home-`));
  const cwd = join(home, 'work');
  await mkdir(cwd);
  const arrivals = [];
  let step = 0;
  world.mock.requests.length = 0;
  world.next = (request) => {
    // Side requests (titles, quota checks) carry no Edit tool; only the main loop is scripted.
    const isMain = (request.body.tools ?? []).some((tool) => tool.name === 'Edit');
    if (!isMain) return { content: [{ type: 'text', text: 'ok' }] };
    arrivals.push({ at: performance.now(), answers: lastToolResultNames(request.body) });
    const next = prepared.steps[step++];
    // Small token counts, so neither CLI compacts: the session holds everything it read.
    const usage = { input_tokens: 2_000, output_tokens: 50 };
    if (!next) return { content: [{ type: 'text', text: 'All done.' }], usage };
    return { content: [{ type: 'tool_use', id: `toolu_bench_${step}`, name: next.name, input: next.input }], usage };
  };
  const env = mockCliEnv(home, world.mock.url);
  const args = [...cli.args, '-p', 'Work through the files.', '--dangerously-skip-permissions'];
  const usesTime = scenario.peakRss && existsSync(TIME_BIN);
  const command = usesTime ? TIME_BIN : cli.command;
  const commandArgs = usesTime ? ['-f', 'peak-kb %M', cli.command, ...args] : args;
  const { stderr } = await new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stderr.on('data', (chunk) => (text += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve({ stderr: text }) : reject(new Error(`${cli.name} exited ${code}: ${text.slice(-500)}`))));
    child.stdout?.on('data', (chunk) => (text += chunk));
  });
  if (step <= prepared.steps.length) throw new Error(`${cli.name} stopped after ${step} of ${prepared.steps.length} steps`);
  const gaps = prepared.steps.flatMap((s, index) => (s.timed ? [arrivals[index + 1].at - arrivals[index].at] : []));
  const peak = /peak-kb (\d+)/.exec(stderr);
  const transcript = await transcriptLines(home);
  await rm(home, { recursive: true, force: true });
  return { gaps, peakMib: peak ? Number(peak[1]) / 1024 : undefined, transcript };
}

/** Every JSONL line written under the session's home (Pulse's and the reference's folders). */
async function transcriptLines(home) {
  const lines = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.jsonl') && !path.includes('/work/')) lines.push(...(await readFile(path, 'utf8')).split('\n').filter(Boolean));
    }
  };
  await walk(home);
  return lines;
}

/** The transcript line holding the Edit's result, and the keys of its toolUseResult. */
function editRecord(lines) {
  const line = lines.find((text) => text.includes('"toolUseResult"') && text.includes('"oldString"'));
  if (!line) return undefined;
  return { bytes: Buffer.byteLength(line) + 1, keys: Object.keys(JSON.parse(line).toolUseResult).sort().join(', ') };
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'pulse-bench-files-'));
  const { startMockAnthropic } = await loadMockAnthropic(scratch);
  const world = { scratch };
  world.mock = await startMockAnthropic({ turns: [], fallback: (request) => world.next(request) });
  const clis = [{ name: 'pulse', command: process.execPath, args: [pulseBin()] }];
  if (existsSync(REFERENCE)) clis.push({ name: 'reference', command: REFERENCE, args: [] });
  const rows = [];
  try {
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      if (CHOSEN.length > 0 && !CHOSEN.includes(name)) continue;
      const dir = join(scratch, name);
      await mkdir(dir);
      const prepared = await scenario.setup(dir);
      const originals = await Promise.all(prepared.files.map(async (file) => ({ file, copy: `${file}.orig`, size: (await stat(file)).size })));
      for (const { file, copy } of originals) await copyFile(file, copy);
      const results = Object.fromEntries(clis.map((cli) => [cli.name, []]));
      for (let round = 0; round <= ROUNDS; round++) {
        for (const cli of clis) {
          for (const { file, copy } of originals) await copyFile(copy, file);
          const result = await session(cli, scenario, prepared, world);
          if (round > 0) results[cli.name].push(result);
        }
      }
      const figure = (list) => (scenario.peakRss ? list.map((r) => r.peakMib) : list.map((r) => r.gaps[0]));
      const pulse = figure(results.pulse);
      const reference = results.reference ? figure(results.reference) : undefined;
      const ratio = reference ? median(pulse.map((value, i) => value / reference[i])) : undefined;
      const record = name === 'edit-10mb' ? Object.fromEntries(clis.map((cli) => [cli.name, editRecord(results[cli.name][0].transcript)])) : {};
      rows.push({ name, unit: scenario.peakRss ? 'MiB peak RSS' : 'ms', pulse: median(pulse), reference: reference && median(reference), ratio, record });
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await world.mock.close();
    await rm(scratch, { recursive: true, force: true });
  }
  console.log(`file tools: ${ROUNDS} rounds, Pulse vs ${REFERENCE}`);
  for (const r of rows) {
    const ref = r.reference === undefined ? 'no reference' : `reference ${r.reference.toFixed(1)} ${r.unit}, ratio ${r.ratio.toFixed(2)}`;
    console.log(`  ${r.name.padEnd(18)} pulse ${r.pulse.toFixed(1)} ${r.unit}; ${ref}`);
    for (const [cli, record] of Object.entries(r.record ?? {})) {
      if (record) console.log(`    ${cli} Edit transcript line: ${record.bytes} bytes; toolUseResult keys: ${record.keys}`);
    }
  }
  const section = [
    '',
    `## Big files and Read sessions (\`fileTools.mjs\`) — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Node ${process.version}, ${cpus().length} CPUs. \`node scripts/bench/fileTools.mjs ${ROUNDS}\`: Pulse (\`dist/pulse.js -p\`) and the reference`,
    '(2.1.332) in turn against the mock API; a step is timed from the mock sending the tool_use to the next request',
    `arriving; medians of ${ROUNDS} rounds after one dropped warm-up, the ratio taken pair by pair.`,
    '',
    '| scenario | Pulse | reference | Pulse / reference |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.pulse.toFixed(1)} ${r.unit} | ${r.reference?.toFixed(1) ?? '–'} ${r.unit} | ${r.ratio?.toFixed(2) ?? '–'} |`),
    '',
    ...rows.flatMap((r) =>
      Object.entries(r.record ?? {}).flatMap(([cli, record]) => (record ? [`- ${cli}: the Edit's transcript line is ${record.bytes} bytes (toolUseResult keys: ${record.keys}).`] : [])),
    ),
    '',
  ].join('\n');
  await appendResults(section);
}

await main();
