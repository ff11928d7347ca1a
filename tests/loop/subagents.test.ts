// Sub-agents against the mock Messages API: the Agent tool starts a nested query() through the
// runner in the tool context. The mock routes each request by its system prompt, since
// sub-conversations interleave on the one server.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AgentDefinition } from '../../src/agents/definition.js';
import { BUILTIN_AGENTS } from '../../src/agents/builtins.js';
import { createSubagentRunner, type SidechainWriter } from '../../src/agents/runSubagent.js';
import { createCallModel } from '../../src/api/callModel.js';
import { createClient } from '../../src/api/client.js';
import type { HookRunner } from '../../src/hooks/hookRunner.js';
import type { CanUseToolFn } from '../../src/query/deps.js';
import { noAutocompaction, noMicrocompaction } from '../../src/query/deps.js';
import { session } from '../../src/state/session.js';
import { createAgentTool } from '../../src/tools/agent/AgentTool.js';
import { BashTool } from '../../src/tools/bash/BashTool.js';
import { FILE_TOOLS } from '../../src/tools/fileTools.js';
import type { AnyTool, ToolUseContext } from '../../src/tools/Tool.js';
import type { LoopEvent, Message } from '../../src/types/messages.js';
import { expectValidConversation, historyFrom } from '../support/conversation.js';
import { startMockAnthropic, type MockAnthropic, type MockTurn, type RecordedRequest } from '../support/mockAnthropic.js';
import { makeToolContext } from '../support/toolContext.js';
import { fakeTool, TEST_MODEL } from './harness.js';
import { runAgainstMock } from './mockHarness.js';

const PARENT_PROMPT = 'You are the parent agent in a test.';

let root: string;
let mock: MockAnthropic | undefined;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pulse-subagents-')));
});

afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await rm(root, { recursive: true, force: true });
});

function agent(name: string, systemPrompt: string, extra: Partial<AgentDefinition> = {}): AgentDefinition {
  return { name, description: `The ${name} test agent`, systemPrompt, source: 'project', ...extra };
}

function systemText(req: RecordedRequest): string {
  const system = req.body.system;
  if (typeof system === 'string') return system;
  return (system ?? []).map((block) => block.text).join('\n');
}

function toolNames(req: RecordedRequest): string[] {
  return (req.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : ''));
}

/** The tool_result blocks in the request's last message. */
function lastToolResults(req: RecordedRequest): Array<{ tool_use_id: string; content?: unknown; is_error?: boolean }> {
  const last = req.body.messages?.at(-1);
  if (!last || typeof last.content === 'string') return [];
  return last.content.filter((block) => block.type === 'tool_result') as Array<{
    tool_use_id: string;
    content?: unknown;
    is_error?: boolean;
  }>;
}

function hasToolResult(req: RecordedRequest): boolean {
  return (req.body.messages ?? []).some(
    (message) => typeof message.content !== 'string' && message.content.some((block) => block.type === 'tool_result'),
  );
}

/** Collects each sub-agent's events, as the session's sidechain transcript would. */
function sidechains() {
  const logs = new Map<string, { agentType: string; events: LoopEvent[]; closed: boolean }>();
  const open = (agentId: string, agentType: string): SidechainWriter => {
    const log = { agentType, events: [] as LoopEvent[], closed: false };
    logs.set(agentId, log);
    return { path: join(root, `agent-${agentId}.jsonl`), append: (event) => log.events.push(event), close: () => (log.closed = true) };
  };
  const historyOf = (agentType: string): Message[] => {
    const log = [...logs.values()].find((entry) => entry.agentType === agentType);
    return historyFrom([], log?.events ?? []);
  };
  return { logs, open, historyOf };
}

type Setup = {
  agents: AgentDefinition[];
  pool: AnyTool[];
  maxBudgetUsd?: number;
  context?: Partial<ToolUseContext>;
};

function parentContext(setup: Setup, logs: ReturnType<typeof sidechains>, server: MockAnthropic): ToolUseContext {
  const client = createClient({ baseURL: server.url, apiKey: 'sk-test' });
  const runSubagent = createSubagentRunner({
    agents: () => setup.agents,
    tools: () => setup.pool,
    openSidechain: logs.open,
    ...(setup.maxBudgetUsd !== undefined ? { maxBudgetUsd: setup.maxBudgetUsd } : {}),
    deps: { callModel: createCallModel(() => client), microcompact: noMicrocompaction, autocompact: noAutocompaction },
  });
  return makeToolContext(root, {
    options: { model: TEST_MODEL, isNonInteractive: true, verbose: false, env: {} },
    runSubagent,
    ...setup.context,
  });
}

function agentTool(agents: readonly AgentDefinition[]): AnyTool {
  return createAgentTool({ agents: () => agents });
}

