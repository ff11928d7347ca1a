// Runs one sub-agent: a fresh nested query() with the agent's own prompt, tools, model and
// limits, started and stopped with the SubagentStart/SubagentStop hooks, logged to a sidechain
// transcript. Its final text is what the Agent tool hands back to the parent's model.
import { randomUuid } from '../utils/random.js';
import type { QueryDeps } from '../query/deps.js';
import { query } from '../query/query.js';
import type { Terminal } from '../query/state.js';
import type { AnyTool, SubagentRequest, ToolUseContext } from '../tools/Tool.js';
import type { LoopEvent, Message } from '../types/messages.js';
import { createUserMessage, lastAssistantText } from '../utils/messages.js';
import { ActivityTracker } from './activity.js';
import { askThroughParent, createChildContext, linkedController } from './childContext.js';
import type { AgentDefinition } from './definition.js';
import { runStartHooks, runStopHooks, type HookSite } from './lifecycleHooks.js';
import { agentSystemPrompt } from './systemPrompt.js';
import { toolsForAgent } from './toolSet.js';

export const DEFAULT_AGENT_TYPE = 'general-purpose';
/** How many times SubagentStop hooks may send a finished sub-agent back to work. */
export const MAX_STOP_HOOK_ROUNDS = 3;
export const EMPTY_RESULT = '(The sub-agent finished without writing a final message.)';

export type RunSubagent = (request: SubagentRequest, parent: ToolUseContext) => Promise<string>;

/** Where a sub-agent's conversation is logged; the session's transcript store provides it. */
export type SidechainWriter = {
  readonly path: string | undefined;
  append(event: LoopEvent): void;
  close(): void;
};

export type SubagentRunnerOptions = {
  /** Read at every call, so definitions loaded later are seen. */
  agents: () => readonly AgentDefinition[];
  /** The session's tool pool; each agent takes its tools from it. */
  tools: () => readonly AnyTool[];
  /** Opens the sidechain log for one sub-agent; without it nothing is written. */
  openSidechain?: (agentId: string, agentType: string) => SidechainWriter;
  /** Aliases such as `haiku` to model ids; names pass through without it. */
  resolveModel?: (name: string) => string;
  /** `--max-budget-usd`: the session total (sub-agents included) the sub-agent must stop at. */
  maxBudgetUsd?: number;
  fallbackModel?: string;
  /** Test seam for the nested loop. */
  deps?: Partial<QueryDeps>;
  newAgentId?: () => string;
};

export class UnknownAgentTypeError extends Error {
  constructor(name: string, available: readonly string[]) {
    super(`there is no agent type "${name}"; the available types are: ${available.join(', ')}`);
    this.name = 'UnknownAgentTypeError';
  }
}

export class SubagentInterruptedError extends Error {
  constructor() {
    super('the sub-agent was interrupted before it finished');
    this.name = 'SubagentInterruptedError';
  }
}

export function findAgent(agents: readonly AgentDefinition[], name: string | undefined): AgentDefinition {
  const wanted = name?.trim() || DEFAULT_AGENT_TYPE;
  const agent = agents.find((candidate) => candidate.name === wanted) ??
    agents.find((candidate) => candidate.name.toLowerCase() === wanted.toLowerCase());
  if (!agent) throw new UnknownAgentTypeError(wanted, agents.map((candidate) => candidate.name));
  return agent;
}

/** `inherit` (or nothing) runs on the parent's model; anything else is an alias or an id. */
export function agentModel(choice: string | undefined, parentModel: string, resolve: (name: string) => string): string {
  const trimmed = choice?.trim();
  if (!trimmed || trimmed === 'inherit') return parentModel;
  return resolve(trimmed);
}

const NULL_SIDECHAIN: SidechainWriter = { path: undefined, append: () => {}, close: () => {} };

/** The messages a query run leaves in history: what it yielded, minus what it withdrew. */
async function drive(
  loop: AsyncGenerator<LoopEvent, Terminal>,
  sidechain: SidechainWriter,
  tracker: ActivityTracker,
  onMessage: ((message: Message) => void) | undefined,
): Promise<{ terminal: Terminal; messages: Message[] }> {
  const messages: Message[] = [];
  let step = await loop.next();
  while (!step.done) {
    const event = step.value;
    sidechain.append(event);
    tracker.observe(event);
    if (event.type === 'user' || event.type === 'assistant') onMessage?.(event);
    if (event.type === 'tombstone') {
      const index = messages.findIndex((message) => message.uuid === event.message.uuid);
      if (index !== -1) messages.splice(index, 1);
    } else if (event.type === 'user' || event.type === 'assistant' || event.type === 'system') {
      messages.push(event);
    }
    step = await loop.next();
  }
  return { terminal: step.value, messages };
}

