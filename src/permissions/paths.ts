// Path rules for file tools, gitignore-style: `//abs/path`, `~/home/path`, `/from-settings-root`,
// `./from-cwd` or `from-cwd`. Paths are judged by where they really are (symlinks resolved).
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { displayFileName } from '../tools/shared/fileNames.js';
import { pathOnDisk } from '../tools/shared/pathOnDisk.js';
import type { ToolUseContext } from '../tools/Tool.js';
import type { PermissionBehavior, PermissionRule, RuleValue, ToolPermissionContext } from '../types/permissions.js';
import { claudeConfigDir, homeDir } from '../utils/configDir.js';
import { isEditTool, isReadTool } from './toolFamilies.js';

/**
 * Resolves `..` and every symlink on the way, even when the path itself does not exist yet. A
 * name shown escaped (not valid UTF-8) is judged where the file it stands for really is, as the
 * file tools open that file: the answer is then shown escaped the same way.
 */
export function resolveRealPath(path: string): string {
  const absolute = resolve(path);
  const onDisk = pathOnDisk(absolute);
  if (typeof onDisk === 'string') return realPathOf(absolute, 'utf8');
  return displayFileName(Buffer.from(realPathOf(onDisk.toString('latin1'), 'latin1'), 'latin1'));
}

/** `latin1`: the path is bytes held one char a byte, which the path functions keep intact. */
function realPathOf(absolute: string, encoding: 'utf8' | 'latin1'): string {
  const onFs = (text: string): string | Buffer => (encoding === 'utf8' ? text : Buffer.from(text, 'latin1'));
  const missing: string[] = [];
  let current = absolute;
  while (!existsSync(onFs(current))) {
    const parent = dirname(current);
    if (parent === current) return absolute;
    missing.unshift(basename(current));
    current = parent;
  }
  try {
    // Only the native realpath takes a byte path (the JS one runs it through path.resolve).
    const real = encoding === 'utf8' ? realpathSync(current) : realpathSync.native(onFs(current), { encoding });
    return join(real, ...missing);
  } catch {
    return absolute;
  }
}

