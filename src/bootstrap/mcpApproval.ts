// Remembers the answers about `.mcp.json` servers in the project's `.claude/settings.local.json`:
// approved names go to `enabledMcpjsonServers`, rejected ones to `disabledMcpjsonServers`, and a
// name leaves the other list so the file never says both.
import type { McpApprovalChoice } from '../mcp/approval.js';
import { updateLocalSettings, type SettingsObject } from './settings/updateLocalSettings.js';

function names(settings: SettingsObject, key: string): string[] {
  const value = settings[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Adds `add` to the list under `key` and takes `remove` out; says whether the list changed. */
function editList(settings: SettingsObject, key: string, add: readonly string[], remove: readonly string[]): boolean {
  const before = names(settings, key);
  const after = [...before.filter((name) => !remove.includes(name)), ...add.filter((name) => !before.includes(name))];
  if (after.length === before.length && after.every((name, index) => name === before[index])) return false;
  // A list emptied by this answer goes, rather than lingering as `[]`.
  if (after.length === 0) delete settings[key];
  else settings[key] = after;
  return true;
}

export function saveMcpApprovalChoice(projectRoot: string, choice: McpApprovalChoice): Promise<void> {
  if (choice.approved.length === 0 && choice.rejected.length === 0) return Promise.resolve();
  return updateLocalSettings(projectRoot, (settings) => {
    const enabled = editList(settings, 'enabledMcpjsonServers', choice.approved, choice.rejected);
    const disabled = editList(settings, 'disabledMcpjsonServers', choice.rejected, choice.approved);
    return enabled || disabled;
  });
}
