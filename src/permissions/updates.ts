// Pure changes to the permission context ("don't ask again", mode switches, /add-dir) and the
// starting mode from the command line.
import type { PermissionMode, PermissionUpdate, ToolPermissionContext } from '../types/permissions.js';
import { PERMISSION_MODES } from '../types/permissions.js';
import { resolveRealPath } from './paths.js';
import { formatRule } from './rules.js';

export function applyPermissionUpdate(ctx: ToolPermissionContext, update: PermissionUpdate): ToolPermissionContext {
  switch (update.type) {
    case 'addRules': {
      const added = update.rules.map((rule) => ({ ...rule, behavior: update.behavior, source: update.destination }));
      return { ...ctx, rules: [...ctx.rules, ...added] };
    }
    case 'removeRules': {
      const removed = new Set(update.rules.map(formatRule));
      const kept = ctx.rules.filter(
        (rule) => rule.behavior !== update.behavior || rule.source !== update.destination || !removed.has(formatRule(rule)),
      );
      return { ...ctx, rules: kept };
    }
    case 'setMode': {
      if (update.mode === ctx.mode) return ctx;
      if (update.mode === 'plan') return { ...ctx, mode: 'plan', prePlanMode: ctx.mode };
      const { prePlanMode: _dropped, ...rest } = ctx;
      return { ...rest, mode: update.mode };
    }
    case 'addDirectories': {
      const directories = update.directories.map(resolveRealPath);
      return { ...ctx, workingDirectories: [...new Set([...ctx.workingDirectories, ...directories])] };
    }
  }
}

export function applyPermissionUpdates(ctx: ToolPermissionContext, updates: readonly PermissionUpdate[]): ToolPermissionContext {
  return updates.reduce(applyPermissionUpdate, ctx);
}

const MODE_ALIASES: Record<string, PermissionMode> = { manual: 'default' };

export function parsePermissionMode(value: string): PermissionMode {
  const mode = MODE_ALIASES[value] ?? value;
  const known = PERMISSION_MODES.find((candidate) => candidate === mode);
  if (known === undefined || known === 'bubble') {
    const choices = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'].join(', ');
    throw new Error(`Unknown permission mode "${value}". Choose one of: ${choices}.`);
  }
  return known;
}

/** `--dangerously-skip-permissions` wins over `--permission-mode`; neither means `default`. */
export function permissionModeFromFlags(flags: {
  permissionMode?: string;
  dangerouslySkipPermissions?: boolean;
}): PermissionMode {
  if (flags.dangerouslySkipPermissions) return 'bypassPermissions';
  return flags.permissionMode === undefined ? 'default' : parsePermissionMode(flags.permissionMode);
}
