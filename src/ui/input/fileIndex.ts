// The project's paths for `@` completion. Listed once in the background (git's own list inside
// a repository: tracked plus untracked-but-not-ignored; otherwise a walk that honours
// .gitignore), kept in memory, and listed again lazily when a completion starts after the list
// has aged. Typing never waits for it: until the first list is in, completion shows nothing.
// Names that are not UTF-8 (or hold control characters) are shown escaped, as Glob and Grep show
// them, and Read opens them in that form.
import { relative, sep } from 'node:path';
import { execa } from 'execa';
import { forEachShownName } from '../../tools/shared/fileNames.js';
import { walkFiles } from '../../tools/shared/walk.js';
import { candidatesFor, indexPaths, matchPaths, normalizeQuery, type IndexedPath } from './pathMatch.js';

export type ListFiles = (root: string) => Promise<string[]>;

export type FileIndexOptions = {
  list?: ListFiles;
  /** A list older than this is refreshed when the next completion starts. */
  maxAgeMs?: number;
  now?: () => number;
};

export const DEFAULT_MAX_AGE_MS = 30_000;
/** Started somewhere huge (a home folder outside any repository), memory and match time stay bounded. */
export const MAX_INDEXED_FILES = 200_000;
const SKIPPED_DIRS = ['.git', 'node_modules'] as const;

/** `git ls-files -co --exclude-standard` in a repository, else a .gitignore-aware walk. */
export async function listProjectFiles(root: string): Promise<string[]> {
  const git = await execa('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: root,
    reject: false,
    stdin: 'ignore',
    stderr: 'ignore',
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'buffer',
  });
  if (git.exitCode === 0) {
    const names: string[] = [];
    forEachShownName(Buffer.from(git.stdout), (shown) => names.push(shown));
    return names;
  }
  const found = await walkFiles({ root, patterns: ['**/*'], skipDirs: SKIPPED_DIRS });
  return found.map((file) => relative(root, file.path).split(sep).join('/'));
}

export class FileIndex {
  private paths: IndexedPath[] | undefined;
  private builtAt = 0;
  private builds = 0;
  private building: Promise<void> | undefined;
  /** The last query and every path matching it, to narrow from when the next one extends it. */
  private narrowed: { query: string; candidates: IndexedPath[] } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly list: ListFiles;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    readonly root: string,
    options: FileIndexOptions = {},
  ) {
    this.list = options.list ?? listProjectFiles;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  get isReady(): boolean {
    return this.paths !== undefined;
  }

  /** Changes each time a new listing is in, so a view can tell it must query again. */
  get version(): number {
    return this.builds;
  }

  /** Starts a listing when there is none yet or the last one has aged; never waits for it. */
  refreshIfStale(): void {
    if (this.building) return;
    if (this.paths && this.now() - this.builtAt < this.maxAgeMs) return;
    this.building = this.build();
  }

  /** Resolves when the listing in progress (if any) is done; for callers that must wait. */
  async settled(): Promise<void> {
    await this.building;
  }

  /** Called whenever a new listing is in. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The best matches for `query`; empty until the first listing is in. */
  query(query: string, limit?: number): IndexedPath[] {
    if (!this.paths) return [];
    const needle = normalizeQuery(query);
    const previous = this.narrowed;
    const pool = previous && needle.startsWith(previous.query) ? previous.candidates : this.paths;
    const candidates = candidatesFor(pool, needle);
    this.narrowed = { query: needle, candidates };
    return matchPaths(candidates, needle, limit);
  }

  private async build(): Promise<void> {
    try {
      const files = await this.list(this.root);
      this.paths = indexPaths(files.length > MAX_INDEXED_FILES ? files.slice(0, MAX_INDEXED_FILES) : files);
      this.narrowed = undefined;
      this.builtAt = this.now();
      this.builds += 1;
      for (const listener of this.listeners) listener();
    } catch {
      // A failed listing leaves the previous one (or none); the next completion tries again.
    } finally {
      this.building = undefined;
    }
  }
}

const indexes = new Map<string, FileIndex>();

/** One index per project directory for the whole process. */
export function fileIndexFor(root: string): FileIndex {
  let index = indexes.get(root);
  if (!index) {
    index = new FileIndex(root);
    indexes.set(root, index);
  }
  return index;
}
