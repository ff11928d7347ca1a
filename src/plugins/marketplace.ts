// A marketplace is a folder (often a git repository) with `.claude-plugin/marketplace.json`: its
// name, and for each plugin where to get it. Entries whose source Pulse cannot use are kept, so
// `install` can say why rather than "not found".
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { PluginFileError, readJsonFile } from './json.js';

const MARKETPLACE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const gitPluginSource = lazySchema(() =>
  z.looseObject({ source: z.enum(['git', 'url']), url: z.string().min(1), ref: z.string().optional(), sha: z.string().optional() }),
);
const githubPluginSource = lazySchema(() =>
  z.looseObject({ source: z.literal('github'), repo: z.string().min(1), ref: z.string().optional(), sha: z.string().optional() }),
);
const pathPluginSource = lazySchema(() => z.looseObject({ source: z.enum(['directory', 'local']), path: z.string().min(1) }));

const pluginEntrySchema = lazySchema(() =>
  z.looseObject({
    name: z.string().regex(MARKETPLACE_NAME, 'must be letters, digits, ".", "_" or "-"'),
    source: z.union([z.string().min(1), gitPluginSource(), githubPluginSource(), pathPluginSource(), z.looseObject({ source: z.string() })]),
    version: z.string().optional(),
    description: z.string().optional(),
  }),
);

export const marketplaceSchema = lazySchema(() =>
  z.looseObject({
    name: z.string().regex(MARKETPLACE_NAME, 'must be letters, digits, ".", "_" or "-" (for example team-tools)'),
    owner: z.looseObject({ name: z.string().optional() }).optional(),
    metadata: z.looseObject({ pluginRoot: z.string().optional() }).optional(),
    plugins: z.array(pluginEntrySchema()),
  }),
);

export type Marketplace = z.infer<ReturnType<typeof marketplaceSchema>>;
export type MarketplaceEntry = Marketplace['plugins'][number];

/** Where an entry's plugin comes from, once resolved against the marketplace's folder. */
export type PluginOrigin =
  | { kind: 'folder'; path: string }
  | { kind: 'git'; url: string; ref?: string; sha?: string }
  | { kind: 'unsupported'; reason: string };

export function marketplaceFile(root: string): string {
  return join(root, '.claude-plugin', 'marketplace.json');
}

/** The marketplace's folder for a path that names the folder or its marketplace.json. */
export function marketplaceRootOf(path: string): string {
  if (!path.endsWith('.json')) return path;
  const folder = dirname(path);
  return folder.endsWith('.claude-plugin') ? dirname(folder) : folder;
}

export function readMarketplace(root: string): Marketplace {
  const path = marketplaceFile(root);
  const raw = readJsonFile(path);
  if (raw === undefined) throw new PluginFileError(`no marketplace at ${root}: ${path} does not exist`);
  const parsed = marketplaceSchema().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')} ` : '';
    throw new PluginFileError(`${path}: ${where}${issue?.message ?? 'is not a marketplace'}`);
  }
  return parsed.data;
}

function inside(root: string, path: string): string | undefined {
  const full = resolve(root, path);
  const rel = relative(root, full);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : full;
}

export function originOf(entry: MarketplaceEntry, marketplace: Marketplace, root: string): PluginOrigin {
  const source = entry.source;
  if (typeof source === 'string') {
    // `./plugins/x` is relative to the marketplace; a bare name to its metadata.pluginRoot.
    const base = source.startsWith('./') || source.startsWith('../') ? root : resolve(root, marketplace.metadata?.pluginRoot ?? '.');
    const path = inside(root, resolve(base, source));
    return path ? { kind: 'folder', path } : { kind: 'unsupported', reason: `its source ${source} is outside the marketplace` };
  }
  const typed = gitPluginSource().safeParse(source);
  if (typed.success) return { kind: 'git', url: typed.data.url, ...refs(typed.data) };
  const github = githubPluginSource().safeParse(source);
  if (github.success) return { kind: 'git', url: `https://github.com/${github.data.repo}.git`, ...refs(github.data) };
  const local = pathPluginSource().safeParse(source);
  if (local.success) return { kind: 'folder', path: resolve(root, local.data.path) };
  return { kind: 'unsupported', reason: `Pulse cannot install from a "${source.source}" source` };
}

function refs(source: { ref?: string | undefined; sha?: string | undefined }): { ref?: string; sha?: string } {
  return { ...(source.ref ? { ref: source.ref } : {}), ...(source.sha ? { sha: source.sha } : {}) };
}
