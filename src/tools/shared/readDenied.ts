// A `Read(...)` deny rule hides files from search results too: Grep and Glob drop every path
// such a rule covers, so a denied file's name or contents never reach the model through a search.
import { isPathDeniedForRead } from '../../permissions/paths.js';
import type { ToolUseContext } from '../Tool.js';

/** Answers per path, remembering each, so a long result list costs one rule check per file. */
export function readDenialCheck(ctx: ToolUseContext): ((absPath: string) => boolean) | undefined {
  const hasPathDenies = ctx.getPermissionContext().rules.some((rule) => rule.behavior === 'deny' && rule.ruleContent !== undefined);
  if (!hasPathDenies) return undefined;
  const seen = new Map<string, boolean>();
  return (absPath) => {
    let denied = seen.get(absPath);
    if (denied === undefined) {
      denied = isPathDeniedForRead(absPath, ctx);
      seen.set(absPath, denied);
    }
    return denied;
  };
}

export function withoutDeniedPaths(paths: readonly string[], ctx: ToolUseContext): string[] {
  const isDenied = readDenialCheck(ctx);
  return isDenied ? paths.filter((path) => !isDenied(path)) : [...paths];
}

// `path:12:text` (a match) or `path-12-text` (context), as ripgrep and the built-in engine print them.
const LINE_NUMBER_MARK = /(?::\d+:|-\d+-)/g;

/**
 * Content lines whose file is denied. The path is whatever precedes a line-number mark; names
 * can contain such marks, so every candidate prefix is checked and any denied one drops the line.
 */
export function withoutDeniedLines(lines: readonly string[], ctx: ToolUseContext): string[] {
  const isDenied = readDenialCheck(ctx);
  if (!isDenied) return [...lines];
  return lines.filter((line) => {
    for (const match of line.matchAll(LINE_NUMBER_MARK)) {
      if (isDenied(line.slice(0, match.index))) return false;
    }
    const plainPrefix = line.indexOf(':');
    return plainPrefix <= 0 || !isDenied(line.slice(0, plainPrefix));
  });
}