function withNote(text: string, note: string): string {
  return text.trim() === '' ? note : `${text}\n\n${note}`;
}

/** The tool result for a run that ended on its own; throws for endings that are failures. */
export function resultFor(terminal: Terminal, text: string): string {
  switch (terminal.reason) {
    case 'completed':
      return text.trim() === '' ? EMPTY_RESULT : text;
    case 'max_turns':
      return withNote(text, `(The sub-agent stopped at its limit of ${terminal.turnCount} turns before finishing.)`);
    case 'max_budget':
      return withNote(text, '(The sub-agent stopped: the session reached its spending limit.)');
    case 'stop_hook_prevented':
    case 'hook_stopped':
      return withNote(text, '(The sub-agent was stopped by a hook.)');
    case 'aborted_streaming':
    case 'aborted_tools':
      throw new SubagentInterruptedError();
    case 'model_error': {
      const reason = terminal.error instanceof Error ? terminal.error.message : String(terminal.error);
      throw new Error(`the sub-agent's model request failed: ${reason}`);
    }
    case 'prompt_too_long':
    case 'blocking_limit':
      throw new Error('the sub-agent\'s conversation grew too long for the model\'s context window');    case 'refusal':
      throw new Error("a safety classifier stopped the sub-agent's responses twice in a row");
  }
}

export function createSubagentRunner(options: SubagentRunnerOptions): RunSubagent {
  const resolve = options.resolveModel ?? ((name: string) => name);
  return async (request, parent) => {
    const agent = findAgent(options.agents(), request.subagentType);
    const agentId = options.newAgentId?.() ?? randomUuid();
    const model = agentModel(request.model ?? agent.model, parent.options.model, resolve);
    const { controller, unlink } = linkedController(parent.abortSignal);
    const context = createChildContext({ parent, agent, agentId, model, abortSignal: controller.signal });
    const tools = toolsForAgent(agent, options.tools());
    const tracker = new ActivityTracker({ agentType: agent.name, description: request.description }, tools, request.onActivity);
    const sidechain = options.openSidechain?.(agentId, agent.name) ?? NULL_SIDECHAIN;
    const site: HookSite = {
      hooks: context.hooks,
      cwd: context.getCwd(),
      permissionMode: context.getPermissionContext().mode,
      agentId,
      agentType: agent.name,
      signal: controller.signal,
    };
    try {
      tracker.emit();
      const hookContext = await runStartHooks(site);
      const systemPrompt = [...agentSystemPrompt(agent, { cwd: context.getCwd(), model }), ...hookContext];
      const first = createUserMessage({ content: request.prompt });
      sidechain.append(first);
      request.onMessage?.(first);
      let messages: Message[] = [first];
      for (let round = 0; ; round += 1) {
        const run = await drive(
          query({
            messages,
            systemPrompt,
            tools,
            canUseTool: askThroughParent(parent, agent.name),
            context,
            source: `agent:${agent.name}`,
            ...(agent.maxTurns !== undefined ? { maxTurns: agent.maxTurns } : {}),
            ...(options.maxBudgetUsd !== undefined ? { maxBudgetUsd: options.maxBudgetUsd } : {}),
            ...(options.fallbackModel !== undefined ? { fallbackModel: options.fallbackModel } : {}),
            ...(options.deps ? { deps: options.deps } : {}),
          }),
          sidechain,
          tracker,
          request.onMessage,
        );
        messages = [...messages, ...run.messages];
        if (controller.signal.aborted) throw new SubagentInterruptedError();
        const text = lastAssistantText(messages);
        if (run.terminal.reason !== 'completed' || round >= MAX_STOP_HOOK_ROUNDS) return resultFor(run.terminal, text);
        const feedback = await runStopHooks(site, { round, transcriptPath: sidechain.path, lastText: text });
        if (feedback === undefined) return resultFor(run.terminal, text);
        const nudge = createUserMessage({ content: feedback, isMeta: true });
        sidechain.append(nudge);
        request.onMessage?.(nudge);
        messages = [...messages, nudge];
      }
    } finally {
      unlink();
      sidechain.close();
    }
  };
}
