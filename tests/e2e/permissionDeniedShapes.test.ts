// What stream-json prints when a call is refused, against the reference:
// scripts/reference/permissionDenials.mjs ran each scenario of
// tests/fixtures/reference-output/permission-denial-scenarios.json through Claude Code 2.1.332 and
// kept the line order, the `system/permission_denied` line's keys, what it says (which call, why,
// the model's text) and the result's permission_denials; Pulse runs the same scenarios here.
// A refusal by the permission check (rules, mode, a PermissionRequest hook, the question print
// mode cannot ask) gets the line just before the call's result; a PreToolUse hook's block does not.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { denialSummary, denialTurns, type DenialScenario } from '../support/denialScenarios.js';
import { keyPaths, shapeKind } from '../support/sdkLineShapes.js';
import { scenario, STREAM_JSON } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'reference-output');
type Recorded = { exitCode: number; order: string[]; keys: Record<string, string[]> } & ReturnType<typeof denialSummary>;
const SCENARIOS = (JSON.parse(await readFile(join(FIXTURES, 'permission-denial-scenarios.json'), 'utf8')) as { scenarios: Record<string, DenialScenario> }).scenarios;
const RECORDED = (JSON.parse(await readFile(join(FIXTURES, 'permission-denials-keys.json'), 'utf8')) as { scenarios: Record<string, Recorded> }).scenarios;

/**
 * Reason types Pulse names differently, with why: the reference calls a prefix rule's refusal of
 * a Bash command `subcommandResults` after the step of its own that found it; Pulse's Bash check
 * reports every deny rule it matched as a rule.
 */
const REASON_TYPE_DIFFERENCES: Record<string, { reference: string; pulse: string }> = {
  deny_prefix_rule: { reference: 'subcommandResults', pulse: 'rule' },
};

async function runScenario(name: string): Promise<Array<Record<string, unknown>>> {
  const script = SCENARIOS[name];
  if (!script) throw new Error(`${name} is missing from the scenarios`);
  const s = await scenario(denialTurns());
  await mkdir(join(s.world.repo, '.claude'), { recursive: true });
  await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(script.settings));
  const run = await s.run(['-p', 'Do the thing.', ...STREAM_JSON, ...script.args], { env: { IS_SANDBOX: '1' } });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(RECORDED[name]?.exitCode);
  return run.json();
}

describe('permission denials against the reference (stream-json)', () => {
  it.each(Object.keys(SCENARIOS))('%s: the denial line, where it comes, its keys and what it says', async (name) => {
    const recorded = RECORDED[name];
    if (!recorded) throw new Error(`${name} was not recorded: run node scripts/reference/permissionDenials.mjs`);
    const lines = await runScenario(name);

    expect(lines.map(shapeKind)).toEqual(recorded.order);
    const mine = new Set(lines.filter((line) => shapeKind(line) === 'system/permission_denied').flatMap((line) => [...keyPaths(line)]));
    expect([...mine].sort()).toEqual(recorded.keys['system/permission_denied']);
    const difference = REASON_TYPE_DIFFERENCES[name];
    const expected = recorded.denials.map((denial) =>
      difference && denial.decision_reason_type === difference.reference ? { ...denial, decision_reason_type: difference.pulse } : denial,
    );
    const summary = denialSummary(lines);
    expect(summary.denials).toEqual(expected);
    expect(summary.resultDenials).toEqual(recorded.resultDenials);
  });

  it('json --verbose leaves the denial line out, as the reference does', async () => {
    const script = SCENARIOS.deny_prefix_rule;
    if (!script) throw new Error('deny_prefix_rule is missing from the scenarios');
    const s = await scenario(denialTurns());
    await mkdir(join(s.world.repo, '.claude'), { recursive: true });
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(script.settings));
    const run = await s.run(['-p', 'Do the thing.', '--output-format', 'json', '--verbose']);
    expect(run.code).toBe(0);
    const lines = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(lines.map(shapeKind)).toEqual(['system/init', 'assistant', 'user/tool_result', 'assistant', 'result/success']);
  });
});
