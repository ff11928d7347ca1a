// Ranking project paths for `@` completion. Runs on every keystroke over the whole index, so it
// is one pass with cheap string tests and a small bounded top list (no sort of 50k entries).
// Better kinds of match win first: a prefix of the whole path, then a prefix of any segment,
// then segment-by-segment prefixes (`s/au` → `src/auth.ts`), then a substring, then the
// characters in order. Within a kind, shallower and shorter paths win.

export type IndexedPath = {
  /** Relative to the index root with `/` separators; directories end with `/`. */
  path: string;
  lower: string;
  isDirectory: boolean;
  depth: number;
};

function slashesIn(path: string): number {
  let count = 0;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) count++;
  return count;
}

/** Files plus every folder that holds one, each folder once. */
export function indexPaths(files: Iterable<string>): IndexedPath[] {
  const entries: IndexedPath[] = [];
  const seenDirs = new Set<string>();
  const add = (path: string, isDirectory: boolean): void => {
    const depth = slashesIn(path) - (isDirectory ? 1 : 0);
    entries.push({ path, lower: path.toLowerCase(), isDirectory, depth });
  };
  for (const raw of files) {
    const file = raw.includes('\\') ? raw.replace(/\\/g, '/') : raw;
    if (file === '') continue;
    const parentEnd = file.lastIndexOf('/') + 1;
    // Once a file's own folder is known, so are all the folders above it.
    if (parentEnd > 0 && !seenDirs.has(file.slice(0, parentEnd))) {
      for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) {
        const dir = file.slice(0, slash + 1);
        if (seenDirs.has(dir)) continue;
        seenDirs.add(dir);
        add(dir, true);
      }
    }
    add(file, false);
  }
  return entries;
}

const TIER = 1_000_000;
const DEPTH = 1_000;

function isSubsequence(needle: string, haystack: string): boolean {
  let at = 0;
  for (const char of needle) {
    at = haystack.indexOf(char, at);
    if (at === -1) return false;
    at += 1;
  }
  return true;
}

/** Each query segment is a prefix of a later path segment than the one before it. */
function segmentsMatch(querySegments: readonly string[], lower: string): boolean {
  let from = 0;
  for (const wanted of querySegments) {
    let at = lower.indexOf(wanted, from);
    while (at > 0 && lower[at - 1] !== '/') at = lower.indexOf(wanted, at + 1);
    if (at === -1) return false;
    const segmentEnd = lower.indexOf('/', at);
    from = segmentEnd === -1 ? lower.length : segmentEnd + 1;
  }
  return true;
}

/** Lower is better; undefined when the path does not match at all. */
function tierOf(entry: IndexedPath, query: string, querySegments: readonly string[]): number | undefined {
  const { lower } = entry;
  if (lower.startsWith(query)) return 0;
  if (lower.includes(`/${query}`)) return 1;
  if (querySegments.length > 1 && segmentsMatch(querySegments, lower)) return 2;
  if (lower.includes(query)) return 3;
  if (isSubsequence(query, lower)) return 4;
  return undefined;
}

type Scored = { entry: IndexedPath; score: number };

function better(a: Scored, b: Scored): boolean {
  return a.score < b.score || (a.score === b.score && a.entry.path < b.entry.path);
}

/** The form a query is compared in: lower case, `/` separators, no leading `./`. */
export function normalizeQuery(query: string): string {
  return query.toLowerCase().replace(/\\/g, '/').replace(/^\.\//, '');
}

/**
 * Every path that matches `query` at all. Each kind of match implies the characters-in-order
 * one, so the paths matching a longer query are among these: completion narrows this list as
 * the person types instead of scanning the whole index on every key.
 */
export function candidatesFor(paths: readonly IndexedPath[], query: string): IndexedPath[] {
  const needle = normalizeQuery(query);
  return paths.filter((entry) => isSubsequence(needle, entry.lower));
}

/** The best `limit` paths for `query` (without its `@`), best first. */
export function matchPaths(paths: readonly IndexedPath[], query: string, limit = 10): IndexedPath[] {
  const needle = normalizeQuery(query);
  const querySegments = needle.split('/').filter((segment) => segment !== '');
  const top: Scored[] = [];
  for (const entry of paths) {
    const tier = tierOf(entry, needle, querySegments);
    if (tier === undefined) continue;
    const candidate = { entry, score: tier * TIER + entry.depth * DEPTH + Math.min(entry.path.length, DEPTH - 1) };
    const worst = top[top.length - 1];
    if (top.length >= limit && worst !== undefined && !better(candidate, worst)) continue;
    let at = top.length;
    while (at > 0 && better(candidate, top[at - 1] as Scored)) at--;
    top.splice(at, 0, candidate);
    if (top.length > limit) top.pop();
  }
  return top.map((scored) => scored.entry);
}
