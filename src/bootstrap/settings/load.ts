// Loads every settings source, validates each on its own, and merges the ones that are valid.
import { resolve } from 'node:path';
import { mergeSettings } from './merge.js';
import { parseSettingsText, readSettingsFile, type SettingsError, type SettingsReadResult } from './readFile.js';
import type { Settings } from './schema.js';
import {
  findProjectRoot,
  localSettingsPath,
  managedSettingsPath,
  projectRelativePath,
  projectSettingsPath,
  tildePath,
  userSettingsPath,
  type OptionalSettingSource,
  type SettingSource,
} from './sources.js';

export type LoadSettingsOptions = {
  cwd: string;
  /** `--settings`: inline JSON when it starts with `{`, otherwise a path relative to cwd. */
  flagSettings?: string;
  /** Which of user/project/local to read (`--setting-sources`); flag and policy always load. */
  sources?: OptionalSettingSource[];
};

export type LoadedSettings = {
  merged: Settings;
  bySource: Partial<Record<SettingSource, Settings>>;
  /** Files that were broken and left out; the caller decides whether that is fatal. */
  errors: SettingsError[];
  projectRoot: string;
};

const ALL_OPTIONAL_SOURCES: OptionalSettingSource[] = ['userSettings', 'projectSettings', 'localSettings'];

export function loadSettings(options: LoadSettingsOptions): LoadedSettings {
  const projectRoot = findProjectRoot(options.cwd);
  const enabled = new Set(options.sources ?? ALL_OPTIONAL_SOURCES);
  const bySource: Partial<Record<SettingSource, Settings>> = {};
  const errors: SettingsError[] = [];

  const take = (source: SettingSource, result: SettingsReadResult): void => {
    if (result.error) errors.push(result.error);
    if (result.settings) bySource[source] = result.settings;
  };

  const userPath = userSettingsPath();
  if (enabled.has('userSettings')) take('userSettings', readSettingsFile(userPath, 'userSettings', tildePath(userPath)));
  // Started from the home folder, the "project" file is the user file: read it once.
  const projectPath = projectSettingsPath(projectRoot);
  if (enabled.has('projectSettings') && projectPath !== userPath) {
    take('projectSettings', readSettingsFile(projectPath, 'projectSettings', projectRelativePath(projectPath, projectRoot)));
  }
  if (enabled.has('localSettings')) {
    const localPath = localSettingsPath(projectRoot);
    take('localSettings', readSettingsFile(localPath, 'localSettings', projectRelativePath(localPath, projectRoot)));
  }
  if (options.flagSettings !== undefined) take('flagSettings', readFlagSettings(options.flagSettings, options.cwd));
  const managedPath = managedSettingsPath();
  take('policySettings', readSettingsFile(managedPath, 'policySettings', managedPath));

  return { merged: mergeSettings(bySource), bySource, errors, projectRoot };
}

function readFlagSettings(value: string, cwd: string): SettingsReadResult {
  if (value.trim().startsWith('{')) return parseSettingsText(value, '--settings', 'flagSettings', '--settings');
  const path = resolve(cwd, value);
  const result = readSettingsFile(path, 'flagSettings', `--settings ${value}`);
  if (result.settings || result.error) return result;
  return { error: { file: path, source: 'flagSettings', message: `--settings ${value}: file not found` } };
}
