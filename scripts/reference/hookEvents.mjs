#!/usr/bin/env node
// Records the hook lines the reference prints on stream-json (`--include-hook-events` and
// without): each scenario of tests/fixtures/reference-output/hook-event-scenarios.json runs
// against the project's mock, and the line order (hook lines named by event and hook name), each
// line kind's key paths and every hook answer's fields go to hook-events-keys.json beside it,
// which tests/e2e/hookEventShapes.test.ts compares Pulse with.
// Usage: node scripts/reference/hookEvents.mjs   (REFERENCE_BIN names another reference binary)
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keysByKind, recordScenarios, runScripted } from './streamJsonRecorder.mjs';

const ARGS = ['-p', 'Do the thing.', '--output-format', 'stream-json', '--verbose'];

async function record(modules, scratch, name, scenario) {
  const { keyPaths, hookLineKind, hookSettings, hookAnswer } = modules;
  const home = join(scratch, name);
  const project = join(home, 'project');
  await mkdir(join(project, '.claude'), { recursive: true });
  await writeFile(join(project, '.claude', 'settings.json'), JSON.stringify(hookSettings(scenario)));
  const { code, lines } = await runScripted(modules, { name, home, cwd: project, args: [...ARGS, ...scenario.args], turns: scenario.turns });
  const keys = keysByKind(lines, hookLineKind, keyPaths);
  return {
    exitCode: code,
    order: lines.map((line) => hookLineKind(line, true)),
    keys: Object.fromEntries(Object.entries(keys).filter(([kind]) => kind.startsWith('system/hook_'))),
    answers: lines.filter((line) => line.subtype === 'hook_response').map(hookAnswer),
  };
}

await recordScenarios({
  name: 'hookEvents',
  moduleSource:
    "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/sdkLineShapes.ts'; export * from './tests/support/hookScenarios.ts';",
  scenariosFile: 'hook-event-scenarios.json',
  outFile: 'hook-events-keys.json',
  argsNote: `${ARGS.join(' ')} + each scenario's args`,
  record,
  orderSeparator: ' | ',
});
