#!/usr/bin/env node
// Records what the reference prints on stream-json for every stop reason and block type: each
// scenario of tests/fixtures/reference-output/stop-reason-scenarios.json runs against the
// project's mock, and the line order, each kind's key paths and the result's stop fields go to
// stop-reasons-keys.json beside it, which tests/e2e/stopReasonShapes.test.ts compares Pulse with.
// Usage: node scripts/reference/stopReasons.mjs   (REFERENCE_BIN names another reference binary)
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSourceModules, root } from '../bench/harness.mjs';

const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const FIXTURES = join(root, 'tests/fixtures/reference-output');
const ARGS = ['-p', 'Do the thing.', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions'];
const RESULT_FIELDS = ['subtype', 'is_error', 'stop_reason', 'terminal_reason', 'num_turns', 'safety_stops'];

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function record(modules, scratch, name, turns) {
  const { startMockAnthropic, keyPaths, shapeKind } = modules;
  let step = 0;
  // Side requests (titles, quota checks) carry no Bash tool; only the main loop follows the script.
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) => {
      const isMain = (request.body.tools ?? []).some((tool) => tool.name === 'Bash');
      if (!isMain) return { content: [{ type: 'text', text: 'ok' }] };
      return turns[step++] ?? { content: [{ type: 'text', text: '(no scripted turn left)' }] };
    },
  });
  const home = join(scratch, name);
  await mkdir(home, { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    ANTHROPIC_BASE_URL: mock.url,
    ANTHROPIC_API_KEY: 'sk-test',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  };
  try {
    const { code, stdout, stderr } = await run(REFERENCE, ARGS, { cwd: home, env });
    const lines = stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    if (lines.at(-1)?.type !== 'result') throw new Error(`${name}: no result line (exit ${code}): ${stderr.slice(-300)}`);
    const keys = {};
    for (const line of lines) {
      const kind = shapeKind(line);
      keys[kind] = [...new Set([...(keys[kind] ?? []), ...keyPaths(line)])].sort();
    }
    const result = lines.at(-1);
    return {
      exitCode: code,
      mainRequests: step,
      order: lines.map(shapeKind),
      keys,
      result: Object.fromEntries(RESULT_FIELDS.map((field) => [field, result[field]])),
    };
  } finally {
    await mock.close();
  }
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'reference-stops-'));
  try {
    const modules = await loadSourceModules(
      scratch,
      "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/sdkLineShapes.ts';",
      'stopReasons',
    );
    const { scenarios } = JSON.parse(await readFile(join(FIXTURES, 'stop-reason-scenarios.json'), 'utf8'));
    const version = (await run(REFERENCE, ['--version'], { env: { PATH: process.env.PATH, HOME: scratch } })).stdout.trim();
    const recorded = {};
    for (const [name, turns] of Object.entries(scenarios)) {
      recorded[name] = await record(modules, scratch, name, turns);
      console.log(`${name}: ${recorded[name].order.join(' ')} (exit ${recorded[name].exitCode})`);
    }
    const out = {
      recordedWith: `${version} against tests/support/mockAnthropic.ts: ${ARGS.join(' ')}`,
      scenarios: recorded,
    };
    await writeFile(join(FIXTURES, 'stop-reasons-keys.json'), `${JSON.stringify(out, null, 1)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
