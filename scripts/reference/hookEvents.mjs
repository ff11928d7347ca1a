#!/usr/bin/env node
// Records the hook lines the reference prints on stream-json (`--include-hook-events` and
// without): each scenario of tests/fixtures/reference-output/hook-event-scenarios.json runs
// against the project's mock, and the line order (hook lines named by event and hook name), each
// line kind's key paths and every hook answer's fields go to hook-events-keys.json beside it,
// which tests/e2e/hookEventShapes.test.ts compares Pulse with.
// Usage: node scripts/reference/hookEvents.mjs   (REFERENCE_BIN names another reference binary)
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSourceModules, root } from '../bench/harness.mjs';

const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const FIXTURES = join(root, 'tests/fixtures/reference-output');
const ARGS = ['-p', 'Do the thing.', '--output-format', 'stream-json', '--verbose'];

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

async function record(modules, scratch, name, scenario) {
  const { startMockAnthropic, keyPaths, hookLineKind, hookSettings, hookAnswer } = modules;
  let step = 0;
  // Side requests (titles, quota checks) carry no Bash tool; only the main loop follows the script.
  const mock = await startMockAnthropic({
    turns: [],
    fallback: (request) => {
      const isMain = (request.body.tools ?? []).some((tool) => tool.name === 'Bash');
      if (!isMain) return { content: [{ type: 'text', text: 'ok' }] };
      return scenario.turns[step++] ?? { content: [{ type: 'text', text: '(no scripted turn left)' }] };
    },
  });
  const home = join(scratch, name);
  const project = join(home, 'project');
  await mkdir(join(project, '.claude'), { recursive: true });
  await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify(hookSettings(scenario)));
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
    const { code, stdout, stderr } = await run(REFERENCE, [...ARGS, ...scenario.args], { cwd: project, env });
    const lines = stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    if (lines.at(-1)?.type !== 'result') throw new Error(`${name}: no result line (exit ${code}): ${stderr.slice(-300)}`);
    const keys = {};
    for (const line of lines) {
      const kind = hookLineKind(line);
      keys[kind] = [...new Set([...(keys[kind] ?? []), ...keyPaths(line)])].sort();
    }
    return {
      exitCode: code,
      order: lines.map((line) => hookLineKind(line, true)),
      keys: Object.fromEntries(Object.entries(keys).filter(([kind]) => kind.startsWith('system/hook_'))),
      answers: lines.filter((line) => line.subtype === 'hook_response').map(hookAnswer),
    };
  } finally {
    await mock.close();
  }
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'reference-hooks-'));
  try {
    const modules = await loadSourceModules(
      scratch,
      "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/sdkLineShapes.ts'; export * from './tests/support/hookScenarios.ts';",
      'hookEvents',
    );
    const { scenarios } = JSON.parse(await readFile(join(FIXTURES, 'hook-event-scenarios.json'), 'utf8'));
    const version = (await run(REFERENCE, ['--version'], { env: { PATH: process.env.PATH, HOME: scratch } })).stdout.trim();
    const recorded = {};
    for (const [name, scenario] of Object.entries(scenarios)) {
      recorded[name] = await record(modules, scratch, name, scenario);
      console.log(`${name}: ${recorded[name].order.join(' | ')} (exit ${recorded[name].exitCode})`);
    }
    const out = { recordedWith: `${version} against tests/support/mockAnthropic.ts: ${ARGS.join(' ')} + each scenario's args`, scenarios: recorded };
    await writeFile(join(FIXTURES, 'hook-events-keys.json'), `${JSON.stringify(out, null, 1)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