export function isInsideDirectory(path: string, directory: string): boolean {
  const rel = relative(directory, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Judged by the real location, so a symlink out of the project is outside. */
export function isInsideWorkingDirectories(path: string, directories: readonly string[]): boolean {
  const real = resolveRealPath(path);
  return directories.some((directory) => isInsideDirectory(real, resolveRealPath(directory)));
}

/** What relative rule patterns resolve against. */
export type PathRuleBases = {
  /** The project root: the first working directory. */
  projectRoot: string;
  /** Where the session is now; deny and ask rules also try it. */
  cwd: string;
};

export function pathRuleBases(ctx: ToolUseContext): PathRuleBases {
  const cwd = ctx.getCwd();
  return { projectRoot: ctx.getPermissionContext().workingDirectories[0] ?? cwd, cwd };
}

/** A rule's gitignore-style pattern and the folder it is relative to. */
export type AnchoredPattern = { base: string; pattern: string };

/**
 * A rule from a settings file whose path starts with a single `/` is relative to that file's
 * root (the project, or the user config folder). Rewriting it to the absolute `//path` form
 * once, where the file is known, keeps it right whatever the session's cwd becomes.
 */
export function anchorSettingsPathRule<R extends RuleValue>(rule: R, root: string): R {
  const content = rule.ruleContent;
  if (content === undefined || !isPathRuleTool(rule.toolName)) return rule;
  if (!content.startsWith('/') || content.startsWith('//')) return rule;
  const anchored = join(root, content);
  return isAbsolute(anchored) ? { ...rule, ruleContent: `/${anchored}` } : rule;
}

function isPathRuleTool(toolName: string): boolean {
  return isReadTool(toolName) || isEditTool(toolName);
}

/** Where a `/path` rule that was not anchored on loading (session, SDK, flags) is relative to. */
function settingsRoot(rule: PermissionRule, bases: PathRuleBases): string {
  if (rule.source === 'userSettings') return claudeConfigDir();
  return bases.projectRoot;
}

function anchor(rule: PermissionRule, content: string, bases: PathRuleBases, relativeBase: string): AnchoredPattern {
  if (content.startsWith('//')) return { base: '/', pattern: content.slice(1) };
  if (content === '~') return { base: homeDir(), pattern: '**' };
  if (content.startsWith('~/')) return { base: homeDir(), pattern: content.slice(1) };
  if (content.startsWith('/')) return { base: settingsRoot(rule, bases), pattern: content };
  let base = relativeBase;
  let pattern = content.startsWith('./') ? content.slice(1) : content;
  while (pattern.startsWith('../') || pattern.startsWith('/../')) {
    base = dirname(base);
    pattern = pattern.slice(pattern.indexOf('../') + 2);
  }
  return { base, pattern };
}

/**
 * Where a deny rule's path points, as the matcher reads it (relative patterns from the project
 * root and from cwd), for the Bash sandbox, which must hide concrete paths.
 */
export function denyRulePatterns(rule: PermissionRule, bases: PathRuleBases): AnchoredPattern[] {
  const content = rule.ruleContent;
  if (content === undefined) return [];
  return [...new Set([bases.projectRoot, bases.cwd])].map((relativeBase) => anchor(rule, content, bases, relativeBase));
}

function patternMatches({ base, pattern }: AnchoredPattern, path: string, ignoreCase: boolean): boolean {
  const matcher = ignore({ ignorecase: ignoreCase }).add(pattern);
  for (const root of new Set([resolve(base), resolveRealPath(base)])) {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    if (safeIgnores(matcher, rel, ignoreCase)) return true;
    // A directory holding matching files counts, so a search rooted there is caught too.
    if (isExistingDirectory(path) && safeIgnores(matcher, `${rel}/.pulse-probe`, ignoreCase)) return true;
  }
  return false;
}

/** A path the matcher cannot judge counts as a match for deny and ask, never for allow. */
function safeIgnores(matcher: Ignore, rel: string, eager: boolean): boolean {
  try {
    return matcher.ignores(rel);
  } catch {
    return eager;
  }
}

function isExistingDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Both the path as given (normalized) and where it really is. */
function candidatePaths(path: string): string[] {
  return [...new Set([resolve(path), resolveRealPath(path)])];
}

/** The rule's pattern anchored at each folder it is read from (deny and ask rules try the cwd too). */
export function anchoredPatterns(rule: PermissionRule, bases: PathRuleBases): AnchoredPattern[] {
  if (rule.ruleContent === undefined) return [];
  const relativeBases = rule.behavior === 'allow' ? [bases.projectRoot] : [...new Set([bases.projectRoot, bases.cwd])];
  return relativeBases.map((relativeBase) => anchor(rule, rule.ruleContent as string, bases, relativeBase));
}

/**
 * Whether a content rule like `Read(./secrets/**)` matches the path. Deny and ask rules match
 * more eagerly (any case, either base, the path before or after symlinks) than allow rules.
 */
export function pathRuleMatches(rule: PermissionRule, path: string, bases: PathRuleBases): boolean {
  if (rule.ruleContent === undefined) return true;
  const strict = rule.behavior === 'allow';
  const paths = strict ? [resolveRealPath(path)] : candidatePaths(path);
  return anchoredPatterns(rule, bases).some((anchored) => paths.some((candidate) => patternMatches(anchored, candidate, !strict)));
}

/** Does a `Read`/`Edit`/own-name rule speak about this tool's path? */
export function pathRuleAppliesTo(ruleTool: string, toolName: string, behavior: PermissionBehavior): boolean {
  if (ruleTool === toolName) return true;
  // Edit permission implies read permission; a read denial also forbids writing.
  if (ruleTool === 'Edit') return isEditTool(toolName) || (behavior === 'allow' && isReadTool(toolName));
  if (ruleTool === 'Read') return isReadTool(toolName) || (behavior !== 'allow' && isEditTool(toolName));
  return false;
}

export function findPathRule(
  rules: readonly PermissionRule[],
  toolName: string,
  path: string,
  bases: PathRuleBases,
): PermissionRule | undefined {
  return rules.find(
    (rule) =>
      rule.ruleContent !== undefined &&
      pathRuleAppliesTo(rule.toolName, toolName, rule.behavior) &&
      pathRuleMatches(rule, path, bases),
  );
}

/** For Grep and Glob to drop results a `Read(...)` deny rule covers. */
export function isPathDeniedForRead(absPath: string, ctx: ToolUseContext): boolean {
  const permissions: ToolPermissionContext = ctx.getPermissionContext();
  const denies = permissions.rules.filter((rule) => rule.behavior === 'deny');
  return findPathRule(denies, 'Read', absPath, pathRuleBases(ctx)) !== undefined;
}
