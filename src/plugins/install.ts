// Puts a marketplace's plugin into Pulse's cache (`plugins/cache/<marketplace>/<plugin>/<version>`)
// and records it; removing it takes both back. The plugin is checked (manifest, parts) before it
// replaces anything, so a broken one never half-installs.
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomHex } from '../utils/random.js';
import { cloneInto } from './git.js';
import { loadPlugin } from './loadPlugin.js';
import { originOf, type Marketplace, type MarketplaceEntry } from './marketplace.js';
import { pluginCacheDir, pluginsDir, type InstallRecord, type InstallScope } from './store.js';

export type PluginInstall = { id: string; record: InstallRecord };

export type InstallRequest = {
  entry: MarketplaceEntry;
  marketplace: Marketplace;
  /** The marketplace's folder (its clone, or the local folder itself). */
  marketplaceRoot: string;
  marketplaceSha?: string;
  /** The marketplace is a downloaded marketplace.json, with no folder for relative sources. */
  catalogOnly?: boolean;
  /** Leaves everything as it is when the plugin turns out to be at this version (`update`). */
  unlessVersion?: string;
  scope: InstallScope;
  /** For project and local scope: the project the plugin is on for. */
  projectPath?: string;
  now?: Date;
};

async function fetchPluginFiles(request: InstallRequest, dest: string): Promise<string | undefined> {
  const origin = originOf(request.entry, request.marketplace, request.marketplaceRoot);
  if (origin.kind === 'unsupported') throw new Error(`plugin ${request.entry.name}: ${origin.reason}`);
  if (origin.kind === 'folder' && request.catalogOnly) {
    throw new Error(
      `plugin ${request.entry.name}: its marketplace is a marketplace.json from a URL, which has no folder for a relative source; the marketplace must give a git or GitHub source for it`,
    );
  }
  if (origin.kind === 'git') {
    const sha = await cloneInto(origin, dest);
    await rm(join(dest, '.git'), { recursive: true, force: true });
    return sha;
  }
  await cp(origin.path, dest, { recursive: true, filter: (source) => !source.split(/[\\/]/).includes('.git') });
  return request.marketplaceSha;
}

/** Installs the plugin; undefined when it is already at `unlessVersion`. */
export async function installPlugin(request: InstallRequest): Promise<PluginInstall | undefined> {
  const staging = join(pluginsDir(), 'cache', `.staging-${randomHex(6)}`);
  await mkdir(dirname(staging), { recursive: true });
  try {
    const sha = await fetchPluginFiles(request, staging);
    const checked = loadPlugin(staging, request.marketplace.name);
    if (!checked.plugin) throw new Error(`plugin ${request.entry.name}: ${checked.problems.join('; ')}`);
    if (checked.plugin.name !== request.entry.name) {
      throw new Error(`plugin ${request.entry.name}: its manifest names it "${checked.plugin.name}"`);
    }
    const version = checked.plugin.version ?? request.entry.version ?? sha?.slice(0, 12) ?? 'unknown';
    if (version === request.unlessVersion) return undefined;
    const installPath = pluginCacheDir(request.marketplace.name, request.entry.name, version);
    await rm(installPath, { recursive: true, force: true });
    await mkdir(dirname(installPath), { recursive: true });
    await rename(staging, installPath);
    const at = (request.now ?? new Date()).toISOString();
    return {
      id: `${request.entry.name}@${request.marketplace.name}`,
      record: {
        scope: request.scope,
        installPath,
        version,
        installedAt: at,
        lastUpdated: at,
        ...(sha ? { gitCommitSha: sha } : {}),
        ...(request.scope !== 'user' && request.projectPath ? { projectPath: request.projectPath } : {}),
      },
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Deletes an install's files, only ever inside Pulse's own cache. */
export async function removePluginFiles(record: InstallRecord): Promise<void> {
  const cache = join(pluginsDir(), 'cache');
  if (!record.installPath.startsWith(`${cache}/`)) return;
  await rm(record.installPath, { recursive: true, force: true });
}
