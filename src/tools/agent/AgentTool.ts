// The Agent tool (alias Task): hands a task to a sub-agent and returns its final report. It
// never imports the loop: the caller puts `runSubagent` into the tool context. While the
// sub-agent works, its latest tool call is reported as progress.
import type { SubagentActivity, Tool, ToolProgress, ToolUseContext, ValidationResult } from '../Tool.js';
import { agentPrompt } from './prompt.js';
import { agentInputSchema, type AgentInput, type AgentListing, type AgentOutput, type AgentProgress } from './schema.js';

export const AGENT_TOOL_NAME = 'Agent';
const DEFAULT_AGENT_TYPE = 'general-purpose';

export const SUBAGENTS_UNAVAILABLE = 'sub-agents are not available here; do the work with your other tools.';

/** Follows the parent's abort signal and can be aborted on its own when the call is abandoned. */
function linkedAbort(parent: AbortSignal): { signal: AbortSignal; abort: () => void; unlink: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    unlink: () => parent.removeEventListener('abort', onAbort),
  };
}

/** Hands out the latest activity, waiting for the next one when there is nothing new. */
class ActivityFeed {
  private latest: SubagentActivity | undefined;
  private fresh = false;
  private wake: (() => void) | undefined;

  readonly push = (activity: SubagentActivity): void => {
    this.latest = activity;
    this.fresh = true;
    this.wake?.();
  };

  get last(): SubagentActivity | undefined {
    return this.latest;
  }

  async next(): Promise<SubagentActivity> {
    if (!this.fresh) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    this.fresh = false;
    return this.latest as SubagentActivity;
  }
}

function progressOf(activity: SubagentActivity): ToolProgress {
  const data: AgentProgress = { type: 'agent_progress', ...activity };
  return { data };
}

export type AgentToolOptions = {
  /** Read each time, so the prompt and validation see the session's current definitions. */
  agents: () => readonly AgentListing[];
};

export function createAgentTool(options: AgentToolOptions): Tool<typeof agentInputSchema, AgentOutput> {
  const validate = async (input: AgentInput): Promise<ValidationResult> => {
    if (input.subagent_type === undefined || input.subagent_type.trim() === '') return { ok: true };
    const wanted = input.subagent_type.trim().toLowerCase();
    const names = options.agents().map((agent) => agent.name);
    if (names.some((name) => name.toLowerCase() === wanted)) return { ok: true };
    return { ok: false, message: `No agent type "${input.subagent_type}". Available types: ${names.join(', ')}.` };
  };

  return {
    name: AGENT_TOOL_NAME,
    aliases: ['Task'],
    inputSchema: agentInputSchema,
    maxResultSizeChars: 100_000,
    description: () => 'Hand a task to a sub-agent and get its report back',
    prompt: () => agentPrompt(options.agents()),
    isEnabled: () => true,
    // It changes nothing itself: every call its sub-agent makes goes through permissions on its own.
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => AGENT_TOOL_NAME,
    describeUse: (input) => input.description ?? '',
    summarizeResult: (output) => `Done (${output.toolUseCount} tool use${output.toolUseCount === 1 ? '' : 's'})`,
    checkPermissions: async () => ({ behavior: 'allow', reason: 'Sub-agent calls are checked one by one' }),
    validateInput: validate,

    async *call(input, ctx: ToolUseContext) {
      const runSubagent = ctx.runSubagent;
      if (!runSubagent) throw new Error(SUBAGENTS_UNAVAILABLE);
      const abort = linkedAbort(ctx.abortSignal);
      const feed = new ActivityFeed();
      let settled = false;
      const finished = runSubagent(
        {
          description: input.description,
          prompt: input.prompt,
          ...(input.subagent_type ? { subagentType: input.subagent_type } : {}),
          ...(input.model ? { model: input.model } : {}),
          toolUseId: ctx.toolUseId ?? '',
          onActivity: feed.push,
        },
        { ...ctx, abortSignal: abort.signal },
      ).finally(() => {
        settled = true;
      });
      const outcome = finished.then((result) => ({ done: true as const, result }));
      try {
        for (;;) {
          const next = await Promise.race([outcome, feed.next().then((activity) => ({ done: false as const, activity }))]);
          if (next.done) {
            const last = feed.last;
            return {
              data: {
                agentType: last?.agentType ?? input.subagent_type ?? DEFAULT_AGENT_TYPE,
                description: input.description,
                result: next.result,
                toolUseCount: last?.toolUseCount ?? 0,
              },
            };
          }
          yield progressOf(next.activity);
        }
      } finally {
        // Reached early only when the caller abandons the call: the sub-agent must not outlive it.
        if (!settled) abort.abort();
        abort.unlink();
      }
    },

    toResultBlock: (output, toolUseId) => ({
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: output.result,
    }),
  };
}
