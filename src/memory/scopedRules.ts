// Rules whose frontmatter has `paths:`: they apply only to matching files, so they load when such
// a file is first touched rather than at start-up. Patterns are gitignore-style globs, relative
// to the folder that holds the `.claude/rules` directory.
import { dirname, isAbsolute, relative, sep } from 'node:path';
import ignore from 'ignore';
import { parseFrontmatter } from '../utils/frontmatter.js';
import type { MemoryCandidate } from './discover.js';

export type ScopedRule = { candidate: MemoryCandidate; base: string; patterns: string[] };

/** The `paths:` patterns of a rule, or undefined when the rule applies everywhere. */
export function rulePatterns(text: string): string[] | undefined {
  let data: Record<string, unknown>;
  try {
    data = parseFrontmatter(text).data;
  } catch {
    return undefined;
  }
  const paths: unknown = data.paths;
  const list = typeof paths === 'string' ? paths.split(',') : Array.isArray(paths) ? paths : [];
  const patterns = list.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter(Boolean);
  return patterns.length > 0 ? patterns : undefined;
}

/** `<dir>/.claude/rules/x.md` is scoped to `<dir>`; a user rule to the session's project. */
export function ruleBase(candidate: MemoryCandidate, projectDir: string): string {
  if (candidate.type === 'user') return projectDir;
  const marker = `${sep}.claude${sep}rules${sep}`;
  const at = candidate.path.lastIndexOf(marker);
  return at === -1 ? dirname(candidate.path) : candidate.path.slice(0, at);
}

export function ruleMatches(rule: ScopedRule, filePath: string): boolean {
  const rel = relative(rule.base, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  return ignore().add(rule.patterns).ignores(rel.split('\\').join('/'));
}
