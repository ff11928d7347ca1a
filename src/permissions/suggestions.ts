// "Yes, and don't ask again": the rules or mode changes that would let the same call through.
import { dirname } from 'node:path';
import type { PermissionUpdate, RuleValue } from '../types/permissions.js';
import { isSafeEnvAssignment } from './bash/env.js';
import type { Facts } from './bash/facts.js';
import { isCodeRunner } from './bash/ruleMatch.js';

export const MAX_SUGGESTED_RULES_FOR_COMPOUND = 5;

const escapeStars = (word: string): string => word.replace(/\*/g, '\\*');
const PLAIN_SUBCOMMAND = /^[A-Za-z0-9][\w.:@+-]*$/;

/**
 * `npm test -- --watch` → `npm test *`. Code runners, commands run through xargs, unknown words
 * and options that write or run code only ever get an exact rule.
 */
export function suggestedBashRuleContent(facts: Facts): string {
  const { segment } = facts;
  const text = segment.text;
  const envOk = segment.assignments.every(isSafeEnvAssignment);
  const [program, subcommand] = facts.command;
  if (program === undefined || !program.exact || !envOk || segment.argsFromStdin || facts.substitution || facts.unsafe.length > 0) return text;
  if (isCodeRunner(program.text) || program.text.includes('/')) return text;
  if (facts.command.length === 1) return escapeStars(program.text);
  if (subcommand?.exact && PLAIN_SUBCOMMAND.test(subcommand.text)) {
    return `${escapeStars(program.text)} ${escapeStars(subcommand.text)} *`;
  }
  return text;
}

export function bashSuggestions(command: string, parts: readonly Facts[]): PermissionUpdate[] {
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
