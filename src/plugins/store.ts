// Pulse's own record of marketplaces and installed plugins, under `$PULSE_CONFIG_DIR/plugins/`, in
// the reference's file shapes (`known_marketplaces.json`, `installed_plugins.json` version 2) so
// either tool's records read the same. Which plugins are on lives in the settings files
// (`enabledPlugins`), shared with the reference; a plugin the reference installed is found
// through its own record, read and never written.
import { join } from 'node:path';
import * as z from 'zod';
import { writeFileAtomically } from '../utils/atomicWrite.js';
import { claudeConfigDir, pulseConfigDir } from '../utils/configDir.js';
import { withFileLock } from '../utils/fileLock.js';
import { lazySchema } from '../utils/lazySchema.js';
import { readJsonFile } from './json.js';

export type InstallScope = 'user' | 'project' | 'local';

/** Where a marketplace comes from, exactly as `extraKnownMarketplaces` records it. */
export type MarketplaceSource =
  | { source: 'directory'; path: string }
  | { source: 'file'; path: string }
  | { source: 'git'; url: string; ref?: string }
  | { source: 'github'; repo: string; ref?: string }
  | { source: 'url'; url: string };

const knownMarketplacesSchema = lazySchema(() =>
  z.record(
    z.string(),
    z.looseObject({
      source: z.looseObject({ source: z.string() }),
      installLocation: z.string(),
      lastUpdated: z.string().optional(),
    }),
  ),
);
export type KnownMarketplace = { source: MarketplaceSource; installLocation: string; lastUpdated?: string };

const installRecordSchema = lazySchema(() =>
  z.looseObject({
    scope: z.enum(['user', 'project', 'local', 'managed']),
    installPath: z.string(),
    version: z.string().optional(),
    installedAt: z.string().optional(),
    lastUpdated: z.string().optional(),
    gitCommitSha: z.string().optional(),
    projectPath: z.string().optional(),
  }),
);
const installedPluginsSchema = lazySchema(() =>
  z.looseObject({ version: z.number().optional(), plugins: z.record(z.string(), z.array(installRecordSchema())) }),
);
export type InstallRecord = z.infer<ReturnType<typeof installRecordSchema>>;
export type InstalledPlugins = Record<string, InstallRecord[]>;

export function pluginsDir(): string {
  return join(pulseConfigDir(), 'plugins');
}

export function marketplacesDir(): string {
  return join(pluginsDir(), 'marketplaces');
}

export function pluginCacheDir(marketplace: string, plugin: string, version: string): string {
  return join(pluginsDir(), 'cache', marketplace, plugin, version);
}

const knownPath = (): string => join(pluginsDir(), 'known_marketplaces.json');
const installedPath = (dir = pluginsDir()): string => join(dir, 'installed_plugins.json');

/** A store file that is missing or broken reads as empty: it is rewritten on the next change. */
function readOr<T>(path: string, schema: z.ZodType<T>, empty: T): T {
  try {
    const parsed = schema.safeParse(readJsonFile(path));
    return parsed.success ? parsed.data : empty;
  } catch {
    return empty;
  }
}

export function readKnownMarketplaces(): Record<string, KnownMarketplace> {
  return readOr(knownPath(), knownMarketplacesSchema(), {}) as Record<string, KnownMarketplace>;
}

/**
 * A change to one of the store's files: read, changed by `edit` and written under the file's
 * cross-process lock, so two `pulse plugin …` runs at once keep each other's records.
 */
async function editStoreFile<T>(path: string, read: () => T, edit: (value: T) => void, serialize: (value: T) => unknown): Promise<void> {
  await withFileLock(path, async (assertHeld) => {
    const value = read();
    edit(value);
    await assertHeld();
    await writeFileAtomically(path, `${JSON.stringify(serialize(value), null, 2)}\n`);
  });
}

export function editKnownMarketplaces(edit: (known: Record<string, KnownMarketplace>) => void): Promise<void> {
  return editStoreFile(knownPath(), readKnownMarketplaces, edit, (known) => known);
}

export function readInstalledPlugins(): InstalledPlugins {
  return readOr(installedPath(), installedPluginsSchema(), { plugins: {} }).plugins;
}

export function editInstalledPlugins(edit: (plugins: InstalledPlugins) => void): Promise<void> {
  return editStoreFile(installedPath(), readInstalledPlugins, edit, (plugins) => ({ version: 2, plugins }));
}

/** The reference's own install records (`~/.claude/plugins/installed_plugins.json`), read only. */
export function readReferenceInstalledPlugins(): InstalledPlugins {
  return readOr(installedPath(join(claudeConfigDir(), 'plugins')), installedPluginsSchema(), { plugins: {} }).plugins;
}
