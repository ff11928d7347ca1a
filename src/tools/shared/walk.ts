// Lists files for Glob and the built-in Grep with fast-glob: hidden files included, symlinked
// folders not followed (no loops), .gitignore honoured, folders like .git always skipped.
import { lstat } from 'node:fs/promises';
import fg from 'fast-glob';
import { GitignoreRules } from './gitignore.js';

export type FoundFile = { path: string; mtimeMs: number };

export type WalkOptions = {
  root: string;
  /** fast-glob patterns relative to root. */
  patterns: string[];
  /** Extra fast-glob ignore globs, relative to root. */
  ignore?: string[];
  /** Folder names skipped at any depth. */
  skipDirs: readonly string[];
  signal?: AbortSignal;
};

export async function walkFiles(options: WalkOptions): Promise<FoundFile[]> {
  const rules = await GitignoreRules.forRoot(options.root);
  const ignoreGlobs = [
    ...options.skipDirs.map((name) => `**/${name}/**`),
    ...(options.ignore ?? []),
    ...rules.pruneGlobs(),
  ];
  const common = {
    cwd: options.root,
    dot: true,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    ignore: ignoreGlobs,
  };
  // fast-glob's own `stats` drops a whole folder, silently, when one name in it is not UTF-8
  // (the decoded name no longer exists), so the files are stat'ed here, one by one.
  const [entries, nestedRuleFiles] = await Promise.all([fg(options.patterns, common), fg('**/.gitignore', common)]);
  options.signal?.throwIfAborted();
  await rules.addNested(nestedRuleFiles);
  const kept = entries.filter((path) => !rules.isIgnored(path));
  return Promise.all(kept.map(async (path) => ({ path, mtimeMs: await lstat(path).then((s) => s.mtimeMs, () => 0) })));
}

/** Newest first, then by name, so equal mtimes (fast tests, git checkouts) stay in a stable order. */
export function byNewestFirst(a: FoundFile, b: FoundFile): number {
  return b.mtimeMs - a.mtimeMs || a.path.localeCompare(b.path);
}
