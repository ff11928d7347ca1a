// `pulse plugin marketplace add | list | remove | update`.
import { rm } from 'node:fs/promises';
import { describeSource, fetchMarketplace, parseMarketplaceSource } from '../../plugins/marketplaceSource.js';
import {
  editKnownMarketplaces,
  marketplacesDir,
  readKnownMarketplaces,
  type InstallScope,
  type KnownMarketplace,
  type MarketplaceSource,
} from '../../plugins/store.js';
import type { Output } from '../subcommand.js';
import { editSettingsObject, INSTALL_SCOPES, mergedSettings } from './settingsScopes.js';

/** Pulse's known marketplaces plus any a settings file declares that Pulse has not fetched yet. */
export function allMarketplaces(cwd: string): Record<string, { source: MarketplaceSource; known?: KnownMarketplace }> {
  const known = readKnownMarketplaces();
  const all: Record<string, { source: MarketplaceSource; known?: KnownMarketplace }> = {};
  for (const [name, entry] of Object.entries(mergedSettings(cwd).extraKnownMarketplaces ?? {})) {
    all[name] = { source: entry.source as MarketplaceSource };
  }
  for (const [name, entry] of Object.entries(known)) all[name] = { source: entry.source, known: entry };
  return all;
}

/** Fetches (or re-fetches) a marketplace and records it in Pulse's store; returns its record. */
export async function refreshMarketplace(source: MarketplaceSource, expectedName?: string): Promise<{ name: string; known: KnownMarketplace }> {
  const fetched = await fetchMarketplace(source);
  const name = fetched.marketplace.name;
  if (expectedName !== undefined && name !== expectedName) {
    throw new Error(`the marketplace at ${describeSource(source)} is named "${name}", not "${expectedName}"`);
  }
  const record: KnownMarketplace = { source, installLocation: fetched.installLocation, lastUpdated: new Date().toISOString() };
  await editKnownMarketplaces((known) => {
    known[name] = record;
  });
  return { name, known: record };
}

export async function addMarketplace(cwd: string, text: string, scope: InstallScope, io: Output): Promise<number> {
  const source = parseMarketplaceSource(text, cwd);
  const { name } = await refreshMarketplace(source);
  await editSettingsObject(scope, cwd, 'extraKnownMarketplaces', (marketplaces) => {
    marketplaces[name] = { source };
    return true;
  });
  io.out(`Added marketplace ${name} (${describeSource(source)}), declared in ${scope} settings\n`);
  return 0;
}

export function listMarketplaces(cwd: string, json: boolean, io: Output): number {
  const all = allMarketplaces(cwd);
  if (json) {
    const rows = Object.entries(all).map(([name, { source, known }]) => ({
      name,
      ...source,
      ...(known ? { installLocation: known.installLocation } : {}),
    }));
    io.out(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const names = Object.keys(all);
  if (names.length === 0) {
    io.out('No marketplaces configured. Add one with `pulse plugin marketplace add <folder | git URL | owner/repo>`.\n');
    return 0;
  }
  const lines = names.map((name) => {
    const { source, known } = all[name] as { source: MarketplaceSource; known?: KnownMarketplace };
    return `  ${name}\n    Source: ${describeSource(source)}${known ? '' : '\n    Not fetched yet: it is fetched on the first install from it'}`;
  });
  io.out(`Configured marketplaces:\n\n${lines.join('\n\n')}\n`);
  return 0;
}

export async function removeMarketplace(cwd: string, name: string, io: Output): Promise<number> {
  const known = readKnownMarketplaces();
  const record = known[name];
  let declared = false;
  for (const scope of INSTALL_SCOPES) {
    await editSettingsObject(scope, cwd, 'extraKnownMarketplaces', (marketplaces) => {
      if (!(name in marketplaces)) return false;
      delete marketplaces[name];
      declared = true;
      return true;
    });
  }
  if (!record && !declared) {
    io.err(`No marketplace named "${name}" is configured.\n`);
    return 1;
  }
  if (record) {
    await editKnownMarketplaces((current) => {
      delete current[name];
    });
    // Only Pulse's own clones are deleted; a local folder stays where it is.
    if (record.installLocation.startsWith(`${marketplacesDir()}/`)) await rm(record.installLocation, { recursive: true, force: true });
  }
  io.out(`Removed marketplace ${name}\n`);
  return 0;
}

export async function updateMarketplaces(cwd: string, name: string | undefined, io: Output): Promise<number> {
  const all = allMarketplaces(cwd);
  const names = name === undefined ? Object.keys(all) : [name];
  for (const each of names) {
    const entry = all[each];
    if (!entry) {
      io.err(`No marketplace named "${each}" is configured.\n`);
      return 1;
    }
    await refreshMarketplace(entry.source, each);
    io.out(`Updated marketplace ${each}\n`);
  }
  return 0;
}
