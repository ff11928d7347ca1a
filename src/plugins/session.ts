// Which plugins a session loads: every `--plugin-dir` folder, and every plugin `enabledPlugins`
// turns on in the merged settings, found through Pulse's install records or, for one the
// reference installed, through the reference's. Read synchronously at start-up; with no plugin
// configured nothing is read at all.
import { existsSync } from 'node:fs';
import { loadPlugin } from './loadPlugin.js';
import { readInstalledPlugins, readReferenceInstalledPlugins, type InstallRecord } from './store.js';
import type { LoadedPlugin } from './types.js';

export type SessionPluginOptions = {
  /** `--plugin-dir` values, already absolute. */
  pluginDirs: readonly string[];
  /** The merged settings' `enabledPlugins`. */
  enabledPlugins: Readonly<Record<string, unknown>>;
  projectRoot: string;
};

export type SessionPlugins = { plugins: LoadedPlugin[]; problems: string[] };

/** `true`, or a list of versions (the reference's pinned form), turns a plugin on. */
function isOn(value: unknown): boolean {
  return value === true || (Array.isArray(value) && value.length > 0);
}

function splitId(id: string): { name: string; marketplace: string } | undefined {
  const at = id.lastIndexOf('@');
  if (at <= 0 || at === id.length - 1) return undefined;
  return { name: id.slice(0, at), marketplace: id.slice(at + 1) };
}

/** A user install serves every project; a project or local one only its project. */
function usableRecord(records: readonly InstallRecord[] | undefined, projectRoot: string): InstallRecord | undefined {
  return (records ?? []).find(
    (record) => existsSync(record.installPath) && (record.projectPath === undefined || record.projectPath === projectRoot),
  );
}

export function findSessionPlugins(options: SessionPluginOptions): SessionPlugins {
  const plugins: LoadedPlugin[] = [];
  const problems: string[] = [];
  const take = (root: string, marketplace: string): void => {
    const loaded = loadPlugin(root, marketplace);
    problems.push(...loaded.problems);
    if (!loaded.plugin) return;
    const clash = plugins.find((plugin) => plugin.name === loaded.plugin?.name);
    if (clash) {
      problems.push(`plugin ${loaded.plugin.id} (${root}) is ignored: ${clash.id} (${clash.root}) has the same name`);
      return;
    }
    plugins.push(loaded.plugin);
  };
  for (const dir of options.pluginDirs) take(dir, 'inline');
  const enabled = Object.entries(options.enabledPlugins).filter(([, value]) => isOn(value));
  if (enabled.length === 0) return { plugins, problems };
  const own = readInstalledPlugins();
  let reference: ReturnType<typeof readReferenceInstalledPlugins> | undefined;
  for (const [id] of enabled) {
    const parts = splitId(id);
    if (!parts) {
      problems.push(`enabledPlugins: "${id}" is not <plugin>@<marketplace>`);
      continue;
    }
    reference ??= readReferenceInstalledPlugins();
    const record = usableRecord(own[id], options.projectRoot) ?? usableRecord(reference[id], options.projectRoot);
    if (!record) {
      problems.push(`plugin ${id} is enabled in settings but not installed; run: pulse plugin install ${id}`);
      continue;
    }
    take(record.installPath, parts.marketplace);
  }
  return { plugins, problems };
}
