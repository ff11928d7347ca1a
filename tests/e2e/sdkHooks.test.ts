// Issue 22 item 6 through the official Agent SDK: host hook callbacks for every hook event Pulse
// has, the token budget ("+1k") parsed on the SDK path, and set_max_thinking_tokens(0) keeping
// earlier thinking out of later requests.
import type { HookCallbackMatcher, HookEvent, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockTurn, RecordedRequest } from '../support/mockAnthropic.js';
import { waitFor } from '../ui/helpers.js';
import { scenario, type Scenario } from './harness.js';
import { resultsOf, runSdkPrompts, runSdkQuery, userMessage } from './sdkHarness.js';

type Seen = Array<{ event: string; input: Record<string, unknown> }>;

/** A callback for `event` that records its input and answers with `answer(input, calls so far)`. */
function recorder(seen: Seen, event: HookEvent, answer: (input: Record<string, unknown>, calls: number) => Record<string, unknown> = () => ({})) {
  const matcher: HookCallbackMatcher = {
    hooks: [
      async (input) => {
        const fields = input as unknown as Record<string, unknown>;
        seen.push({ event, input: fields });
        return answer(fields, seen.filter((s) => s.event === event).length);
      },
    ],
  };
  return matcher;
}

function sent(s: Scenario, index: number): string {
  return JSON.stringify(s.mock.requests[index]?.body.messages ?? []);
}

function context(event: string, text: string): Record<string, unknown> {
  return { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
}

describe('Agent SDK host hook callbacks', () => {
  it('SessionStart, UserPromptSubmit, PostToolUse and Stop callbacks run and their answers take effect', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_echo', name: 'Bash', input: { command: 'echo hi' } }] },
      { content: [{ type: 'text', text: 'first stop' }] },
      { content: [{ type: 'text', text: 'second stop' }] },
    ]);
    const seen: Seen = [];
    const run = await runSdkQuery(s, 'say hi through the shell', {
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
      hooks: {
        SessionStart: [recorder(seen, 'SessionStart', () => context('SessionStart', 'SESSION-START-CONTEXT'))],
        UserPromptSubmit: [recorder(seen, 'UserPromptSubmit', () => context('UserPromptSubmit', 'PROMPT-HOOK-CONTEXT'))],
        PostToolUse: [{ ...recorder(seen, 'PostToolUse', () => context('PostToolUse', 'POST-TOOL-CONTEXT')), matcher: 'Bash' }],
        Stop: [recorder(seen, 'Stop', (_input, calls) => (calls === 1 ? { decision: 'block', reason: 'STOP-HOOK-FEEDBACK' } : {}))],
      },
    });
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success', result: 'second stop' });
    expect(seen.map((s) => s.event)).toEqual(['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'Stop']);
    expect(seen[0]?.input).toMatchObject({ hook_event_name: 'SessionStart', source: 'startup' });
    expect(seen[1]?.input).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'say hi through the shell' });
    expect(seen[2]?.input).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_echo' });
    expect(seen.slice(3).map((s) => s.input.stop_hook_active)).toEqual([false, true]);
    expect(sent(s, 0)).toContain('SESSION-START-CONTEXT');
    expect(sent(s, 0)).toContain('PROMPT-HOOK-CONTEXT');
    expect(sent(s, 1)).toContain('POST-TOOL-CONTEXT');
    expect(sent(s, 2)).toContain('STOP-HOOK-FEEDBACK');
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('a command that really failed runs the PostToolUseFailure callback with the result text; an answering exit runs PostToolUse', async () => {
    // Recorded from the reference 2.1.332 through this SDK: `false` reaches PostToolUseFailure
    // with error "Exit code 1" and never PostToolUse.
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_false', name: 'Bash', input: { command: 'false' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_grep', name: 'Bash', input: { command: 'grep nothing-here /dev/null' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const seen: Seen = [];
    const run = await runSdkQuery(s, 'run two commands', {
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
      hooks: {
        PostToolUse: [recorder(seen, 'PostToolUse')],
        PostToolUseFailure: [recorder(seen, 'PostToolUseFailure', () => context('PostToolUseFailure', 'FAILURE-CONTEXT'))],
      },
    });
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success', result: 'done' });
    expect(seen.map((s) => `${s.event}:${String(s.input.tool_use_id)}`)).toEqual(['PostToolUseFailure:toolu_false', 'PostToolUse:toolu_grep']);
    expect(seen[0]?.input).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', error: 'Exit code 1', is_interrupt: false });
    expect(sent(s, 1)).toContain('FAILURE-CONTEXT');
  });

  it('runs the SessionEnd hooks from settings (reason "other") once the host closes stdin', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'bye' }] }]);
    const ended = join(s.world.repo, 'session-end.json');
    await mkdir(join(s.world.repo, '.claude'), { recursive: true });
    await writeFile(join(s.world.repo, '.claude', 'settings.json'), JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: `cat > ${ended}.tmp && mv ${ended}.tmp ${ended}` }] }] } }));
    const run = await runSdkQuery(s, 'say bye');
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success', result: 'bye' });
    // The hook runs after the last result, as Pulse winds down: wait for its file, not a fixed time.
    await waitFor(() => existsSync(ended), 15_000);
    expect(JSON.parse(await readFile(ended, 'utf8'))).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'other' });
  });

  it('a UserPromptSubmit callback can block the prompt before it reaches the model', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'never asked' }] }]);
    const seen: Seen = [];
    const run = await runSdkQuery(s, 'something forbidden', {
      hooks: { UserPromptSubmit: [recorder(seen, 'UserPromptSubmit', () => ({ decision: 'block', reason: 'not this prompt' }))] },
    });
    expect(s.mock.requests).toHaveLength(0);
    expect(JSON.stringify(resultsOf(run.messages)[0])).toContain('not this prompt');
  });

  it('SubagentStart and SubagentStop callbacks run around a sub-agent, and PreCompact before /compact', async () => {
    const route = (req: RecordedRequest): MockTurn => {
      const messages = JSON.stringify(req.body.messages ?? []);
      const system = JSON.stringify(req.body.system ?? '');
      if (system.includes('You are the helper.')) return { content: [{ type: 'text', text: 'Helper report.' }] };
      if (req.body.tools === undefined || (req.body.tools as unknown[]).length === 0) return { content: [{ type: 'text', text: 'Summary of the talk.' }] };
      if (!messages.includes('tool_result')) {
        return { content: [{ type: 'tool_use', id: 'toolu_helper', name: 'Agent', input: { description: 'Ask helper', prompt: 'Report.', subagent_type: 'helper' } }] };
      }
      return { content: [{ type: 'text', text: 'The helper reported.' }] };
    };
    const s = await scenario([], route);
    const seen: Seen = [];
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      yield userMessage('ask the helper');
      yield userMessage('/compact keep the helper report');
    }
    const run = await runSdkQuery(s, prompts(), {
      agents: { helper: { description: 'Helps', prompt: 'You are the helper.', tools: ['Glob'] } },
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
      hooks: {
        SubagentStart: [recorder(seen, 'SubagentStart', () => context('SubagentStart', 'SUBAGENT-START-CONTEXT'))],
        SubagentStop: [recorder(seen, 'SubagentStop')],
        PreCompact: [recorder(seen, 'PreCompact')],
      },
    });
    expect(resultsOf(run.messages).map((r) => r.subtype)).toEqual(['success', 'success']);
    expect(seen.map((s) => s.event)).toEqual(['SubagentStart', 'SubagentStop', 'PreCompact']);
    expect(seen[0]?.input).toMatchObject({ hook_event_name: 'SubagentStart', agent_type: 'helper' });
    expect(seen[2]?.input).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'keep the helper report' });
    const child = s.mock.requests.find((req) => JSON.stringify(req.body.system ?? '').includes('You are the helper.'));
    expect(JSON.stringify(child?.body)).toContain('SUBAGENT-START-CONTEXT');
  }, 60_000);
});

