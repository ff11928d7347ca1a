// Hook lines in stream-json, against the reference: scripts/reference/hookEvents.mjs ran each
// scenario of tests/fixtures/reference-output/hook-event-scenarios.json through Claude Code 2.1.332
// and kept the line order (hook lines named by their hook), each hook line kind's key paths and
// every hook's answer; Pulse runs the same scenarios here. With --include-hook-events every event's
// hooks are shown where they run (UserPromptSubmit's before init, a tool's after the message that
// asked for it); without it only SessionStart's.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookAnswer, hookLineKind, hookSettings, type HookScenario } from '../support/hookScenarios.js';
import { keyPaths } from '../support/sdkLineShapes.js';
import { scenario, STREAM_JSON } from './harness.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'reference-output');
type Recorded = { exitCode: number; order: string[]; keys: Record<string, string[]>; answers: Array<Record<string, unknown>> };
const SCENARIOS = (JSON.parse(await readFile(join(FIXTURES, 'hook-event-scenarios.json'), 'utf8')) as { scenarios: Record<string, HookScenario> }).scenarios;
const RECORDED = (JSON.parse(await readFile(join(FIXTURES, 'hook-events-keys.json'), 'utf8')) as { scenarios: Record<string, Recorded> }).scenarios;


const byName = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.hook_name).localeCompare(String(b.hook_name));

describe('hook lines against the reference (stream-json)', () => {
  it.each(Object.keys(SCENARIOS))('%s: the hook lines, where they come, their keys and answers', async (name) => {
    const recorded = RECORDED[name];
    const script = SCENARIOS[name];
    if (!recorded || !script) throw new Error(`${name} was not recorded: run node scripts/reference/hookEvents.mjs`);
    const s = await scenario(structuredClone(script.turns));
    await mkdir(join(s.world.repo, '.claude'), { recursive: true });
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(hookSettings(script)));
    const run = await s.run(['-p', 'Do the thing.', ...STREAM_JSON, ...script.args], { env: { IS_SANDBOX: '1' } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(recorded.exitCode);
    const lines = run.json();

    expect(lines.map((line) => hookLineKind(line, true))).toEqual(recorded.order);
    const answers = lines.filter((line) => line.subtype === 'hook_response').map(hookAnswer);
    expect(answers.sort(byName)).toEqual([...recorded.answers].sort(byName));
    for (const [kind, keys] of Object.entries(recorded.keys)) {
      const mine = new Set(lines.filter((line) => hookLineKind(line) === kind).flatMap((line) => [...keyPaths(line)]));
      expect({ kind, keys: [...mine].sort() }).toEqual({ kind, keys });
    }
    // Each answer belongs to a hook that was shown starting, in the same session.
    const started = new Set(lines.filter((line) => line.subtype === 'hook_started').map((line) => line.hook_id));
    for (const line of lines.filter((line) => line.subtype === 'hook_response')) expect(started.has(line.hook_id)).toBe(true);
    const sessions = new Set(lines.map((line) => line.session_id));
    expect(sessions.size).toBe(1);
  });

  it('a blocking PreToolUse hook stops the call it was shown for', async () => {
    const script = SCENARIOS.blocking_pre_tool_use;
    if (!script) throw new Error('blocking_pre_tool_use is missing from the scenarios');
    const s = await scenario(structuredClone(script.turns));
    await mkdir(join(s.world.repo, '.claude'), { recursive: true });
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify(hookSettings(script)));
    const run = await s.run(['-p', 'Do the thing.', ...STREAM_JSON, ...script.args], { env: { IS_SANDBOX: '1' } });
    const result = run.json().find((line) => line.type === 'user');
    expect(JSON.stringify(result)).toContain('not this one');
    await expect(readFile(join(s.world.repo, 'made-by-tool'))).rejects.toThrow();
  });
});
