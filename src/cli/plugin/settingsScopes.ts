// The settings file each plugin scope writes: user `~/.claude/settings.json`, project
// `.claude/settings.json`, local `.claude/settings.local.json` — the files the reference writes,
// so `enabledPlugins` and `extraKnownMarketplaces` serve both tools.
import { loadSettings } from '../../bootstrap/settings/index.js';
import { findProjectRoot, localSettingsPath, projectSettingsPath, userSettingsPath } from '../../bootstrap/settings/sources.js';
import { isRecord, updateSettingsFile, type SettingsObject } from '../../bootstrap/settings/updateLocalSettings.js';
import type { InstallScope } from '../../plugins/store.js';

export const INSTALL_SCOPES: readonly InstallScope[] = ['user', 'project', 'local'];

export function settingsPathFor(scope: InstallScope, cwd: string): string {
  if (scope === 'user') return userSettingsPath();
  const root = findProjectRoot(cwd);
  return scope === 'project' ? projectSettingsPath(root) : localSettingsPath(root);
}

/** Edits one key's object (`enabledPlugins`, `extraKnownMarketplaces`) in the scope's file, keeping the rest. */
export function editSettingsObject(
  scope: InstallScope,
  cwd: string,
  key: 'enabledPlugins' | 'extraKnownMarketplaces',
  edit: (value: SettingsObject) => boolean,
): Promise<void> {
  return updateSettingsFile(settingsPathFor(scope, cwd), (settings) => {
    const current = isRecord(settings[key]) ? settings[key] : {};
    if (!edit(current)) return false;
    settings[key] = current;
    return true;
  });
}

/** The merged settings as a session in `cwd` sees them. */
export function mergedSettings(cwd: string): ReturnType<typeof loadSettings>['merged'] {
  return loadSettings({ cwd }).merged;
}
