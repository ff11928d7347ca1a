#!/usr/bin/env node
// Records the hook lines the reference prints on stream-json (`--include-hook-events` and
// without): each scenario of tests/fixtures/reference-output/hook-event-scenarios.json runs
// against the project's mock, and the line order (hook lines named by event and hook name), each
// line kind's key paths and every hook answer's fields go to hook-events-keys.json beside it,
// which tests/e2e/hookEventShapes.test.ts compares Pulse with.
// Usage: node scripts/reference/hookEvents.mjs   (REFERENCE_BIN names another reference binary)
import { keysByKind, PROJECT_RUN_ARGS, recordScenarios, runInProject } from './streamJsonRecorder.mjs';

async function record(modules, scratch, name, scenario) {
  const { keyPaths, hookLineKind, hookSettings, hookAnswer } = modules;
  const settings = hookSettings(scenario);
  const { code, lines } = await runInProject(modules, { scratch, name, settings, args: scenario.args, turns: scenario.turns });
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
  argsNote: `${PROJECT_RUN_ARGS.join(' ')} + each scenario's args`,
  record,
  orderSeparator: ' | ',
});