function agentCall(id: string, subagentType: string, prompt: string) {
  return { type: 'tool_use' as const, id, name: 'Agent', input: { description: `Run ${subagentType}`, prompt, subagent_type: subagentType } };
}

/** Resolves once `check` has seen a request it accepts. */
function requestSeen() {
  let resolve: () => void = () => {};
  const seen = new Promise<void>((done) => (resolve = done));
  return { seen, mark: resolve };
}

describe('sub-agents', () => {
  it('runs two sub-agents in parallel, each with its own conversation and tools', async () => {
    const alphaStarted = requestSeen();
    const betaStarted = requestSeen();
    // Each sub-agent's first tool waits until the other sub-agent has sent its first request,
    // which can only finish if both run at the same time.
    const gate = fakeTool({
      name: 'Gate',
      safe: true,
      inputSchema: z.object({ wait_for: z.enum(['alpha', 'beta']) }),
      run: async function* (input) {
        await (input.wait_for === 'alpha' ? alphaStarted.seen : betaStarted.seen);
        return { data: `${input.wait_for} is running too` };
      },
    });
    const [read, , , glob] = FILE_TOOLS;
    const agents = [
      agent('alpha', 'You are the alpha sub-agent.', { tools: ['Gate', 'Read'] }),
      agent('beta', 'You are the beta sub-agent.', { tools: ['Gate', 'Glob'] }),
    ];
    const route = (req: RecordedRequest): MockTurn => {
      const system = systemText(req);
      if (system.includes('You are the alpha sub-agent.')) {
        alphaStarted.mark();
        if (!hasToolResult(req)) return { content: [{ type: 'tool_use', name: 'Gate', input: { wait_for: 'beta' } }] };
        return { content: [{ type: 'text', text: 'Alpha report: alpha.txt says hello.' }] };
      }
      if (system.includes('You are the beta sub-agent.')) {
        betaStarted.mark();
        if (!hasToolResult(req)) return { content: [{ type: 'tool_use', name: 'Gate', input: { wait_for: 'alpha' } }] };
        return { content: [{ type: 'text', text: 'Beta report: nothing to add.' }] };
      }
      if (!hasToolResult(req)) {
        return { content: [agentCall('toolu_alpha', 'alpha', 'Look at alpha.'), agentCall('toolu_beta', 'beta', 'Look at beta.')] };
      }
      return { content: [{ type: 'text', text: 'Both sub-agents reported.' }] };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const logs = sidechains();
    const pool = [agentTool(agents), read, glob, gate] as AnyTool[];
    const context = parentContext({ agents, pool }, logs, mock);

    const run = await runAgainstMock(mock, { systemPrompt: [PARENT_PROMPT], tools: pool, context });

    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(mock.pairingErrors).toEqual([]);
    const kinds = mock.requests.map((req) => {
      const system = systemText(req);
      const who = system.includes('alpha sub-agent') ? 'alpha' : system.includes('beta sub-agent') ? 'beta' : 'parent';
      return `${who}:${hasToolResult(req) ? 2 : 1}`;
    });
    // Both first requests come before either second one: the conversations interleave.
    expect(kinds[0]).toBe('parent:1');
    expect(kinds.at(-1)).toBe('parent:2');
    expect(kinds.indexOf('alpha:1')).toBeLessThan(kinds.indexOf('beta:2'));
    expect(kinds.indexOf('beta:1')).toBeLessThan(kinds.indexOf('alpha:2'));

    const alphaRequest = mock.requests.find((req) => systemText(req).includes('alpha sub-agent'));
    const betaRequest = mock.requests.find((req) => systemText(req).includes('beta sub-agent'));
    expect(toolNames(alphaRequest as RecordedRequest)).toEqual(['Read', 'Gate']);
    expect(toolNames(betaRequest as RecordedRequest)).toEqual(['Glob', 'Gate']);
    expect(toolNames(mock.requests[0] as RecordedRequest)).toEqual(['Agent', 'Read', 'Glob', 'Gate']);
    // The prompt is the sub-agent's first user message; nothing of the parent's conversation leaks in.
    expect(alphaRequest?.body.messages).toHaveLength(1);
    expect(alphaRequest?.body.messages?.[0]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Look at alpha.' }] });

    const results = lastToolResults(mock.requests.at(-1) as RecordedRequest);
    expect(results.map((result) => [result.tool_use_id, result.content])).toEqual([
      ['toolu_alpha', 'Alpha report: alpha.txt says hello.'],
      ['toolu_beta', 'Beta report: nothing to add.'],
    ]);
    expectValidConversation(run.history);
    for (const name of ['alpha', 'beta']) expectValidConversation(logs.historyOf(name));
    expect([...logs.logs.values()].every((log) => log.closed)).toBe(true);

    const progress = run.events.filter((event) => event.type === 'progress');
    expect(progress.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ type: 'agent_progress', agentType: 'alpha', lastToolUse: 'Gate', toolUseCount: 1 }),
    );
    // Every message of each sub-conversation comes through, in order, under its own Agent call.
    const forwarded = (toolUseID: string) =>
      progress
        .filter((event) => event.toolUseID === toolUseID)
        .map((event) => event.data as { type: string; message?: Message })
        .filter((data) => data.type === 'agent_message')
        .map((data) => data.message as Message);
    for (const [id, name] of [['toolu_alpha', 'alpha'], ['toolu_beta', 'beta']] as const) {
      const messages = forwarded(id);
      expect(messages.map((message) => message.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(messages.map((message) => message.uuid)).toEqual(logs.historyOf(name).map((message) => message.uuid));
    }
  });

  it("passes a sub-agent's permission question to the parent's canUseTool, naming the sub-agent", async () => {
    const target = join(root, 'created.txt');
    const agents = [agent('writer', 'You are the writer sub-agent.')];
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('writer sub-agent')) {
        if (!hasToolResult(req)) {
          return { content: [{ type: 'tool_use', name: 'Write', input: { file_path: target, content: 'new\n' } }] };
        }
        return { content: [{ type: 'text', text: 'The write was refused.' }] };
      }
      if (!hasToolResult(req)) return { content: [agentCall('toolu_w', 'writer', 'Create created.txt.')] };
      return { content: [{ type: 'text', text: 'Done.' }] };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const logs = sidechains();
    const pool = [agentTool(agents), ...FILE_TOOLS] as AnyTool[];
    const canUseTool = vi.fn<CanUseToolFn>(async () => ({ behavior: 'deny', message: 'No new files today.' }));

    const run = await runAgainstMock(mock, {
      systemPrompt: [PARENT_PROMPT],
      tools: pool,
      canUseTool,
      context: parentContext({ agents, pool }, logs, mock),
    });

    expect(run.terminal).toEqual({ reason: 'completed' });
    expect(canUseTool).toHaveBeenCalledTimes(1);
    const ask = canUseTool.mock.calls[0]?.[0];
    expect(ask?.agentName).toBe('writer');
    expect(ask?.tool.name).toBe('Write');
    expect(ask?.input).toMatchObject({ file_path: target });
    expect(ask?.context.agentId).toBeDefined();
    expect(existsSync(target)).toBe(false);
    const childSecond = mock.requests.filter((req) => systemText(req).includes('writer sub-agent'))[1];
    expect(JSON.stringify(lastToolResults(childSecond as RecordedRequest))).toContain('No new files today.');
    expectValidConversation(logs.historyOf('writer'));
  });

  it("ends a running sub-agent when the parent is aborted, answering every tool call", async () => {
    const agents = [agent('sleeper', 'You are the sleeper sub-agent.')];
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('sleeper sub-agent')) {
        return { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'sleep 30' } }] };
      }
      return { content: [agentCall('toolu_s', 'sleeper', 'Wait a while.')] };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const logs = sidechains();
    const pool = [agentTool(agents), BashTool] as AnyTool[];
    const controller = new AbortController();
    const context = parentContext({ agents, pool }, logs, mock);

    const startedAt = Date.now();
    const run = await runAgainstMock(mock, {
      systemPrompt: [PARENT_PROMPT],
      tools: pool,
      context: { ...context, abortSignal: controller.signal },
      onEvent: (event) => {
        const data = event.type === 'progress' ? (event.data as { lastToolUse?: string }) : undefined;
        if (data?.lastToolUse?.includes('sleep 30')) controller.abort();
      },
    });

    expect(run.terminal.reason).toBe('aborted_tools');
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    expectValidConversation(run.history);
    const agentResult = run.history.flatMap((message) =>
      message.type === 'user' && typeof message.message.content !== 'string' ? message.message.content : [],
    );
    expect(agentResult).toContainEqual(expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_s' }));
    const child = logs.historyOf('sleeper');
    expect(child.some((message) => message.type === 'assistant')).toBe(true);
    expectValidConversation(child);
    // Parent and child asked once each: nothing went on after the abort.
    expect(mock.requests).toHaveLength(2);
  });

  it("counts a sub-agent's cost toward the session and stops at the budget", async () => {
    const agents = [agent('spender', 'You are the spender sub-agent.')];
    await writeFile(join(root, 'notes.txt'), 'notes\n');
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('spender sub-agent')) {
        return {
          content: [{ type: 'tool_use', name: 'Read', input: { file_path: join(root, 'notes.txt') } }],
          usage: { input_tokens: 1_000_000, output_tokens: 10 },
        };
      }
      if (!hasToolResult(req)) return { content: [agentCall('toolu_p', 'spender', 'Spend.')], usage: { input_tokens: 100, output_tokens: 10 } };
      return { content: [{ type: 'text', text: 'Over budget now.' }], usage: { input_tokens: 100, output_tokens: 10 } };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const logs = sidechains();
    const pool = [agentTool(agents), ...FILE_TOOLS] as AnyTool[];

    const run = await runAgainstMock(mock, {
      systemPrompt: [PARENT_PROMPT],
      tools: pool,
      maxBudgetUsd: 1,
      context: parentContext({ agents, pool, maxBudgetUsd: 1 }, logs, mock),
    });

    expect(run.terminal).toEqual({ reason: 'max_budget' });
    const usage = session.modelUsage[TEST_MODEL];
    expect(usage?.inputTokens).toBe(1_000_200);
    expect(session.totalCostUSD).toBeGreaterThanOrEqual(3);
    // The sub-agent stopped after its one expensive response instead of reading the file.
    const childRequests = mock.requests.filter((req) => systemText(req).includes('spender sub-agent'));
    expect(childRequests).toHaveLength(1);
    const agentResult = lastToolResults(mock.requests.at(-1) as RecordedRequest)[0];
    expect(String(agentResult?.content)).toContain('spending limit');
    expectValidConversation(logs.historyOf('spender'));
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('notes\n');
  });

  it('runs SubagentStart and SubagentStop hooks: added context, and a stop hook that sends it back once', async () => {
    const agents = [agent('hooked', 'You are the hooked sub-agent.')];
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('hooked sub-agent')) {
        const again = (req.body.messages ?? []).length > 1;
        return { content: [{ type: 'text', text: again ? 'Second answer.' : 'First answer.' }] };
      }
      if (!hasToolResult(req)) return { content: [agentCall('toolu_h', 'hooked', 'Answer.')] };
      return { content: [{ type: 'text', text: 'Done.' }] };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const stopInputs: unknown[] = [];
    const hooks = {
      has: (event: string) => event === 'SubagentStart' || event === 'SubagentStop',
      simple: async () => ({ preventContinuation: false, systemMessages: [], errors: [], blockingErrors: [], additionalContext: ['Remember the hook.'] }),
      subagentStop: async (fields: unknown) => {
        stopInputs.push(fields);
        const blockingErrors = stopInputs.length === 1 ? ['Check your answer again.'] : [];
        return { preventContinuation: false, systemMessages: [], errors: [], blockingErrors };
      },
    } as unknown as HookRunner;
    const logs = sidechains();
    const pool = [agentTool(agents)] as AnyTool[];

    await runAgainstMock(mock, {
      systemPrompt: [PARENT_PROMPT],
      tools: pool,
      context: parentContext({ agents, pool, context: { hooks } }, logs, mock),
    });

    const childRequests = mock.requests.filter((req) => systemText(req).includes('hooked sub-agent'));
    expect(childRequests).toHaveLength(2);
    expect(systemText(childRequests[0] as RecordedRequest)).toContain('Remember the hook.');
    expect(JSON.stringify(childRequests[1]?.body.messages?.at(-1))).toContain('Check your answer again.');
    expect(stopInputs[0]).toMatchObject({ agent_type: 'hooked', stop_hook_active: false, last_assistant_message: 'First answer.' });
    expect(stopInputs[1]).toMatchObject({ stop_hook_active: true });
    expect(lastToolResults(mock.requests.at(-1) as RecordedRequest)[0]?.content).toBe('Second answer.');
  });

  it('gives the built-in Explore agent read-only tools and refuses a changing command', async () => {
    const route = (req: RecordedRequest): MockTurn => {
      if (systemText(req).includes('read-only exploring sub-agent')) {
        if (!hasToolResult(req)) return { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'touch made.txt' } }] };
        return { content: [{ type: 'text', text: 'Could not touch it.' }] };
      }
      if (!hasToolResult(req)) return { content: [agentCall('toolu_e', 'Explore', 'Touch a file.')] };
      return { content: [{ type: 'text', text: 'Done.' }] };
    };
    mock = await startMockAnthropic({ turns: [], fallback: route });
    const logs = sidechains();
    const agents = [...BUILTIN_AGENTS];
    const pool = [agentTool(agents), ...FILE_TOOLS, BashTool] as AnyTool[];

    await runAgainstMock(mock, { systemPrompt: [PARENT_PROMPT], tools: pool, context: parentContext({ agents, pool }, logs, mock) });

    const exploreRequests = mock.requests.filter((req) => systemText(req).includes('read-only exploring sub-agent'));
    expect(toolNames(exploreRequests[0] as RecordedRequest)).toEqual(['Read', 'Glob', 'Grep', 'Bash']);
    expect(JSON.stringify(lastToolResults(exploreRequests[1] as RecordedRequest))).toContain('read-only');
    expect(existsSync(join(root, 'made.txt'))).toBe(false);
  });
});
