// "Don't ask again", however it was answered (the dialog, an SDK host, a PermissionRequest
// hook), and `/permissions add|remove`: the live permission context changes at once, and rules
// that belong to a settings file are written there (or taken out of it) so the next session
// remembers.
import { applyPermissionUpdates } from '../permissions/updates.js';
import type { PermissionUpdate, RuleSource, ToolPermissionContext } from '../types/permissions.js';
import { removeSettingsRule, saveLocalRule } from './settings/saveLocalRule.js';
import { localSettingsPath, projectSettingsPath, userSettingsPath } from './settings/sources.js';

export type PermissionUpdaterOptions = {
  get: () => ToolPermissionContext;
  set: (next: ToolPermissionContext) => void;
  projectRoot: string;
};

/** The file a rule source stands for; undefined for sources that live only in memory or are read-only. */
function editableSettingsFile(source: RuleSource, projectRoot: string): string | undefined {
  if (source === 'userSettings') return userSettingsPath();
  if (source === 'projectSettings') return projectSettingsPath(projectRoot);
  if (source === 'localSettings') return localSettingsPath(projectRoot);
  return undefined;
}

function persist(update: PermissionUpdate, projectRoot: string): Promise<void>[] {
  if (update.type === 'addRules' && update.destination === 'localSettings') {
    return update.rules.map((rule) => saveLocalRule(projectRoot, rule, update.behavior));
  }
  if (update.type !== 'removeRules') return [];
  const path = editableSettingsFile(update.destination, projectRoot);
  return path === undefined ? [] : update.rules.map((rule) => removeSettingsRule(path, rule, update.behavior));
}

export function createPermissionUpdater(options: PermissionUpdaterOptions): (updates: readonly PermissionUpdate[]) => Promise<void> {
  return async (updates) => {
    options.set(applyPermissionUpdates(options.get(), updates));
    await Promise.all(updates.flatMap((update) => persist(update, options.projectRoot)));
  };
}
