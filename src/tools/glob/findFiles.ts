// Glob's search: where to look, what to skip, and the newest-first cap.
import { isAbsolute, join, sep } from 'node:path';
import fg from 'fast-glob';
import { byNewestFirst, walkFiles } from '../shared/walk.js';

export const GLOB_RESULT_LIMIT = 100;

const ALWAYS_SKIPPED = ['.git', 'node_modules'] as const;

export type GlobSearch = { pattern: string; root: string; signal?: AbortSignal };

export type GlobMatches = { filenames: string[]; truncated: boolean };

export async function findFiles(search: GlobSearch): Promise<GlobMatches> {
  const { root, pattern } = splitAbsolutePattern(search.pattern, search.root);
  // Looking inside node_modules on purpose should work; stumbling into it should not.
  const skipDirs = /(^|\/)node_modules(\/|$)/.test(pattern) ? ['.git'] : [...ALWAYS_SKIPPED];
  const found = await walkFiles({ root, patterns: [pattern], skipDirs, signal: search.signal });
  found.sort(byNewestFirst);
  return {
    filenames: found.slice(0, GLOB_RESULT_LIMIT).map((file) => file.path),
    truncated: found.length > GLOB_RESULT_LIMIT,
  };
}

/** "/repo/src/**\/*.ts" becomes root "/repo/src" and pattern "**\/*.ts". */
export function splitAbsolutePattern(pattern: string, root: string): { root: string; pattern: string } {
  if (!isAbsolute(pattern)) return { root, pattern };
  const segments = pattern.split('/');
  const firstDynamic = segments.findIndex((segment) => segment !== '' && fg.isDynamicPattern(segment));
  const staticCount = firstDynamic === -1 ? segments.length - 1 : firstDynamic;
  return {
    root: join(sep, ...segments.slice(0, staticCount)),
    pattern: segments.slice(staticCount).join('/'),
  };
}
