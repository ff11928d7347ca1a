// Where each settings source lives, and how the project root is found.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { claudeConfigDir, homeDir } from '../../utils/configDir.js';

/** Lowest precedence first; a later source overrides an earlier one key by key. */
export const SETTING_SOURCES = [
  'userSettings',
  'projectSettings',
  'localSettings',
  'flagSettings',
  'policySettings',
] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** The sources a user may switch off (`--setting-sources`); flag and policy always load. */
export type OptionalSettingSource = 'userSettings' | 'projectSettings' | 'localSettings';

const DEFAULT_MANAGED_SETTINGS_PATH = '/etc/pulse/managed-settings.json';

/** The nearest ancestor of `cwd` (itself included) holding `.git`; `cwd` when there is none. */
export function findProjectRoot(cwd: string): string {
  const start = resolve(cwd);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

export function userSettingsPath(): string {
  return join(claudeConfigDir(), 'settings.json');
}

export function projectSettingsPath(projectRoot: string): string {
  return join(projectRoot, '.claude', 'settings.json');
}

export function localSettingsPath(projectRoot: string): string {
  return join(projectRoot, '.claude', 'settings.local.json');
}

export function managedSettingsPath(): string {
  return process.env.PULSE_MANAGED_SETTINGS_PATH || DEFAULT_MANAGED_SETTINGS_PATH;
}

/** A short name for messages: home files with `~`, other files as given. */
export function tildePath(path: string): string {
  const home = homeDir();
  return path.startsWith(home + sep) ? `~${path.slice(home.length)}` : path;
}

/** A project file named relative to the project root, as users write it. */
export function projectRelativePath(path: string, projectRoot: string): string {
  return relative(projectRoot, path) || path;
}

const SOURCE_NAMES: Record<string, OptionalSettingSource> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
};

/** Parses `--setting-sources user,project`; unknown names are returned so the caller can complain. */
export function parseSettingSourcesFlag(value: string): { sources: OptionalSettingSource[]; unknown: string[] } {
  const sources: OptionalSettingSource[] = [];
  const unknown: string[] = [];
  for (const name of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    const source = SOURCE_NAMES[name];
    if (source) sources.push(source);
    else unknown.push(name);
  }
  return { sources, unknown };
}
