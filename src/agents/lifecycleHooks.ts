// SubagentStart and SubagentStop, through the session's hook runner when it has one. Start
// hooks may add context to the sub-agent's prompt; a blocking stop hook sends the sub-agent
// back to work with the hook's feedback.
import type { HookRunner } from '../hooks/hookRunner.js';
import type { PermissionMode } from '../types/permissions.js';

export type HookSite = {
  hooks: HookRunner | undefined;
  cwd: string;
  permissionMode: PermissionMode;
  agentId: string;
  agentType: string;
  signal: AbortSignal;
};

function callSite(site: HookSite) {
  return {
    cwd: site.cwd,
    permissionMode: site.permissionMode,
    agentId: site.agentId,
    agentType: site.agentType,
    signal: site.signal,
  };
}

/** Extra context the start hooks asked for, ready to append to the system prompt. */
export async function runStartHooks(site: HookSite): Promise<string[]> {
  if (!site.hooks?.has('SubagentStart')) return [];
  const result = await site.hooks.simple(
    'SubagentStart',
    { agent_id: site.agentId, agent_type: site.agentType },
    callSite(site),
  );
  return result.additionalContext.map((text) => `Context from a SubagentStart hook:\n${text}`);
}

export type StopHookState = { round: number; transcriptPath: string | undefined; lastText: string };

/** The feedback that keeps the sub-agent going, or undefined when it may stop. */
export async function runStopHooks(site: HookSite, state: StopHookState): Promise<string | undefined> {
  if (!site.hooks?.has('SubagentStop')) return undefined;
  const result = await site.hooks.subagentStop(
    {
      stop_hook_active: state.round > 0,
      agent_id: site.agentId,
      agent_type: site.agentType,
      agent_transcript_path: state.transcriptPath ?? '',
      ...(state.lastText ? { last_assistant_message: state.lastText } : {}),
    },
    callSite(site),
  );
  if (result.preventContinuation || result.blockingErrors.length === 0) return undefined;
  return `A SubagentStop hook asked you to keep going:\n${result.blockingErrors.join('\n')}`;
}
