// Grep without ripgrep: the same files (hidden included, VCS folders and .gitignore skipped),
// a JavaScript RegExp, and output lines shaped exactly like rg's.
import { readFile, stat } from 'node:fs/promises';
import { walkFiles } from '../shared/walk.js';
import { fileTypeMatcher } from './fileTypes.js';
import { toWalkGlob } from './globs.js';
import { findMatchingLines, formatContentGroups, type FileMatches } from './lineMatches.js';
import { VCS_DIRS, type GrepQuery, type RawGrepResult } from './types.js';

/** Bigger files are skipped: reading them whole would cost more memory than a search should. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

export async function runBuiltinSearch(query: GrepQuery): Promise<RawGrepResult> {
  const regex = compilePattern(query);
  const files = await candidateFiles(query);
  const results: FileMatches[] = [];
  for (const path of files) {
    query.signal?.throwIfAborted();
    const text = await readSearchableText(path);
    if (text === undefined) continue;
    const matches = findMatchingLines(text, regex, query.multiline);
    if (matches.matchedLines.size > 0) results.push({ path, ...matches });
  }
  if (query.mode === 'files_with_matches') return { mode: query.mode, files: results.map((r) => r.path) };
  if (query.mode === 'count') {
    return { mode: query.mode, counts: results.map((r) => ({ path: r.path, count: r.count })) };
  }
  return { mode: query.mode, lines: formatContentGroups(results, query) };
}

function compilePattern(query: GrepQuery): RegExp {
  const flags = `g${query.caseInsensitive ? 'i' : ''}${query.multiline ? 'sm' : ''}`;
  try {
    return new RegExp(query.pattern, `${flags}u`);
  } catch {
    // Some patterns valid in rg (e.g. `\-` outside a class) are only rejected in unicode mode.
  }
  try {
    return new RegExp(query.pattern, flags);
  } catch (error) {
    throw new Error(`Invalid regular expression: ${(error as Error).message}`);
  }
}

async function candidateFiles(query: GrepQuery): Promise<string[]> {
  const stats = await stat(query.searchPath);
  // Like rg: a file named explicitly is searched even if hidden or ignored.
  if (!stats.isDirectory()) return [query.searchPath];
  const includes = query.globs.filter((glob) => !glob.startsWith('!')).map(toWalkGlob);
  const excludes = query.globs.filter((glob) => glob.startsWith('!')).map((glob) => toWalkGlob(glob.slice(1)));
  const typeFilter = query.type ? fileTypeMatcher(query.type) : undefined;
  const found = await walkFiles({
    root: query.searchPath,
    patterns: includes.length > 0 ? includes : ['**/*'],
    ignore: excludes,
    skipDirs: VCS_DIRS,
    signal: query.signal,
  });
  const paths = found.map((file) => file.path).sort();
  return typeFilter ? paths.filter(typeFilter) : paths;
}

/** The file's text, or undefined for binary (NUL bytes), oversized or unreadable files. */
async function readSearchableText(path: string): Promise<string | undefined> {
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) return undefined;
    const buffer = await readFile(path);
    if (buffer.includes(0)) return undefined;
    return buffer.toString('utf8');
  } catch {
    return undefined;
  }
}