describe('Agent SDK: token budget and thinking control', () => {
  it('parses a "+1k" token budget on the SDK path and keeps the model going toward it', async () => {
    const short: MockTurn = { content: [{ type: 'text', text: 'a little' }], usage: { output_tokens: 100 } };
    const s = await scenario([short], short);
    const run = await runSdkQuery(s, '+1k write a long story');
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success' });
    expect(s.mock.requests.length).toBeGreaterThan(1);
    expect(sent(s, 1)).toContain('Token target');
  });

  it('set_max_thinking_tokens(0): the next request turns thinking off and carries no earlier thinking', async () => {
    const s = await scenario([
      { content: [{ type: 'thinking', thinking: 'Pondering.', signature: 'sig-1' }, { type: 'text', text: 'first answer' }] },
      { content: [{ type: 'text', text: 'second answer' }] },
    ]);
    const messages = await runSdkPrompts(s, ['first question', 'second question'], { maxThinkingTokens: 2048, model: 'claude-haiku-4-5' }, async (q) => {
      await q.setMaxThinkingTokens(0);
    });
    expect(resultsOf(messages).map((r) => r.subtype)).toEqual(['success', 'success']);
    // A model that thinks on a budget and may stop thinking (the current ones think adaptively).
    expect(s.mock.requests[0]?.body.thinking).toMatchObject({ type: 'enabled', budget_tokens: 2048 });
    // Off: no thinking is asked for (the field is left out or says disabled).
    expect((s.mock.requests[1]?.body.thinking as { type?: string } | undefined)?.type ?? 'disabled').toBe('disabled');
    expect(sent(s, 1)).toContain('first answer');
    expect(sent(s, 1)).not.toContain('Pondering.');
    expect(s.mock.pairingErrors).toEqual([]);
  });
});
