// The SDK protocol's pieces on their own: stdin line checking, request/response correlation both
// ways, host requests (including unknown ones) and host hook callbacks voting with command hooks.
import { describe, expect, it } from 'vitest';
import { ControlChannel, ControlRequestError } from '../../../../src/cli/sdk/controlChannel.js';
import { answerHostRequest, type HostRequestTarget } from '../../../../src/cli/sdk/hostRequests.js';
import { parseInputLine } from '../../../../src/cli/sdk/inputLines.js';
import { createSdkPermissionPrompt } from '../../../../src/cli/sdk/permissionPrompt.js';
import { SdkHookRegistry, withSdkHooks } from '../../../../src/cli/sdk/sdkHooks.js';
import type { LineWriter } from '../../../../src/cli/print/output.js';
import { createHookRunner } from '../../../../src/hooks/hookRunner.js';
import { parsePermissionUpdates } from '../../../../src/permissions/updateSchema.js';
import type { AnyTool, ToolUseContext } from '../../../../src/tools/Tool.js';
import type { PermissionMode } from '../../../../src/types/permissions.js';

function recordingWriter(): LineWriter & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    line: (text) => lines.push(JSON.parse(text) as Record<string, unknown>),
    json: (value) => lines.push(value as Record<string, unknown>),
    closed: false,
  };
}

function lastRequestId(writer: { lines: Array<Record<string, unknown>> }): string {
  return String(writer.lines.at(-1)?.request_id);
}

describe('stdin lines', () => {
  it('accepts the SDK shapes and explains what is wrong with the rest', () => {
    expect(parseInputLine('{"type":"user","message":{"role":"user","content":"hi"},"parent_tool_use_id":null}')).toMatchObject({ ok: true });
    expect(parseInputLine('{"type":"keep_alive"}')).toMatchObject({ ok: true });
    expect(parseInputLine('{"type":"update_environment_variables","variables":{"A":"1"}}')).toMatchObject({ ok: true });
    expect(parseInputLine('{"type":"control_request","request_id":"r","request":{"subtype":"interrupt"}}')).toMatchObject({ ok: true });
    expect(parseInputLine('{oops')).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(parseInputLine('[1,2]')).toMatchObject({ ok: false, error: expect.stringMatching(/unknown "type"/) });
    expect(parseInputLine('{"type":"user","message":{"role":"assistant","content":"x"}}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/message\.role/),
    });
    expect(parseInputLine('{"type":"control_request","request":{"subtype":"x"}}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/request_id/),
    });
  });
});

describe('ControlChannel', () => {
  it('correlates responses by request_id, in any order', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const first = channel.request({ subtype: 'can_use_tool', tool_name: 'A' });
    const firstId = lastRequestId(writer);
    const second = channel.request({ subtype: 'can_use_tool', tool_name: 'B' });
    const secondId = lastRequestId(writer);
    channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: secondId, response: { n: 2 } } });
    channel.receive({ type: 'control_response', response: { subtype: 'error', request_id: firstId, error: 'nope' } });
    await expect(second).resolves.toEqual({ n: 2 });
    await expect(first).rejects.toThrow('nope');
  });

  it('cancels with control_cancel_request and fails everything once the host is gone', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const controller = new AbortController();
    const cancelled = channel.request({ subtype: 'hook_callback' }, controller.signal);
    const id = lastRequestId(writer);
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(ControlRequestError);
    expect(writer.lines.at(-1)).toEqual({ type: 'control_cancel_request', request_id: id });
    const waiting = channel.request({ subtype: 'can_use_tool' });
    channel.close('stdin closed');
    await expect(waiting).rejects.toThrow('stdin closed');
    await expect(channel.request({ subtype: 'can_use_tool' })).rejects.toThrow('stdin closed');
  });
});

function target(overrides: Partial<HostRequestTarget> = {}): HostRequestTarget & { modes: PermissionMode[]; interrupted: number } {
  const state = { modes: [] as PermissionMode[], interrupted: 0 };
  return Object.assign(state, {
    initialize: async () => ({ commands: [] }),
    interrupt: () => void (state.interrupted += 1),
    setPermissionMode: (mode: PermissionMode) => void state.modes.push(mode),
    setModel: () => undefined,
    setMaxThinkingTokens: () => undefined,
    contextUsage: async () => ({ totalTokens: 1 }),
    mcpStatus: () => ({ mcpServers: [{ name: 'docs', status: 'failed', error: 'exited with code 1', tools: [] }] }),
    ...overrides,
  });
}

