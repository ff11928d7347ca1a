// The Agent tool (alias Task): hands a task to a sub-agent and returns its final report. It
// never imports the loop: the caller puts `runSubagent` into the tool context. While the
// sub-agent works, its latest tool call is reported as progress.
import type { SubagentActivity, Tool, ToolProgress, ToolUseContext, ValidationResult } from '../Tool.js';
import { agentPrompt } from './prompt.js';
import type { Message } from '../../types/messages.js';
import {
  agentInputSchema,
  type AgentInput,
  type AgentListing,
  type AgentMessageProgress,
  type AgentOutput,
  type AgentProgress,
} from './schema.js';

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

type ProgressItem = { kind: 'activity'; activity: SubagentActivity } | { kind: 'message'; message: Message };
type FeedItem = ProgressItem | { kind: 'finished'; result: string } | { kind: 'failed'; error: unknown };

/**
 * What the sub-agent reports, in order, ending with its result: every message is kept
 * (stream-json shows each one); activity reports that pile up collapse into the latest.
 */
class ProgressFeed {
  private readonly queue: FeedItem[] = [];
  private latest: SubagentActivity | undefined;
  private wake: (() => void) | undefined;

  readonly pushActivity = (activity: SubagentActivity): void => {
    this.latest = activity;
    const tail = this.queue.at(-1);
    if (tail?.kind === 'activity') tail.activity = activity;
    else this.enqueue({ kind: 'activity', activity });
  };

  readonly pushMessage = (message: Message): void => {
    this.enqueue({ kind: 'message', message });
  };

  readonly finish = (result: string): void => {
    this.enqueue({ kind: 'finished', result });
  };

  readonly fail = (error: unknown): void => {
    this.enqueue({ kind: 'failed', error });
  };

  get last(): SubagentActivity | undefined {
    return this.latest;
  }

  async next(): Promise<FeedItem> {
    if (this.queue.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    return this.queue.shift() as FeedItem;
  }

  private enqueue(item: FeedItem): void {
    this.queue.push(item);
    this.wake?.();
  }
}

function progressOf(item: ProgressItem): ToolProgress {
  if (item.kind === 'message') {
    const data: AgentMessageProgress = { type: 'agent_message', message: item.message };
    return { data };
  }
  const data: AgentProgress = { type: 'agent_progress', ...item.activity };
  return { data };
}

export type AgentToolOptions = {
  /** Read each time, so the prompt and validation see the session's current definitions. */
  agents: () => readonly AgentListing[];
};

export function createAgentTool(options: AgentToolOptions): Tool<ReturnType<typeof agentInputSchema>, AgentOutput> {
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
    get inputSchema() {
      return agentInputSchema();
    },
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
      const feed = new ProgressFeed();
      let settled = false;
      runSubagent(
        {
          description: input.description,
          prompt: input.prompt,
          ...(input.subagent_type ? { subagentType: input.subagent_type } : {}),
          ...(input.model ? { model: input.model } : {}),
          toolUseId: ctx.toolUseId ?? '',
          onActivity: feed.pushActivity,
          onMessage: feed.pushMessage,
        },
        { ...ctx, abortSignal: abort.signal },
      )
        // The ending goes through the feed too, so nothing reported before it is skipped.
        .then(feed.finish, feed.fail)
        .finally(() => {
          settled = true;
        });
      try {
        for (;;) {
          const item = await feed.next();
          if (item.kind === 'failed') throw item.error;
          if (item.kind === 'finished') {
            const last = feed.last;
            return {
              data: {
                agentType: last?.agentType ?? input.subagent_type ?? DEFAULT_AGENT_TYPE,
                description: input.description,
                result: item.result,
                toolUseCount: last?.toolUseCount ?? 0,
              },
            };
          }
          yield progressOf(item);
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
