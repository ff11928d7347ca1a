#!/usr/bin/env node
// What the Bash sandbox costs, as ratios from one run: the Bash tool running `true` directly, in
// the sandbox with no network (bubblewrap, seccomp), and in the sandbox with an allowed host
// (bubblewrap plus the Node bridge in front of the command); then a 32 MB download from a local
// server, directly and through the bridge and Pulse's proxy. Rounds interleave the variants so a
// slow spell on a shared machine weighs on all of them alike.
//
//   node scripts/bench/sandbox.mjs [rounds]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendResults, loadSourceModules, median } from './harness.mjs';

const rounds = Number(process.argv[2] ?? 15);
const DOWNLOAD_BYTES = 32 * 1024 * 1024;

const scratch = await realpath(await mkdtemp(join(tmpdir(), 'pulse-bench-sandbox-')));
const project = join(scratch, 'project');
await mkdir(project);
execFileSync('git', ['init', '-q', project]);
const { BashTool, resolveSandboxPolicy, sandboxAvailability } = await loadSourceModules(
  scratch,
  [
    "export { BashTool } from './src/tools/bash/BashTool.ts';",
    "export { resolveSandboxPolicy } from './src/sandbox/policy.ts';",
    "export { sandboxAvailability } from './src/sandbox/availability.ts';",
  ].join('\n'),
  'sandbox',
);
const availability = await sandboxAvailability();
if (!availability.ok) {
  console.error(`sandbox bench skipped: ${availability.reason}`);
  await rm(scratch, { recursive: true, force: true });
  process.exit(0);
}

const payload = Buffer.alloc(DOWNLOAD_BYTES, 'x');
const server = createServer((_req, res) => res.end(payload));
const port = await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const fetchScript = join(scratch, 'fetch.cjs');
await writeFile(
  fetchScript,
  `const http = require('node:http');
const proxy = process.env.HTTP_PROXY ? new URL(process.env.HTTP_PROXY) : undefined;
const options = proxy ? { host: proxy.hostname, port: proxy.port, path: 'http://127.0.0.1:${port}/' } : { host: '127.0.0.1', port: ${port}, path: '/' };
http.get(options, (res) => { let n = 0; res.on('data', (c) => (n += c.length)); res.on('end', () => process.exit(n === ${DOWNLOAD_BYTES} ? 0 : 1)); });
`,
);

const places = { home: join(scratch, 'home'), pulseConfigDir: join(scratch, 'pulse'), claudeConfigDir: join(scratch, 'claude') };
const policy = (network) => resolveSandboxPolicy([{ block: { enabled: true, network }, root: project, managed: false }], places);
const contexts = {
  direct: undefined,
  sandboxed: policy({}),
  bridged: policy({ allowedDomains: [`127.0.0.1:${port}`] }),
};

async function timeCall(command, sandbox) {
  const ctx = {
    getCwd: () => project,
    setCwd: () => undefined,
    abortSignal: new AbortController().signal,
    readFileState: new Map(),
    getPermissionContext: () => ({ mode: 'bypassPermissions', rules: [], workingDirectories: [project], ...(sandbox ? { sandbox } : {}) }),
    options: { model: 'bench', isNonInteractive: true, verbose: false, env: {} },
  };
  const started = performance.now();
  const generator = BashTool.call({ command }, ctx);
  let step = await generator.next();
  while (!step.done) step = await generator.next();
  if (step.value.data.exitCode !== 0) throw new Error(`${command} failed: ${step.value.data.stdout}`);
  return performance.now() - started;
}

function timeNode() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

const times = { true: { direct: [], sandboxed: [], bridged: [] }, download: { direct: [], bridged: [] }, node: { floor: [] } };
for (let round = 0; round <= rounds; round++) {
  const sample = { 'node/floor': timeNode() };
  for (const [name, sandbox] of Object.entries(contexts)) sample[`true/${name}`] = await timeCall('true', sandbox);
  sample['download/direct'] = await timeCall(`node ${fetchScript}`, undefined);
  sample['download/bridged'] = await timeCall(`node ${fetchScript}`, contexts.bridged);
  if (round === 0) continue; // warm-up
  for (const [key, value] of Object.entries(sample)) {
    const [what, how] = key.split('/');
    times[what][how].push(value);
  }
}
server.close();
await rm(scratch, { recursive: true, force: true });

const m = (list) => median(list);
const floor = m(times.node.floor);
const lines = [
  `Sandbox (${rounds} rounds, medians; \`node -e 0\` took ${floor.toFixed(1)} ms)`,
  `  Overhead per command: sandboxed ${(m(times.true.sandboxed) - m(times.true.direct)).toFixed(1)} ms (${((m(times.true.sandboxed) - m(times.true.direct)) / floor).toFixed(2)}x \`node -e 0\`), with an allowed host ${(m(times.true.bridged) - m(times.true.direct)).toFixed(1)} ms (${((m(times.true.bridged) - m(times.true.direct)) / floor).toFixed(2)}x \`node -e 0\`)`,
  `  Bash \`true\`: direct ${m(times.true.direct).toFixed(1)} ms, sandboxed ${m(times.true.sandboxed).toFixed(1)} ms (${(m(times.true.sandboxed) / m(times.true.direct)).toFixed(2)}x), with an allowed host ${m(times.true.bridged).toFixed(1)} ms (${(m(times.true.bridged) / m(times.true.direct)).toFixed(2)}x)`,
  `  32 MB download by a Node script: direct ${m(times.download.direct).toFixed(1)} ms, through the bridge and proxy ${m(times.download.bridged).toFixed(1)} ms (${(m(times.download.bridged) / m(times.download.direct)).toFixed(2)}x)`,
];
console.log(lines.join('\n'));
await appendResults(`\n## ${new Date().toISOString().slice(0, 10)} sandbox.mjs\n\n${lines.join('\n')}\n`);
