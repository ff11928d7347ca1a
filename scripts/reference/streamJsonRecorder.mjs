// What the reference recorders share: running the reference's print mode against the project's
// mock with a scripted main loop, reading its stream-json lines, and the scenario-file loop that
// writes what each scenario printed into tests/fixtures/reference-output.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSourceModules, mockCliEnv, root } from '../bench/harness.mjs';

const REFERENCE = process.env.REFERENCE_BIN ?? '/work/ref/node_modules/.bin/claude';
const FIXTURES = join(root, 'tests/fixtures/reference-output');

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

/**
 * Runs the reference once with `args` in `cwd` (HOME `home`) against a mock whose main loop (the
 * requests that carry the Bash tool) answers from `turns`; side requests (titles, quota checks)
 * get a plain "ok". Returns the exit code, the parsed lines and how many main requests were made.
 */
export async function runScripted(modules, { name, home, cwd, args, turns }) {
  let step = 0;
  const mock = await modules.startMockAnthropic({
    turns: [],
    fallback: (request) => {
      const isMain = (request.body.tools ?? []).some((tool) => tool.name === 'Bash');
      if (!isMain) return { content: [{ type: 'text', text: 'ok' }] };
      return turns[step++] ?? { content: [{ type: 'text', text: '(no scripted turn left)' }] };
    },
  });
  const env = mockCliEnv(home, mock.url);
  try {
    const { code, stdout, stderr } = await run(REFERENCE, args, { cwd, env });
    const lines = stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    if (lines.at(-1)?.type !== 'result') throw new Error(`${name}: no result line (exit ${code}): ${stderr.slice(-300)}`);
    return { code, lines, mainRequests: step };
  } finally {
    await mock.close();
  }
}

/** What runInProject runs the reference with, before a scenario's own arguments. */
export const PROJECT_RUN_ARGS = ['-p', 'Do the thing.', '--output-format', 'stream-json', '--verbose'];

/**
 * runScripted in a project of its own under `scratch/name` (HOME is `scratch/name`) whose
 * .claude/settings.json is `settings`, with `-p 'Do the thing.' --output-format stream-json
 * --verbose` and `args`.
 */
export async function runInProject(modules, { scratch, name, settings, args, turns }) {
  const home = join(scratch, name);
  const project = join(home, 'project');
  await mkdir(join(project, '.claude'), { recursive: true });
  await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify(settings));
  return runScripted(modules, { name, home, cwd: project, args: [...PROJECT_RUN_ARGS, ...args], turns });
}

/** Every key path each kind of line carried, sorted. */
export function keysByKind(lines, kindOf, keyPaths) {
  const keys = {};
  for (const line of lines) {
    const kind = kindOf(line);
    keys[kind] = [...new Set([...(keys[kind] ?? []), ...keyPaths(line)])].sort();
  }
  return keys;
}

/**
 * Records each scenario of `scenariosFile` with `record(modules, scratch, name, scenario)` and
 * writes the results, with the reference's version and `argsNote`, to `outFile`.
 */
export async function recordScenarios({ name, moduleSource, scenariosFile, outFile, argsNote, record, orderSeparator = ' ' }) {
  const scratch = await mkdtemp(join(tmpdir(), `reference-${name}-`));
  try {
    const modules = await loadSourceModules(scratch, moduleSource, name);
    const { scenarios } = JSON.parse(await readFile(join(FIXTURES, scenariosFile), 'utf8'));
    const version = (await run(REFERENCE, ['--version'], { env: { PATH: process.env.PATH, HOME: scratch } })).stdout.trim();
    const recorded = {};
    for (const [scenarioName, scenario] of Object.entries(scenarios)) {
      recorded[scenarioName] = await record(modules, scratch, scenarioName, scenario);
      console.log(`${scenarioName}: ${recorded[scenarioName].order.join(orderSeparator)} (exit ${recorded[scenarioName].exitCode})`);
    }
    const out = { recordedWith: `${version} against tests/support/mockAnthropic.ts: ${argsNote}`, scenarios: recorded };
    await writeFile(join(FIXTURES, outFile), `${JSON.stringify(out, null, 1)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
