// The one answer to "may this call read or write this path?", used by the file tools and by
// every file a Bash command reads or writes, so `cat secrets/key` gets the answer Read gives:
// Read/Edit deny rules, then ask rules, protected paths for writes, the mode, allow rules, and
// the working-directory boundary. Paths are judged where they really are (symlinks resolved).
import type { PermissionMode, PermissionRule, ToolPermissionContext } from '../types/permissions.js';
import { findPathRule, isInsideWorkingDirectories, resolveRealPath, type PathRuleBases } from './paths.js';
import { isProtectedPath } from './protectedPaths.js';
import { findRuleInTree } from './treeRules.js';

export type PathAccess = 'read' | 'write';
/** `tree`: everything below a folder is read (`grep -r`), not only the folder's own entries. */
export type PathScope = 'file' | 'tree';

export type PathVerdict =
  | { behavior: 'deny'; check: 'rule'; rule: PermissionRule; path: string }
  | { behavior: 'ask'; check: 'rule'; rule: PermissionRule; path: string }
  /** A folder too big to look through for files a deny or ask rule covers. */
  | { behavior: 'ask'; check: 'unsure'; rule: PermissionRule; path: string }
  | { behavior: 'ask'; check: 'protected' | 'outside' | 'edit'; path: string }
  | { behavior: 'allow'; check: 'rule'; rule: PermissionRule; path: string }
  | { behavior: 'allow'; check: 'inside' | 'acceptEdits' | 'bypassPermissions'; path: string };

export type PathQuestion = {
  access: PathAccess;
  path: string;
  /** The tool whose rules apply: `Read` and `Edit` for Bash, the tool's own name otherwise. */
  toolName: string;
  scope?: PathScope;
};

export type PathContext = { permissions: ToolPermissionContext; bases: PathRuleBases; mode?: PermissionMode };

function restricting(behavior: 'deny' | 'ask', question: PathQuestion, context: PathContext): PathVerdict | undefined {
  const rules = context.permissions.rules.filter((rule) => rule.behavior === behavior);
  const { path, toolName } = question;
  const rule = findPathRule(rules, toolName, path, context.bases);
  if (rule) return { behavior, check: 'rule', rule, path };
  if (question.scope !== 'tree') return undefined;
  const below = findRuleInTree(rules, toolName, path, context.bases);
  if (!below) return undefined;
  if ('unsure' in below) return { behavior: 'ask', check: 'unsure', rule: below.rule, path };
  return { behavior, check: 'rule', rule: below.rule, path: below.path };
}

export function isProtectedWritePath(path: string): boolean {
  return isProtectedPath(path) || isProtectedPath(resolveRealPath(path));
}

/** The verdict for one path, in the order the resolution chain uses for every tool. */
export function decidePathAccess(question: PathQuestion, context: PathContext): PathVerdict {
  const denied = restricting('deny', question, context);
  if (denied) return denied;
  const asked = restricting('ask', question, context);
  if (asked) return asked;
  const { access, path, toolName } = question;
  if (access === 'write' && isProtectedWritePath(path)) return { behavior: 'ask', check: 'protected', path };
  const mode = context.mode ?? context.permissions.mode;
  if (mode === 'bypassPermissions') return { behavior: 'allow', check: 'bypassPermissions', path };
  const allowRules = context.permissions.rules.filter((rule) => rule.behavior === 'allow');
  const allowed = findPathRule(allowRules, toolName, path, context.bases);
  if (allowed) return { behavior: 'allow', check: 'rule', rule: allowed, path };
  const inside = isInsideWorkingDirectories(path, context.permissions.workingDirectories);
  if (!inside) return { behavior: 'ask', check: 'outside', path };
  if (access === 'read') return { behavior: 'allow', check: 'inside', path };
  if (mode === 'acceptEdits') return { behavior: 'allow', check: 'acceptEdits', path };
  return { behavior: 'ask', check: 'edit', path };
}
