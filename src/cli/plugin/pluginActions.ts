// `pulse plugin install | update | list | enable | disable | uninstall`. Install records go to Pulse's own
// store; whether a plugin is on is `enabledPlugins` in the scope's settings file, as the
// reference records it.
import { findProjectRoot } from '../../bootstrap/settings/sources.js';
import { installPlugin, removePluginFiles } from '../../plugins/install.js';
import { readMarketplace } from '../../plugins/marketplace.js';
import { isCatalogOnly } from '../../plugins/marketplaceSource.js';
import { editInstalledPlugins, readInstalledPlugins, type InstallRecord, type InstallScope } from '../../plugins/store.js';
import type { Output } from '../subcommand.js';
import { allMarketplaces, refreshMarketplace } from './marketplaceActions.js';
import { editSettingsObject, mergedSettings } from './settingsScopes.js';

function splitId(text: string): { name: string; marketplace?: string } {
  const at = text.lastIndexOf('@');
  return at > 0 ? { name: text.slice(0, at), marketplace: text.slice(at + 1) } : { name: text };
}

/**
 * The marketplace's folder, fetched first when only a settings file knows it (or always, with
 * `refresh`, so `update` sees the newest catalog); `catalogOnly` when it is a downloaded marketplace.json.
 */
async function marketplaceRoot(cwd: string, name: string, refresh = false): Promise<{ root: string; catalogOnly: boolean }> {
  const entry = allMarketplaces(cwd)[name];
  if (!entry) throw new Error(`no marketplace named "${name}"; add it with: pulse plugin marketplace add <source>`);
  const known = (!refresh && entry.known) || (await refreshMarketplace(entry.source, name)).known;
  return { root: known.installLocation, catalogOnly: isCatalogOnly(entry.source) };
}

/** `name@marketplace`, or `name` when exactly one known marketplace lists it. */
async function findEntry(cwd: string, text: string) {
  const { name, marketplace } = splitId(text);
  const candidates = marketplace === undefined ? Object.keys(allMarketplaces(cwd)) : [marketplace];
  const found = [];
  for (const candidate of candidates) {
    const { root, catalogOnly } = await marketplaceRoot(cwd, candidate);
    const listed = readMarketplace(root);
    const entry = listed.plugins.find((plugin) => plugin.name === name);
    if (entry) found.push({ entry, marketplace: listed, root, catalogOnly });
  }
  if (found.length === 0) {
    throw new Error(`plugin "${name}" is not in ${marketplace ? `marketplace "${marketplace}"` : 'any configured marketplace'}`);
  }
  if (found.length > 1) {
    throw new Error(`plugin "${name}" is in several marketplaces (${found.map((f) => f.marketplace.name).join(', ')}); say which: ${name}@<marketplace>`);
  }
  return found[0] as (typeof found)[number];
}

export async function installAction(cwd: string, text: string, scope: InstallScope, io: Output): Promise<number> {
  const { entry, marketplace, root, catalogOnly } = await findEntry(cwd, text);
  const projectPath = findProjectRoot(cwd);
  const installed = await installPlugin({ entry, marketplace, marketplaceRoot: root, catalogOnly, scope, projectPath });
  if (!installed) throw new Error(`plugin ${entry.name} could not be installed`);
  await editInstalledPlugins((records) => {
    const others = (records[installed.id] ?? []).filter((record) => !sameSlot(record, installed.record));
    records[installed.id] = [...others, installed.record];
  });
  await editSettingsObject(scope, cwd, 'enabledPlugins', (enabled) => {
    enabled[installed.id] = true;
    return true;
  });
  io.out(`Installed plugin ${installed.id} version ${installed.record.version ?? 'unknown'} (${scope} scope)\n`);
  return 0;
}

function sameSlot(a: InstallRecord, b: InstallRecord): boolean {
  return a.scope === b.scope && a.projectPath === b.projectPath;
}

/** The installs of a plugin usable from `cwd`: user ones, and project/local ones of this project. */
function installsHere(cwd: string): Array<{ id: string; record: InstallRecord }> {
  const projectRoot = findProjectRoot(cwd);
  return Object.entries(readInstalledPlugins()).flatMap(([id, records]) =>
    records.filter((record) => record.projectPath === undefined || record.projectPath === projectRoot).map((record) => ({ id, record })),
  );
}

function matchInstall(cwd: string, text: string, scope: InstallScope | undefined): { id: string; record: InstallRecord } {
  const { name, marketplace } = splitId(text);
  const matches = installsHere(cwd).filter(
    ({ id, record }) =>
      splitId(id).name === name && (marketplace === undefined || splitId(id).marketplace === marketplace) && (scope === undefined || record.scope === scope),
  );
  if (matches.length === 1) return matches[0] as { id: string; record: InstallRecord };
  if (matches.length === 0) throw new Error(`plugin "${text}" is not installed${scope ? ` in ${scope} scope` : ''}`);
  throw new Error(`plugin "${text}" is installed in several scopes (${matches.map((m) => m.record.scope).join(', ')}); pick one with --scope`);
}

