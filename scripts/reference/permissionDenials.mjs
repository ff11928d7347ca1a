#!/usr/bin/env node
// Records what the reference prints on stream-json when a call is refused: each scenario of
// tests/fixtures/reference-output/permission-denial-scenarios.json runs against the project's mock
// (one Bash call, then "Done."), and the line order, the key paths of the denial and result lines,
// the denial lines' reason fields and the result's permission_denials go to
// permission-denials-keys.json beside it, which tests/e2e/permissionDeniedShapes.test.ts compares
// Pulse with.
// Usage: node scripts/reference/permissionDenials.mjs   (REFERENCE_BIN names another reference binary)
import { keysByKind, PROJECT_RUN_ARGS, recordScenarios, runInProject } from './streamJsonRecorder.mjs';

async function record(modules, scratch, name, scenario) {
  const { keyPaths, shapeKind, denialTurns, denialSummary } = modules;
  const { code, lines } = await runInProject(modules, { scratch, name, settings: scenario.settings, args: scenario.args, turns: denialTurns() });
  const keys = keysByKind(lines, shapeKind, keyPaths);
  return {
    exitCode: code,
    order: lines.map(shapeKind),
    keys: { 'system/permission_denied': keys['system/permission_denied'] ?? [] },
    ...denialSummary(lines),
  };
}

await recordScenarios({
  name: 'permissionDenials',
  moduleSource:
    "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/sdkLineShapes.ts'; export * from './tests/support/denialScenarios.ts';",
  scenariosFile: 'permission-denial-scenarios.json',
  outFile: 'permission-denials-keys.json',
  argsNote: `${PROJECT_RUN_ARGS.join(' ')} + each scenario's args`,
  record,
});
