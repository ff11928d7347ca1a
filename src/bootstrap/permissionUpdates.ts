// "Don't ask again", however it was answered (the dialog, an SDK host, a PermissionRequest
// hook): the live permission context changes at once, and rules meant for the project's local
// settings file are also written there so the next session remembers them.
import { applyPermissionUpdates } from '../permissions/updates.js';
import type { PermissionUpdate, ToolPermissionContext } from '../types/permissions.js';
import { saveLocalRule } from './settings/saveLocalRule.js';

export type PermissionUpdaterOptions = {
  get: () => ToolPermissionContext;
  set: (next: ToolPermissionContext) => void;
  projectRoot: string;
};

export function createPermissionUpdater(options: PermissionUpdaterOptions): (updates: readonly PermissionUpdate[]) => Promise<void> {
  return async (updates) => {
    options.set(applyPermissionUpdates(options.get(), updates));
    const saves = updates.flatMap((update) =>
      update.type === 'addRules' && update.destination === 'localSettings'
        ? update.rules.map((rule) => saveLocalRule(options.projectRoot, rule, update.behavior))
        : [],
    );
    await Promise.all(saves);
  };
}
