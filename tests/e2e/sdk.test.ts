// The official Agent SDK driving the built Pulse against the mock Messages API.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { query, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { scenario, toolResultsSent } from './harness.js';
import { collect, resultsOf, runSdkQuery, sdkOptions, userMessage } from './sdkHarness.js';

function kindsOf(messages: Array<{ type: string; subtype?: string }>): string[] {
  return messages.map((message) => (message.subtype ? `${message.type}/${message.subtype}` : message.type));
}

describe('Agent SDK', () => {
  it('runs a plain query to result/success', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'Hello from Pulse.' }] }]);
    const run = await runSdkQuery(s, 'say hello');
    const kinds = kindsOf(run.messages as Array<{ type: string; subtype?: string }>);
    expect(kinds[0]).toBe('system/init');
    expect(kinds).toContain('assistant');
    const [result] = resultsOf(run.messages);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Hello from Pulse.' });
    expect(s.mock.requests).toHaveLength(1);
    expect(JSON.stringify(s.mock.requests[0]?.body.messages)).toContain('say hello');
  });

  it('asks canUseTool: a denied Bash call does not run, an allowed Write does', async () => {
    const s = await scenario([
      {
        content: [
          { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: 'allowed.txt', content: 'ok\n' } },
          { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'touch denied.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const asked: string[] = [];
    const run = await runSdkQuery(s, 'make two files', {
      canUseTool: async (toolName, input) => {
        asked.push(toolName);
        if (toolName === 'Bash') return { behavior: 'deny', message: 'no shell today' };
        return { behavior: 'allow', updatedInput: input };
      },
    });
    expect(asked).toEqual(['Write', 'Bash']);
    expect(existsSync(join(s.world.repo, 'denied.txt'))).toBe(false);
    expect(existsSync(join(s.world.repo, 'allowed.txt'))).toBe(true);
    const results = toolResultsSent(s.mock, 1);
    expect(JSON.stringify(results.find((block) => block.tool_use_id === 'toolu_bash'))).toContain('no shell today');
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success' });
    expect(s.mock.pairingErrors).toEqual([]);
    // The host answered: Claude Code 2.1.332 prints no permission_denied line then (only for a
    // refusal of its own: a rule, a mode, a hook, or a question with no one to ask).
    expect(kindsOf(run.messages as Array<{ type: string; subtype?: string }>)).not.toContain('system/permission_denied');
  });

  it('without canUseTool a question no one can answer is refused, and a permission_denied line says so', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'touch denied.txt' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    const run = await runSdkQuery(s, 'make a file');
    expect(existsSync(join(s.world.repo, 'denied.txt'))).toBe(false);
    const messages = run.messages as Array<Record<string, unknown>>;
    const denied = messages.filter((message) => message.type === 'system' && message.subtype === 'permission_denied');
    expect(denied).toEqual([expect.objectContaining({ tool_name: 'Bash', tool_use_id: 'toolu_bash' })]);
    expect(denied[0]).not.toHaveProperty('decision_reason_type');
    const kinds = kindsOf(messages as Array<{ type: string; subtype?: string }>);
    expect(kinds.indexOf('system/permission_denied')).toBe(kinds.indexOf('user') - 1);
  });

  it('lets an SDK PreToolUse hook callback block a command', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_hooked', name: 'Bash', input: { command: 'touch hooked.txt' } }] },
      { content: [{ type: 'text', text: 'understood' }] },
    ]);
    const seen: Array<Record<string, unknown>> = [];
    await runSdkQuery(s, 'touch a file', {
      permissionMode: 'bypassPermissions',
      allowDangerouslySkipPermissions: true,
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              async (input) => {
                seen.push(input as unknown as Record<string, unknown>);
                return {
                  hookSpecificOutput: {
                    hookEventName: 'PreToolUse',
                    permissionDecision: 'deny',
                    permissionDecisionReason: 'blocked by the test hook',
                  },
                };
              },
            ],
          },
        ],
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'touch hooked.txt' } });
    expect(existsSync(join(s.world.repo, 'hooked.txt'))).toBe(false);
    expect(JSON.stringify(toolResultsSent(s.mock, 1))).toContain('blocked by the test hook');
  });

  it('interrupts a turn mid-stream', async () => {
    const s = await scenario([{ kind: 'hang', content: [{ type: 'text', text: 'a long answer that never ends' }], afterEvents: 3 }]);
    const run = query({ prompt: 'talk forever', options: sdkOptions(s, { includePartialMessages: true }) });
    const messages = [];
    let interrupted = false;
    for await (const message of run) {
      messages.push(message);
      if (message.type === 'stream_event' && !interrupted) {
        interrupted = true;
        await run.interrupt();
      }
    }
    expect(interrupted).toBe(true);
    const [result] = resultsOf(messages);
    expect(result).toMatchObject({ type: 'result', is_error: true, subtype: 'error_during_execution' });
  });

  it('applies setPermissionMode before the next message', async () => {
    const s = await scenario([
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'edited.txt', content: 'x\n' } }] },
      { content: [{ type: 'text', text: 'written' }] },
    ]);
    let modeSet!: () => void;
    const ready = new Promise<void>((resolve) => (modeSet = resolve));
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      await ready;
      yield userMessage('write the file');
    }
    const asked: string[] = [];
    const run = query({
      prompt: prompts(),
      options: sdkOptions(s, {
        canUseTool: async (toolName) => {
          asked.push(toolName);
          return { behavior: 'deny', message: 'no' };
        },
      }),
    });
    const collected = collect(run);
    await run.setPermissionMode('acceptEdits');
    modeSet();
    const messages = await collected;
    expect(asked).toEqual([]);
    expect(existsSync(join(s.world.repo, 'edited.txt'))).toBe(true);
    const init = messages.find((message) => message.type === 'system' && message.subtype === 'init');
    expect(init).toMatchObject({ permissionMode: 'acceptEdits' });
  });

  it('runs streamed user messages as turns in order', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'first answer' }] },
      { content: [{ type: 'text', text: 'second answer' }] },
    ]);
    async function* prompts(): AsyncGenerator<SDKUserMessage> {
      yield userMessage('first question');
      yield userMessage('second question');
    }
    const run = await runSdkQuery(s, prompts());
    expect(resultsOf(run.messages).map((result) => (result.subtype === 'success' ? result.result : ''))).toEqual([
      'first answer',
      'second answer',
    ]);
    const second = JSON.stringify(s.mock.requests[1]?.body.messages);
    expect(second).toContain('first question');
    expect(second).toContain('first answer');
    expect(second).toContain('second question');
  });

  it('resumes a session by id', async () => {
    const s = await scenario([
      { content: [{ type: 'text', text: 'The code word is MANGO.' }] },
      { content: [{ type: 'text', text: 'It was MANGO.' }] },
    ]);
    const first = await runSdkQuery(s, 'remember MANGO');
    const sessionId = resultsOf(first.messages)[0]?.session_id;
    expect(sessionId).toBeTruthy();
    const second = await runSdkQuery(s, 'what was the code word?', { resume: sessionId });
    expect(resultsOf(second.messages)[0]).toMatchObject({ subtype: 'success', session_id: sessionId });
    const sent = JSON.stringify(s.mock.requests[1]?.body.messages);
    expect(sent).toContain('remember MANGO');
    expect(sent).toContain('The code word is MANGO.');
    expect(s.mock.pairingErrors).toEqual([]);
  });

  it('streams partial messages with includePartialMessages', async () => {
    const s = await scenario([{ content: [{ type: 'text', text: 'partial pieces' }] }]);
    const run = await runSdkQuery(s, 'stream please', { includePartialMessages: true });
    const events = run.messages.filter((message) => message.type === 'stream_event');
    expect(events.length).toBeGreaterThan(2);
    expect(events.map((message) => (message.type === 'stream_event' ? message.event.type : ''))).toContain('message_stop');
    expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: 'success', result: 'partial pieces' });
  });
});
