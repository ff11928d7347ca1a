#!/usr/bin/env node
// Whether Edit and Write demand a Read first, in the reference and in Pulse: each scenario is one
// `-p` session against the project's mock, whose main loop is scripted (reads, then one change),
// and the change's tool_result is printed for both CLIs side by side. `edit-after-many` reads N
// files (in calls of up to 1,000 at once) and then edits the first: the read state's bound.
// Usage: node scripts/reference/readBeforeWrite.mjs [N=150] [--mode=bypassPermissions|acceptEdits]
//   (REFERENCE_BIN names another reference binary; Pulse is dist/pulse.js, `npm run build` first)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMockAnthropic, mockCliEnv, pulseBin } from '../bench/harness.mjs';

const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const args = process.argv.slice(2);
const MANY = Number.parseInt(args.find((arg) => /^\d+$/.test(arg)) ?? '150', 10);
const MODE = args.find((arg) => arg.startsWith('--mode='))?.slice('--mode='.length) ?? 'bypassPermissions';
const BATCH = 1000;

const read = (path, id) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: path } });
const editOf = (path) => ({ type: 'tool_use', id: 'toolu_change', name: 'Edit', input: { file_path: path, old_string: 'marker', new_string: 'changed' } });

/** Each scenario: the files it makes, the tool calls before the change, the change, and what happens on disk just before it. */
const SCENARIOS = {
  'edit-unread': (files) => ({ before: [], change: editOf(files[0]) }),
  'write-unread': (files) => ({ before: [], change: { type: 'tool_use', id: 'toolu_change', name: 'Write', input: { file_path: files[0], content: 'overwritten\n' } } }),
  'edit-changed-on-disk': (files) => ({
    before: [[read(files[0], 'toolu_read')]],
    change: editOf(files[0]),
    beforeChange: () => writeFileSync(files[0], 'marker, and a line the user added\n'),
  }),
  [`edit-after-${MANY}-reads`]: (files) => {
    const before = [];
    for (let start = 0; start < files.length; start += BATCH) before.push(files.slice(start, start + BATCH).map((path, n) => read(path, `toolu_read_${start + n}`)));
    return { before, change: editOf(files[0]) };
  },
};

async function session(cli, name, world) {
  const home = await mkdtemp(join(world.scratch, `${cli.name}-`));
  const cwd = join(home, 'work');
  await mkdir(cwd);
  const count = name.startsWith('edit-after-') ? MANY : 1;
  const files = [];
  for (let n = 0; n < count; n++) {
    files.push(join(cwd, `file${n}.txt`));
    await writeFile(files[n], `file ${n}: marker\n`);
  }
  const plan = SCENARIOS[name](files);
  const steps = [...plan.before.map((calls) => ({ calls })), { calls: [plan.change], beforeChange: plan.beforeChange }];
  let step = 0;
  let outcome = 'no result';
  world.next = (request) => {
    // Side requests (titles, quota checks) carry no Edit tool; only the main loop is scripted.
    if (!(request.body.tools ?? []).some((tool) => tool.name === 'Edit')) return { content: [{ type: 'text', text: 'ok' }] };
    const last = request.body.messages.at(-1);
    const result = Array.isArray(last?.content) && last.content.find((block) => block.tool_use_id === 'toolu_change');
    if (result) outcome = `${result.is_error ? 'refused' : 'applied'}: ${JSON.stringify(result.content).slice(0, 150)}`;
    const next = steps[step++];
    next?.beforeChange?.();
    const usage = { input_tokens: 2_000, output_tokens: 50 };
    return next ? { content: next.calls, usage } : { content: [{ type: 'text', text: 'Done.' }], usage };
  };
  const env = mockCliEnv(home, world.mock.url);
  const code = await new Promise((resolve, reject) => {
    const child = spawn(cli.command, [...cli.args, '-p', 'Change the file.', '--permission-mode', MODE], { cwd, env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', resolve);
  });
  return `${outcome}${code === 0 ? '' : ` (exit ${code})`}`;
}

const scratch = await mkdtemp(join(tmpdir(), 'pulse-read-before-write-'));
const { startMockAnthropic } = await loadMockAnthropic(scratch);
const world = { scratch };
world.mock = await startMockAnthropic({ turns: [], fallback: (request) => world.next(request) });
const clis = [
  { name: 'reference', command: REFERENCE, args: [] },
  { name: 'pulse', command: process.execPath, args: [pulseBin()] },
];
try {
  console.log(`read before write, --permission-mode ${MODE}`);
  for (const name of Object.keys(SCENARIOS)) {
    console.log(name);
    for (const cli of clis) console.log(`  ${cli.name.padEnd(9)} ${await session(cli, name, world)}`);
  }
} finally {
  await world.mock.close();
  await rm(scratch, { recursive: true, force: true });
}
