// "Yes, and don't ask again": the rules or mode changes that would let the same call through.
import { dirname } from 'node:path';
import type { PermissionUpdate, RuleValue } from '../types/permissions.js';
import { CODE_RUNNERS } from './bash/match.js';
import { isSafeEnvAssignment } from './bash/env.js';
import type { ParsedCommand } from './bash/split.js';
import { stripWrappers } from './bash/wrappers.js';

export const MAX_SUGGESTED_RULES_FOR_COMPOUND = 5;

const escapeStars = (word: string): string => word.replace(/\*/g, '\\*');
const PLAIN_SUBCOMMAND = /^[A-Za-z0-9][\w.:@+-]*$/;

/** `npm test -- --watch` → `npm test *`; shells and other code runners only ever get exact rules. */
export function suggestedBashRuleContent(part: ParsedCommand): string {
  const envOk = part.envAssignments.every(isSafeEnvAssignment);
  const unwrapped = stripWrappers(part.argv);
  const [program, subcommand] = unwrapped.argv;
  if (program === undefined || !envOk || unwrapped.viaXargs || CODE_RUNNERS.has(program)) return part.text;
  const argv = unwrapped.argv;
  if (argv.length === 1) return escapeStars(program);
  if (subcommand !== undefined && PLAIN_SUBCOMMAND.test(subcommand)) {
    return `${escapeStars(program)} ${escapeStars(subcommand)} *`;
  }
  return part.text;
}

export function bashSuggestions(command: string, parts: readonly ParsedCommand[]): PermissionUpdate[] {
  const contents = parts.length === 0 ? [command.trim()] : [...new Set(parts.map(suggestedBashRuleContent))];
  if (contents.length > MAX_SUGGESTED_RULES_FOR_COMPOUND) return [];
  const rules: RuleValue[] = contents.map((ruleContent) => ({ toolName: 'Bash', ruleContent }));
  return [{ type: 'addRules', rules, behavior: 'allow', destination: 'localSettings' }];
}

export function editSuggestions(path: string, insideWorkingDirectories: boolean): PermissionUpdate[] {
  if (insideWorkingDirectories) return [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }];
  return [{ type: 'addDirectories', directories: [dirname(path)], destination: 'session' }];
}

export function readSuggestions(directory: string): PermissionUpdate[] {
  return [{ type: 'addDirectories', directories: [directory], destination: 'session' }];
}

export function toolSuggestions(rule: RuleValue): PermissionUpdate[] {
  return [{ type: 'addRules', rules: [rule], behavior: 'allow', destination: 'localSettings' }];
}
