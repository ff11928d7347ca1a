#!/usr/bin/env node
// Records what the reference prints on stream-json for every stop reason and block type: each
// scenario of tests/fixtures/reference-output/stop-reason-scenarios.json runs against the
// project's mock, and the line order, each kind's key paths and the result's stop fields go to
// stop-reasons-keys.json beside it, which tests/e2e/stopReasonShapes.test.ts compares Pulse with.
// Usage: node scripts/reference/stopReasons.mjs   (REFERENCE_BIN names another reference binary)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { keysByKind, recordScenarios, runScripted } from './streamJsonRecorder.mjs';

const ARGS = ['-p', 'Do the thing.', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions'];
const RESULT_FIELDS = ['subtype', 'is_error', 'stop_reason', 'terminal_reason', 'num_turns', 'safety_stops'];

async function record(modules, scratch, name, turns) {
  const { keyPaths, shapeKind } = modules;
  const home = join(scratch, name);
  await mkdir(home, { recursive: true });
  const { code, lines, mainRequests } = await runScripted(modules, { name, home, cwd: home, args: ARGS, turns });
  const result = lines.at(-1);
  return {
    exitCode: code,
    mainRequests,
    order: lines.map(shapeKind),
    keys: keysByKind(lines, shapeKind, keyPaths),
    result: Object.fromEntries(RESULT_FIELDS.map((field) => [field, result[field]])),
  };
}

await recordScenarios({
  name: 'stopReasons',
  moduleSource: "export * from './tests/support/mockAnthropic.ts'; export * from './tests/support/sdkLineShapes.ts';",
  scenariosFile: 'stop-reason-scenarios.json',
  outFile: 'stop-reasons-keys.json',
  argsNote: ARGS.join(' '),
  record,
});
