// Permission rules as the settings files hold them, each tagged with the source it came from.
// Parsing and anchoring belong to the permission engine; this only walks the sources in order.
import { anchorSettingsPathRule } from '../../permissions/paths.js';
import { rulesFromSettings as rulesFromPermissionsBlock } from '../../permissions/rules.js';
import type { PermissionRule } from '../../types/permissions.js';
import { claudeConfigDir } from '../../utils/configDir.js';
import type { Settings } from './schema.js';
import { SETTING_SOURCES, type SettingSource } from './sources.js';

/**
 * Every permission rule from every source, lowest precedence first and deny before ask before
 * allow within a source. Path rules that start with a single `/` are anchored to the folder
 * they are relative to (project root, or the user config folder for user settings). Malformed
 * rules are skipped.
 */
export function rulesFromSettings(
  bySource: Partial<Record<SettingSource, Settings>>,
  projectRoot: string,
): PermissionRule[] {
  return SETTING_SOURCES.flatMap((source) => {
    const root = source === 'userSettings' ? claudeConfigDir() : projectRoot;
    return rulesFromPermissionsBlock(bySource[source]?.permissions, source).map((rule) => anchorSettingsPathRule(rule, root));
  });
}
