// From what a person types after `pulse plugin marketplace add` to the source recorded in
// `extraKnownMarketplaces`, and from a recorded source to a marketplace folder on disk: a local
// folder is read where it is, a git repository is cloned under `$PULSE_CONFIG_DIR/plugins/marketplaces/`,
// and a marketplace.json URL is downloaded there (a catalog without a folder of plugins).
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomically } from '../utils/atomicWrite.js';
import { homeDir } from '../utils/configDir.js';
import { randomHex } from '../utils/random.js';
import { cloneInto, headCommit } from './git.js';
import { marketplaceFile, marketplaceRootOf, readMarketplace, type Marketplace } from './marketplace.js';
import { marketplacesDir, type MarketplaceSource } from './store.js';

const DOWNLOAD_TIMEOUT_MS = 60_000;

const GITHUB_REPO = /^[A-Za-z0-9][\w.-]*\/[\w.-]+$/;

function isBareOrWorkingRepo(path: string): boolean {
  return existsSync(join(path, '.git')) || (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects')));
}

function splitRef(text: string): { base: string; ref?: string } {
  const at = text.lastIndexOf('#');
  return at > 0 ? { base: text.slice(0, at), ref: text.slice(at + 1) } : { base: text };
}

/** Throws one line for text that names no marketplace. */
export function parseMarketplaceSource(text: string, cwd: string): MarketplaceSource {
  const input = text.trim();
  if (input === '') throw new Error('give a marketplace: a folder, a git URL or owner/repo');
  if (/^(https?|file|ssh|git):\/\//.test(input) || /^[\w.-]+@[\w.-]+:/.test(input)) {
    const { base, ref } = splitRef(input);
    if (/^https?:\/\//.test(base) && base.endsWith('.json')) return { source: 'url', url: base };
    return { source: 'git', url: base, ...(ref ? { ref } : {}) };
  }
  const path = resolve(cwd, input.startsWith('~/') ? join(homeDir(), input.slice(2)) : input);
  if (existsSync(path)) {
    if (statSync(path).isFile()) return { source: 'file', path };
    if (existsSync(marketplaceFile(path))) return { source: 'directory', path };
    if (isBareOrWorkingRepo(path)) return { source: 'git', url: path };
    throw new Error(`${path} holds no .claude-plugin/marketplace.json`);
  }
  const { base, ref } = splitRef(input);
  if (GITHUB_REPO.test(base) && !input.startsWith('.')) return { source: 'github', repo: base, ...(ref ? { ref } : {}) };
  throw new Error(`no such folder, and not a git URL or owner/repo: ${input}`);
}

export type FetchedMarketplace = { marketplace: Marketplace; installLocation: string; gitCommitSha?: string };

function gitCheckoutOf(source: MarketplaceSource): { url: string; ref?: string } | undefined {
  if (source.source === 'git') return { url: source.url, ...(source.ref ? { ref: source.ref } : {}) };
  if (source.source === 'github') return { url: `https://github.com/${source.repo}.git`, ...(source.ref ? { ref: source.ref } : {}) };
  return undefined;
}

/** Reads a local marketplace in place, or clones a git one (replacing an older clone of it). */
export async function fetchMarketplace(source: MarketplaceSource): Promise<FetchedMarketplace> {
  if (source.source === 'directory' || source.source === 'file') {
    const root = source.source === 'file' ? marketplaceRootOf(source.path) : source.path;
    const sha = await headCommit(root);
    return { marketplace: readMarketplace(root), installLocation: root, ...(sha ? { gitCommitSha: sha } : {}) };
  }
  await mkdir(marketplacesDir(), { recursive: true });
  const temp = join(marketplacesDir(), `.fetch-${randomHex(6)}`);
  try {
    const checkout = gitCheckoutOf(source);
    const sha = checkout ? await cloneInto(checkout, temp) : await download(source, temp);
    const marketplace = readMarketplace(temp);
    const installLocation = join(marketplacesDir(), marketplace.name);
    await rm(installLocation, { recursive: true, force: true });
    await rename(temp, installLocation);
    return { marketplace, installLocation, ...(sha ? { gitCommitSha: sha } : {}) };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** A `url` source: its marketplace.json, kept as `<dest>/.claude-plugin/marketplace.json`. */
async function download(source: MarketplaceSource, dest: string): Promise<undefined> {
  if (source.source !== 'url') throw new Error(`a "${source.source}" marketplace is not fetched`);
  let text: string;
  try {
    const response = await fetch(source.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    throw new Error(`could not download ${source.url} (${cause})`);
  }
  await mkdir(join(dest, '.claude-plugin'), { recursive: true });
  // An update replaces the catalog kept from the last download: whole, or not at all.
  await writeFileAtomically(marketplaceFile(dest), text);
  return undefined;
}

/** A marketplace that is only a downloaded marketplace.json: relative plugin sources have no folder. */
export function isCatalogOnly(source: MarketplaceSource): boolean {
  return source.source === 'url';
}

/** How `marketplace list` shows a source. */
export function describeSource(source: MarketplaceSource): string {
  switch (source.source) {
    case 'directory':
      return `Folder (${source.path})`;
    case 'file':
      return `File (${source.path})`;
    case 'git':
      return `Git (${source.url}${source.ref ? `#${source.ref}` : ''})`;
    case 'github':
      return `GitHub (${source.repo}${source.ref ? `#${source.ref}` : ''})`;
    case 'url':
      return `URL (${source.url})`;
  }
}