/**
 * Fetches the plugin's marketplace again and, when the plugin there is at another version,
 * installs that one in the same scope (the running sessions keep the files they loaded).
 */
export async function updateAction(cwd: string, text: string, scope: InstallScope | undefined, io: Output): Promise<number> {
  const { id, record } = matchInstall(cwd, text, scope);
  const { name, marketplace: marketplaceName } = splitId(id);
  if (marketplaceName === undefined) throw new Error(`plugin ${id} records no marketplace`);
  const installScope = record.scope;
  if (installScope === 'managed') throw new Error(`plugin ${id} is managed: whoever manages this machine updates it`);
  const { root, catalogOnly } = await marketplaceRoot(cwd, marketplaceName, true);
  const marketplace = readMarketplace(root);
  const entry = marketplace.plugins.find((plugin) => plugin.name === name);
  if (!entry) throw new Error(`plugin "${name}" is no longer in marketplace "${marketplaceName}"`);
  const installed = await installPlugin({
    entry,
    marketplace,
    marketplaceRoot: root,
    catalogOnly,
    scope: installScope,
    ...(record.projectPath ? { projectPath: record.projectPath } : {}),
    ...(record.version ? { unlessVersion: record.version } : {}),
  });
  if (!installed) {
    io.out(`Plugin ${id} is already at the latest version (${record.version ?? 'unknown'})\n`);
    return 0;
  }
  const updated = { ...installed.record, ...(record.installedAt ? { installedAt: record.installedAt } : {}) };
  await editInstalledPlugins((records) => {
    records[id] = [...(records[id] ?? []).filter((other) => !sameSlot(other, record)), updated];
  });
  io.out(`Updated plugin ${id} from ${record.version ?? 'unknown'} to ${updated.version ?? 'unknown'} (${record.scope} scope); new sessions use it\n`);
  return 0;
}

export function listAction(cwd: string, json: boolean, io: Output): number {
  const enabled = mergedSettings(cwd).enabledPlugins ?? {};
  const rows = installsHere(cwd).map(({ id, record }) => ({
    id,
    version: record.version ?? 'unknown',
    scope: record.scope,
    enabled: enabled[id] === true,
    installPath: record.installPath,
    ...(record.installedAt ? { installedAt: record.installedAt } : {}),
    ...(record.lastUpdated ? { lastUpdated: record.lastUpdated } : {}),
    ...(record.projectPath ? { projectPath: record.projectPath } : {}),
  }));
  if (json) {
    io.out(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    io.out('No plugins installed. Install one with `pulse plugin install <plugin>@<marketplace>`.\n');
    return 0;
  }
  const lines = rows.map((row) => `  ${row.id}\n    Version: ${row.version}\n    Scope: ${row.scope}\n    Status: ${row.enabled ? 'enabled' : 'disabled'}`);
  io.out(`Installed plugins:\n\n${lines.join('\n\n')}\n`);
  return 0;
}

export async function setEnabledAction(cwd: string, text: string, on: boolean, scope: InstallScope | undefined, io: Output): Promise<number> {
  const { id, record } = matchInstall(cwd, text, scope);
  const target = scope ?? (record.scope === 'managed' ? 'user' : record.scope);
  const current = mergedSettings(cwd).enabledPlugins?.[id] === true;
  if (current === on) {
    io.err(`Plugin ${id} is already ${on ? 'enabled' : 'disabled'}.\n`);
    return 1;
  }
  await editSettingsObject(target, cwd, 'enabledPlugins', (enabled) => {
    enabled[id] = on;
    return true;
  });
  io.out(`${on ? 'Enabled' : 'Disabled'} plugin ${id} (${target} scope)\n`);
  return 0;
}

export async function uninstallAction(cwd: string, text: string, scope: InstallScope | undefined, io: Output): Promise<number> {
  const { id, record } = matchInstall(cwd, text, scope);
  let remaining: InstallRecord[] = [];
  await editInstalledPlugins((records) => {
    remaining = (records[id] ?? []).filter((other) => !sameSlot(other, record));
    if (remaining.length > 0) records[id] = remaining;
    else delete records[id];
  });
  const settingsScope = record.scope === 'managed' ? 'user' : record.scope;
  await editSettingsObject(settingsScope, cwd, 'enabledPlugins', (enabled) => {
    if (!(id in enabled)) return false;
    delete enabled[id];
    return true;
  });
  if (!remaining.some((other) => other.installPath === record.installPath)) await removePluginFiles(record);
  io.out(`Uninstalled plugin ${id} (${record.scope} scope)\n`);
  return 0;
}