describe('host requests', () => {
  it('answers known subtypes and errors on unknown or malformed ones', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const host = target();
    const ask = (request_id: string, request: Record<string, unknown>) =>
      answerHostRequest({ type: 'control_request', request_id, request: { subtype: String(request.subtype), ...request } }, host, channel);
    await ask('a', { subtype: 'interrupt' });
    await ask('b', { subtype: 'set_permission_mode', mode: 'plan' });
    await ask('c', { subtype: 'set_permission_mode', mode: 'sideways' });
    await ask('d', { subtype: 'mcp_status' });
    await ask('e', { subtype: 'rewind_the_universe' });
    expect(host.interrupted).toBe(1);
    expect(host.modes).toEqual(['plan']);
    const byId = Object.fromEntries(writer.lines.map((line) => [(line.response as { request_id: string }).request_id, line.response]));
    expect(byId.a).toMatchObject({ subtype: 'success' });
    expect(byId.c).toMatchObject({ subtype: 'error', error: expect.stringMatching(/mode/) });
    expect(byId.d).toMatchObject({ subtype: 'success', response: { mcpServers: [{ name: 'docs', status: 'failed' }] } });
    expect(byId.e).toMatchObject({ subtype: 'error', error: expect.stringMatching(/does not support/) });
  });

  it('turns a thrown error into an error response', async () => {
    const writer = recordingWriter();
    const host = target({ setPermissionMode: () => {
      throw new Error('not allowed here');
    } });
    await answerHostRequest(
      { type: 'control_request', request_id: 'x', request: { subtype: 'set_permission_mode', mode: 'bypassPermissions' } },
      host,
      new ControlChannel(writer),
    );
    expect(writer.lines[0]).toMatchObject({ response: { subtype: 'error', request_id: 'x', error: 'not allowed here' } });
  });
});

const fakeTool = { name: 'Bash', userFacingName: () => 'Bash', describeUse: () => 'ls' } as unknown as AnyTool;

describe('can_use_tool', () => {
  it('sends the question and reads allow with updated input, or deny with interrupt', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const ask = createSdkPermissionPrompt(channel, parsePermissionUpdates);
    const context = { abortSignal: new AbortController().signal } as ToolUseContext;
    const decision = { behavior: 'ask' as const, message: 'ok?', blockedPath: '/etc/x', suggestions: [] };
    const allowed = ask({ tool: fakeTool, input: { command: 'ls' }, toolUseId: 'toolu_1', context, decision });
    expect(writer.lines.at(-1)).toMatchObject({
      type: 'control_request',
      request: { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' }, tool_use_id: 'toolu_1', blocked_path: '/etc/x' },
    });
    channel.receive({
      type: 'control_response',
      response: { subtype: 'success', request_id: lastRequestId(writer), response: { behavior: 'allow', updatedInput: { command: 'ls -l' } } },
    });
    await expect(allowed).resolves.toEqual({ behavior: 'allow', updatedInput: { command: 'ls -l' } });

    const denied = ask({ tool: fakeTool, input: {}, toolUseId: 'toolu_2', context, decision });
    channel.receive({
      type: 'control_response',
      response: { subtype: 'success', request_id: lastRequestId(writer), response: { behavior: 'deny', message: 'no', interrupt: true } },
    });
    await expect(denied).resolves.toEqual({ behavior: 'deny', message: 'no', interrupt: true });

    const garbled = ask({ tool: fakeTool, input: {}, toolUseId: 'toolu_3', context, decision });
    channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: lastRequestId(writer), response: { maybe: 1 } } });
    await expect(garbled).resolves.toMatchObject({ behavior: 'deny' });
  });
});

