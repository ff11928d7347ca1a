// A command's turn runs with its own extras: `allowed-tools` become session allow rules and
// `model` replaces the model, for that turn only. The session's context is left untouched.
import type { ToolUseContext } from '../tools/Tool.js';
import type { PermissionRule } from '../types/permissions.js';
import type { PromptTurn } from './promptInput.js';

export function contextForTurn(base: ToolUseContext, turn: Pick<PromptTurn, 'allowedRules' | 'model'>): ToolUseContext {
  if (turn.allowedRules.length === 0 && turn.model === undefined) return base;
  const extra: PermissionRule[] = turn.allowedRules.map((rule) => ({ ...rule, behavior: 'allow', source: 'command' }));
  return {
    ...base,
    getPermissionContext: () => {
      const permissions = base.getPermissionContext();
      return extra.length === 0 ? permissions : { ...permissions, rules: [...permissions.rules, ...extra] };
    },
    options: turn.model === undefined ? base.options : { ...base.options, model: turn.model },
  };
}
