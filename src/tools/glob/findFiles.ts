// Glob's search: where to look, what to skip, and which files to show in what order. One walk
// (ripgrep's, else the built-in one), and a stat only of the files shown: when more match than
// can be shown, those nearest the search root are kept while walking, so a pattern that matches
// half of a huge tree costs the walk and no more. ripgrep lists what .gitignore lets through
// (its --glob would override .gitignore, so the pattern is matched here, with fast-glob's own
// matcher); a pattern ending in a file-name glob ("**\/*.ts") lets ripgrep skip the rest itself.
import { stat } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';
import { resolveEngine } from '../grep/engine.js';
import { statOrUndefined } from '../shared/fileChecks.js';
import { displayFileName } from '../shared/fileNames.js';
import { byNewestFirst, walkFiles } from '../shared/walk.js';
import { NearestFiles } from './nearestFiles.js';
import { listWithRipgrep } from './ripgrepFiles.js';

export const GLOB_RESULT_LIMIT = 100;

const NAMES_NODE_MODULES = /(^|\/)node_modules(\/|$)/;

export type GlobSearch = {
  pattern: string;
  root: string;
  signal?: AbortSignal;
  /** Files left out as if they did not exist (Read deny rules). */
  isExcluded?: (path: string) => boolean;
};

export type GlobMatches = {
  filenames: string[];
  truncated: boolean;
  /** Every matching file, shown or not. */
  totalFiles: number;
};

export async function findFiles(search: GlobSearch): Promise<GlobMatches> {
  const { root, pattern } = splitPattern(search.pattern, search.root);
  const prefix = root.endsWith(sep) ? root : root + sep;
  const { isExcluded } = search;
  const nearest = new NearestFiles(GLOB_RESULT_LIMIT, isExcluded && ((relative) => isExcluded(prefix + relative)));
  if ((await statOrUndefined(root))?.isDirectory()) {
    // Looking inside node_modules on purpose should work; stumbling into it should not.
    const includeNodeModules = NAMES_NODE_MODULES.test(search.pattern);
    const engine = await resolveEngine();
    if (engine.kind === 'ripgrep') {
      const fileNameGlob = fileNameGlobOf(pattern);
      const matcher = await pathMatcher(pattern, fileNameGlob);
      await listWithRipgrep({
        rgPath: engine.rgPath,
        root,
        ...(fileNameGlob !== undefined && { fileNameGlob }),
        includeNodeModules,
        ...(search.signal && { signal: search.signal }),
        onFile: (relative, bytes) => {
          if (!matcher || matcher.test(relative)) nearest.offer(relative, bytes);
        },
      });
    } else {
      const skipDirs = includeNodeModules ? ['.git'] : ['.git', 'node_modules'];
      const found = await walkFiles({ root, patterns: [pattern], skipDirs, signal: search.signal });
      for (const { path } of found) {
        const relative = path.slice(prefix.length);
        const shown = displayFileName(Buffer.from(relative));
        nearest.offer(shown, shown === relative ? undefined : Buffer.from(relative));
      }
    }
  }
  search.signal?.throwIfAborted();
  const rootBytes = Buffer.from(prefix);
  const shown = await Promise.all(
    nearest.kept().map(async (file) => ({
      path: prefix + file.relative,
      mtimeMs: await stat(file.bytes ? Buffer.concat([rootBytes, file.bytes]) : prefix + file.relative).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    })),
  );
  return {
    filenames: shown.sort(byNewestFirst).map((file) => file.path),
    truncated: nearest.total > shown.length,
    totalFiles: nearest.total,
  };
}

/**
 * The test a listed path must pass, or undefined when ripgrep's listing already is the answer:
 * "**\/*" takes every file, and "**\/<name glob>" is exactly ripgrep's file-name filter.
 */
async function pathMatcher(pattern: string, fileNameGlob: string | undefined): Promise<RegExp | undefined> {
  if (pattern === '**' || pattern === '**/*') return undefined;
  if (fileNameGlob !== undefined && pattern === `**/${fileNameGlob}`) return undefined;
  const { default: picomatch } = await import('picomatch');
  // The matcher's own regular expression: its wrapper costs more than the test itself.
  return picomatch.makeRe(pattern, { dot: true });
}

/**
 * The glob every matching file's name must match, when the pattern says so plainly: its last
 * segment, unless that is "**" or a brace or parenthesis might span a slash.
 */
export function fileNameGlobOf(pattern: string): string | undefined {
  const name = pattern.slice(pattern.lastIndexOf('/') + 1);
  if (name === '' || name === '*' || name.includes('**') || /[()]/.test(pattern)) return undefined;
  const balanced = (text: string) => text.split('{').length === text.split('}').length;
  return balanced(name) && balanced(pattern) ? name : undefined;
}

/** A segment with glob syntax in it; a backslash counts, since it escapes the next character. */
function isDynamic(segment: string): boolean {
  return /[*?[\]{}()!+@\\]/.test(segment);
}

/**
 * Moves the pattern's leading plain folders into the root: "/repo/src/**\/*.ts" searches
 * "/repo/src" for "**\/*.ts", and so does "src/**\/*.ts" from "/repo". The walk then starts
 * where the files are, and a folder named on purpose is searched even if it is ignored.
 * A relative pattern never climbs out of the root this way.
 */
export function splitPattern(pattern: string, root: string): { root: string; pattern: string } {
  const absolute = isAbsolute(pattern);
  const segments = pattern.split('/');
  const firstDynamic = segments.findIndex((segment) => segment !== '' && isDynamic(segment));
  const staticCount = firstDynamic === -1 ? segments.length - 1 : firstDynamic;
  const prefix = segments.slice(0, staticCount);
  if (!absolute && prefix.includes('..')) return { root, pattern };
  return {
    root: absolute ? join(sep, ...prefix) : join(root, ...prefix),
    pattern: segments.slice(staticCount).join('/'),
  };
}
