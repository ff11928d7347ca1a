// The settings loader's public surface.
export { hooksConfigFromSettings } from './hooksConfig.js';
export { loadSettings, type LoadedSettings, type LoadSettingsOptions } from './load.js';
export { mergeSettings } from './merge.js';
export { parseSettingsText, readSettingsFile, type SettingsError } from './readFile.js';
export { rulesFromSettings } from './rules.js';
export { saveLocalRule } from './saveLocalRule.js';
export {
  PermissionsSettingsSchema,
  SettingsSchema,
  type PermissionsSettings,
  type Settings,
} from './schema.js';
export {
  SETTING_SOURCES,
  findProjectRoot,
  localSettingsPath,
  managedSettingsPath,
  parseSettingSourcesFlag,
  projectSettingsPath,
  userSettingsPath,
  type OptionalSettingSource,
  type SettingSource,
} from './sources.js';
