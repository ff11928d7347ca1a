// The PreCompact hook seam, shared by auto, reactive and manual compaction: hooks run once a
// compaction has been decided on, may add instructions for the summary (their output) or block
// it (exit 2 / `decision: "block"`), and what they print for the user comes back as notices.
import type { PreCompactDecision } from '../compact/autoCompact.js';
import type { CompactTrigger } from '../compact/compactConversation.js';
import type { ToolUseContext } from '../tools/Tool.js';
import { hookNotices } from '../tools/execution/toolHooks.js';
import type { SystemMessage } from '../types/messages.js';
import { createSystemMessage } from '../utils/messages.js';

export type PreCompactOutcome = { decision: PreCompactDecision; notices: SystemMessage[] };

export async function runPreCompactHooks(
  context: ToolUseContext,
  trigger: CompactTrigger,
  customInstructions: string | undefined,
  uuid: () => string,
): Promise<PreCompactOutcome> {
  const base: PreCompactDecision = { proceed: true, ...(customInstructions ? { customInstructions } : {}) };
  const hooks = context.hooks;
  if (!hooks?.has('PreCompact')) return { decision: base, notices: [] };
  const result = await hooks.simple(
    'PreCompact',
    { trigger, custom_instructions: customInstructions ?? null },
    {
      cwd: context.getCwd(),
      permissionMode: context.getPermissionContext().mode,
      signal: context.abortSignal,
      ...(context.agentId ? { agentId: context.agentId } : {}),
    },
  );
  const notices = hookNotices('PreCompact', result, uuid);
  if (result.blockingErrors.length > 0 || result.preventContinuation) {
    const reason = result.blockingErrors.join('\n') || result.stopReason || 'no reason given';
    notices.push(createSystemMessage('warning', `A PreCompact hook blocked compaction: ${reason}`, undefined, uuid()));
    return { decision: { proceed: false }, notices };
  }
  const instructions = [customInstructions, ...result.additionalContext].filter((text) => text?.trim()).join('\n\n');
  return { decision: { proceed: true, ...(instructions ? { customInstructions: instructions } : {}) }, notices };
}