describe('SDK hook callbacks', () => {
  it('calls matching callbacks with the hook input and folds their answers', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const registry = new SdkHookRegistry();
    const ignored = registry.register({
      PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }, { matcher: 'Read', hookCallbackIds: ['hook_1'] }],
      Notification: [{ hookCallbackIds: ['hook_2'] }],
      PostCompact: [{ hookCallbackIds: ['hook_3'] }],
    });
    // Every event Pulse has is called; only events it does not have are left out.
    expect(ignored).toEqual(['PostCompact']);
    expect(registry.has('Notification')).toBe(true);
    const hooks = withSdkHooks(undefined, registry, channel, { sessionId: () => 's', transcriptPath: () => '/t.jsonl' });
    expect(hooks.has('PreToolUse')).toBe(true);
    const verdict = hooks.preToolUse({ tool_name: 'Bash', tool_input: { command: 'rm -rf x' }, tool_use_id: 'toolu_9' }, { cwd: '/w' });
    await Promise.resolve();
    const request = writer.lines.at(-1) as { request_id: string; request: Record<string, unknown> };
    expect(request.request).toMatchObject({
      subtype: 'hook_callback',
      callback_id: 'hook_0',
      tool_use_id: 'toolu_9',
      input: { hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Bash', cwd: '/w' },
    });
    channel.receive({
      type: 'control_response',
      response: { subtype: 'success', request_id: request.request_id, response: { decision: 'block', reason: 'too risky' } },
    });
    await expect(verdict).resolves.toMatchObject({ decision: 'deny', blockingMessage: expect.stringContaining('too risky') });
    const other = await hooks.preToolUse({ tool_name: 'Glob', tool_input: {}, tool_use_id: 'toolu_10' }, { cwd: '/w' });
    expect(other.decision).toBeUndefined();
  });

  it('treats an unreadable answer as a hook error, not a decision', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const registry = new SdkHookRegistry();
    registry.register({ PreToolUse: [{ hookCallbackIds: ['hook_0'] }] });
    const inner = createHookRunner({ config: {}, sessionId: () => 's', transcriptPath: () => '', projectDir: '/w' });
    const hooks = withSdkHooks(inner, registry, channel, { sessionId: () => 's', transcriptPath: () => '' });
    const verdict = hooks.preToolUse({ tool_name: 'Bash', tool_input: {}, tool_use_id: 't' }, { cwd: '/w' });
    await Promise.resolve();
    channel.receive({
      type: 'control_response',
      response: { subtype: 'success', request_id: lastRequestId(writer), response: { continue: 'maybe' } },
    });
    const result = await verdict;
    expect(result.decision).toBeUndefined();
    expect(result.errors.join('\n')).toMatch(/not hook JSON/);
  });

  it('folds host callbacks and command hooks together for every event: a callback block on Stop, a callback deny over a command allow', async () => {
    const writer = recordingWriter();
    const channel = new ControlChannel(writer);
    const registry = new SdkHookRegistry();
    registry.register({ Stop: [{ hookCallbackIds: ['stop_cb'] }], PreToolUse: [{ hookCallbackIds: ['pre_cb'] }] });
    const allow = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const inner = createHookRunner({
      config: {
        Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
        PreToolUse: [{ hooks: [{ type: 'command', command: `printf '%s' '${allow}'` }] }],
      },
      sessionId: () => 's',
      transcriptPath: () => '',
      projectDir: process.cwd(),
    });
    const hooks = withSdkHooks(inner, registry, channel, { sessionId: () => 's', transcriptPath: () => '' });
    const answer = (response: Record<string, unknown>) => {
      const id = lastRequestId(writer);
      channel.receive({ type: 'control_response', response: { subtype: 'success', request_id: id, response } });
    };
    const waitForRequest = async (count: number) => {
      while (writer.lines.length < count) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    const stopped = hooks.stop({ stop_hook_active: false }, { cwd: process.cwd() });
    await waitForRequest(1);
    expect(writer.lines[0]).toMatchObject({ request: { subtype: 'hook_callback', callback_id: 'stop_cb', input: { hook_event_name: 'Stop' } } });
    answer({ decision: 'block', reason: 'tests are still red' });
    expect((await stopped).blockingErrors).toEqual(['[SDK hook stop_cb]: tests are still red']);

    const verdict = hooks.preToolUse({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 't' }, { cwd: process.cwd() });
    await waitForRequest(2);
    answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'not today' } });
    await expect(verdict).resolves.toMatchObject({ decision: 'deny', reason: 'not today' });
  });
});
