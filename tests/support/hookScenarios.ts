// The hook scenarios of tests/fixtures/reference-output/hook-event-scenarios.json, shared by the
// recorder (scripts/reference/hookEvents.mjs) and the test comparing Pulse with its recording
// (tests/e2e/hookEventShapes.test.ts): the settings each scenario runs with, and how its lines are
// named and its hook answers kept.
import type { MockTurn } from './mockAnthropic.js';
import { shapeKind } from './sdkLineShapes.js';

export type HookScenario = { args: string[]; events: string[]; commands?: Record<string, string>; turns: MockTurn[] };

const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PermissionRequest']);

/** Project settings with one command hook per event of the scenario. */
export function hookSettings(scenario: HookScenario): { hooks: Record<string, unknown[]> } {
  const hooks: Record<string, unknown[]> = {};
  for (const event of scenario.events) {
    const command = scenario.commands?.[event] ?? `echo ${event}-out; echo ${event}-err >&2`;
    hooks[event] = [{ ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}), hooks: [{ type: 'command', command }] }];
  }
  return { hooks };
}

/** A line's kind; a hook line's also names its hook when `named` (for the order). */
export function hookLineKind(line: Record<string, unknown>, named = false): string {
  const kind = shapeKind(line);
  return named && kind.startsWith('system/hook_') ? `${kind} ${String(line.hook_name)}` : kind;
}

/** What a hook answered, without the interleaved `output` (stdout and stderr race there). */
export function hookAnswer(line: Record<string, unknown>): Record<string, unknown> {
  return { hook_name: line.hook_name, hook_event: line.hook_event, stdout: line.stdout, stderr: line.stderr, exit_code: line.exit_code, outcome: line.outcome };
}
