// The PreCompact seam: compaction (manual `/compact` or automatic) asks here first. A hook that
// blocks (exit 2, or `decision: "block"`) or says `continue: false` keeps the history as it is.
import { hookCallSite, hookNotices } from '../tools/execution/toolHooks.js';
import type { ToolUseContext } from '../tools/Tool.js';
import type { SystemMessage } from '../types/messages.js';

export type PreCompactVerdict = {
  proceed: boolean;
  /** Why compaction was skipped, when it was. */
  reason?: string;
  /** Hook warnings and failures for the person. */
  notices: SystemMessage[];
};

export async function runPreCompactHooks(
  context: ToolUseContext,
  trigger: 'manual' | 'auto',
  customInstructions: string | null,
  uuid: () => string,
): Promise<PreCompactVerdict> {
  const hooks = context.hooks;
  if (!hooks?.has('PreCompact')) return { proceed: true, notices: [] };
  const result = await hooks.simple('PreCompact', { trigger, custom_instructions: customInstructions }, hookCallSite(context));
  const notices = hookNotices('PreCompact', result, uuid);
  const reasons = [...result.blockingErrors, ...(result.preventContinuation ? [result.stopReason ?? 'a PreCompact hook stopped compaction'] : [])];
  if (reasons.length === 0) return { proceed: true, notices };
  return { proceed: false, reason: reasons.join('\n'), notices };
}
