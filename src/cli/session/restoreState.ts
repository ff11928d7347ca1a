// What a resumed session brings back besides its messages: the permission mode, the todo list and
// the cost so far. Flags given on this command line win over what the transcript remembers.
import type { LoadedTranscript } from '../../sessions/index.js';
import { emptyModelUsage, session, type ModelUsage } from '../../state/session.js';
import type { TodoList } from '../../tools/Tool.js';
import type { PermissionMode } from '../../types/permissions.js';

export type RestoreTargets = {
  setPermissionMode: (mode: PermissionMode) => void;
  /** True when --permission-mode or --dangerously-skip-permissions chose the mode. */
  modeChosenByFlag: boolean;
  /** Skipping every permission check is never switched back on by a file alone. */
  allowBypass: boolean;
  todos?: TodoList;
};

function modelUsageFrom(recorded: NonNullable<LoadedTranscript['cost']>['modelUsage']): Record<string, ModelUsage> {
  const usage: Record<string, ModelUsage> = {};
  for (const [model, entry] of Object.entries(recorded)) {
    usage[model] = {
      ...emptyModelUsage(),
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      cacheReadInputTokens: entry.cacheReadInputTokens,
      cacheCreationInputTokens: entry.cacheCreationInputTokens,
      webSearchRequests: entry.webSearchRequests,
      costUSD: entry.costUSD,
    };
  }
  return usage;
}

export function restoreSessionState(loaded: LoadedTranscript, targets: RestoreTargets): void {
  const mode = loaded.mode;
  const modeAllowed = mode !== undefined && (mode !== 'bypassPermissions' || targets.allowBypass);
  if (modeAllowed && !targets.modeChosenByFlag) targets.setPermissionMode(mode);
  if (loaded.todos !== undefined) targets.todos?.set(loaded.todos.map((todo) => ({ ...todo })));
  if (loaded.cost !== undefined) {
    session.totalCostUSD = loaded.cost.totalCostUSD;
    session.modelUsage = modelUsageFrom(loaded.cost.modelUsage);
  }
}
