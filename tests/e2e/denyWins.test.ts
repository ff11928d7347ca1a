// Deny always wins, on every path: print mode, the SDK (whose canUseTool and hooks answer "allow"
// to everything), sub-agents, and the REPL, all in bypassPermissions mode. The model tries the
// published tricks against `Bash(rm:*)` and `Read(./secrets/**)` deny rules: a script piped into
// bash, an ANSI-C quoted command name, and reading the secret through cat. Nothing runs, the
// secret never reaches the model, and each refusal names its rule.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockTurn, RecordedRequest } from '../support/mockAnthropic.js';
import { killPtyPulses, startPtyPulse } from '../support/ptyPulse.js';
import { waitFor } from '../ui/helpers.js';
import { resultOf, scenario, STREAM_JSON, type Scenario } from './harness.js';
import { resultsOf, runSdkQuery } from './sdkHarness.js';

afterEach(() => killPtyPulses());

const ATTACKS = [
  { id: 'toolu_pipe', command: 'echo rm victim.txt | bash' },
  { id: 'toolu_ansi', command: "$'\\x72m' victim.txt" },
  { id: 'toolu_read', command: 'cat secrets/key' },
];
const SECRET = 'TOKEN=do-not-leak';

/** One attack per turn: a refused Bash call cancels the calls beside it, which would hide the rest. */
const attackTurns = (suffix = ''): MockTurn[] =>
  ATTACKS.map((attack) => ({ content: [{ type: 'tool_use', id: `${attack.id}${suffix}`, name: 'Bash', input: { command: attack.command } }] }));

/** How many tool results the conversation holds so far: which attack comes next. */
const answeredCount = (request: RecordedRequest): number => (JSON.stringify(request.body.messages ?? []).match(/"tool_result"/g) ?? []).length;

async function guardedProject(s: Scenario): Promise<void> {
  await mkdir(join(s.world.repo, '.claude'));
  await mkdir(join(s.world.repo, 'secrets'));
  await writeFile(join(s.world.repo, 'secrets', 'key'), `${SECRET}\n`);
  await writeFile(join(s.world.repo, 'victim.txt'), 'still here\n');
  const permissions = { deny: ['Bash(rm:*)', 'Read(./secrets/**)'], allow: ['Bash'] };
  await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ permissions }));
}

/** Every tool_result the model was sent, by tool_use id. */
function toolResults(requests: readonly RecordedRequest[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const request of requests) {
    for (const message of (request.body.messages ?? []) as Array<{ content: unknown }>) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as Array<Record<string, unknown>>) {
        if (block.type === 'tool_result') found.set(String(block.tool_use_id), JSON.stringify(block.content));
      }
    }
  }
  return found;
}

function expectAllDenied(s: Scenario, suffix = ''): void {
  expect(existsSync(join(s.world.repo, 'victim.txt'))).toBe(true);
  const results = toolResults(s.mock.requests);
  for (const attack of ATTACKS) {
    const result = results.get(`${attack.id}${suffix}`) ?? '';
    expect(result, attack.command).toMatch(/denied/);
    expect(result, attack.command).toMatch(attack.id === 'toolu_read' ? /Read\(\.\/secrets\/\*\*\)/ : /Bash\(rm:\*\)/);
  }
  expect(JSON.stringify(s.mock.requests.map((request) => request.body))).not.toContain(SECRET);
  expect(s.mock.pairingErrors).toEqual([]);
}

describe('deny rules win on every path', () => {
  it('print mode, in bypassPermissions', async () => {
    const s = await scenario([...attackTurns(), { content: [{ type: 'text', text: 'all refused' }] }]);
    await guardedProject(s);
    const run = await s.run(['-p', 'try it', '--permission-mode', 'bypassPermissions', ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expectAllDenied(s);
    const denials = resultOf(run.json()).permission_denials as Array<{ tool_use_id: string }>;
    expect(denials.map((denial) => denial.tool_use_id).sort()).toEqual(ATTACKS.map((attack) => attack.id).sort());
  });

  it('the SDK, whose canUseTool and PreToolUse hook allow everything', async () => {
    const s = await scenario([...attackTurns(), { content: [{ type: 'text', text: 'all refused' }] }]);
    await guardedProject(s);
    const asked: string[] = [];
    const run = await runSdkQuery(s, 'try it', {
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
      canUseTool: async (toolName, input) => {
        asked.push(toolName);
        return { behavior: 'allow', updatedInput: input };
      },
      hooks: {
        PreToolUse: [{ hooks: [async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })] }],
      },
    });
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success' });
    expect(asked).toEqual([]);
    expectAllDenied(s);
  });

  it('a sub-agent, in bypassPermissions', async () => {
    const route = (request: RecordedRequest): MockTurn => {
      const system = JSON.stringify(request.body.system ?? '');
      const answered = answeredCount(request);
      if (system.includes('You try things.')) return attackTurns('_sub')[answered] ?? { content: [{ type: 'text', text: 'refused' }] };
      if (answered === 0) {
        return { content: [{ type: 'tool_use', id: 'toolu_agent', name: 'Task', input: { description: 'Try', prompt: 'Try it.', subagent_type: 'tryer' } }] };
      }
      return { content: [{ type: 'text', text: 'done' }] };
    };
    const s = await scenario([], route);
    await guardedProject(s);
    const agents = JSON.stringify({ tryer: { description: 'Tries things', prompt: 'You try things.', tools: ['Bash'] } });
    const run = await s.run(['-p', 'delegate', '--permission-mode', 'bypassPermissions', '--agents', agents, ...STREAM_JSON]);
    expect(run.code).toBe(0);
    expectAllDenied(s, '_sub');
  });

  it('the REPL, in bypassPermissions: refused without a question', async () => {
    const s = await scenario([...attackTurns(), { content: [{ type: 'text', text: 'All three were refused.' }] }]);
    await guardedProject(s);
    const pulse = startPtyPulse(s.world, {
      args: ['--permission-mode', 'bypassPermissions'],
      env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: s.mock.url },
      cols: 120,
    });
    await waitFor(() => pulse.screen().includes('/ for commands'), 15_000);
    pulse.write('try it');
    await waitFor(() => /> try it/.test(pulse.screen()), 15_000);
    pulse.write('\r');
    await waitFor(() => pulse.screen().includes('All three were refused.'), 20_000);
    expect(pulse.screen()).not.toMatch(/Allow Bash/);
    expectAllDenied(s);
  });
});
