// Path rules against commands that read whole folders (`grep -r`, `rg`, `find`, `git grep`):
// such a read reaches every file below the folder, so a rule denying any file there applies.
// The walk is bounded; past the bound the answer is "cannot be sure".
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PermissionRule } from '../types/permissions.js';
import { anchoredPatterns, isInsideDirectory, pathRuleAppliesTo, pathRuleMatches, resolveRealPath, type PathRuleBases } from './paths.js';

export const MAX_TREE_ENTRIES = 5_000;

export type TreeMatch = { rule: PermissionRule; path: string } | { rule: PermissionRule; unsure: true };

/** The folder a pattern can only match inside: its literal leading segments, or its base. */
function patternArea(base: string, pattern: string): string {
  const body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const segments = body.split('/');
  // gitignore: a pattern with no slash but a trailing one matches at any depth.
  const anchored = pattern.startsWith('/') || segments.slice(0, -1).some((segment) => segment !== '');
  if (!anchored) return resolve(base);
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\\!]/.test(segment) || segment === '') break;
    literal.push(segment);
  }
  return resolve(base, ...literal);
}

const overlaps = (a: string, b: string): boolean => isInsideDirectory(a, b) || isInsideDirectory(b, a);

/** Entries below `dir`, breadth first, symlinks listed but not followed; undefined past the bound. */
function entriesBelow(dir: string): string[] | undefined {
  const found: string[] = [];
  const queue = [dir];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      found.push(path);
      if (found.length > MAX_TREE_ENTRIES) return undefined;
      if (entry.isDirectory()) queue.push(path);
    }
  }
  return found;
}

/**
 * The first rule (of those speaking about `toolName`) matching `dir` or something below it.
 * `unsure` when the folder is too big to look through.
 */
export function findRuleInTree(rules: readonly PermissionRule[], toolName: string, dir: string, bases: PathRuleBases): TreeMatch | undefined {
  const real = resolveRealPath(dir);
  for (const rule of rules) {
    if (rule.ruleContent === undefined || !pathRuleAppliesTo(rule.toolName, toolName, rule.behavior)) continue;
    if (pathRuleMatches(rule, dir, bases)) return { rule, path: dir };
    const areas = anchoredPatterns(rule, bases).map(({ base, pattern }) => patternArea(base, pattern));
    const reachable = areas.filter((area) => overlaps(area, real) || overlaps(area, resolve(dir)));
    for (const area of reachable) {
      // Walk whichever of the two is smaller: the area inside the folder, or the folder.
      const start = isInsideDirectory(area, real) ? area : dir;
      const entries = entriesBelow(start);
      if (entries === undefined) return { rule, unsure: true };
      const hit = entries.find((entry) => pathRuleMatches(rule, entry, bases));
      if (hit !== undefined) return { rule, path: hit };
    }
  }
  return undefined;
}
