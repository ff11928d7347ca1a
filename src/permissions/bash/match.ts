// Bash rules against real commands. Allow needs every part of a compound command to be
// covered; deny and ask need only one part. Shell constructs that can hide a command
// (substitution, writes through redirection) are only allowed by an exact whole-command rule.
import { resolve } from 'node:path';
import type { PermissionRule } from '../../types/permissions.js';
import { isInsideWorkingDirectories } from '../paths.js';
import { isSafeEnvAssignment } from './env.js';
import { compileBashPattern, type BashPattern } from './pattern.js';
import { MAX_COMMAND_LENGTH, MAX_SUBCOMMANDS, isReadOnlyPart } from './readOnly.js';
import { redirectionWritesFile, splitCommand, type ParsedCommand } from './split.js';
import { stripWrappers } from './wrappers.js';

/** Programs that run arbitrary code from their arguments; a rule must name them itself. */
export const CODE_RUNNERS = new Set([
  'sh', 'bash', 'zsh', 'fish', 'csh', 'tcsh', 'ksh', 'dash', 'cmd', 'powershell', 'pwsh',
  'env', 'xargs', 'eval', 'exec', 'sudo', 'doas', 'su', 'source', '.',
]);

/** Programs whose later words may be another command; deny rules look at each of them. */
const COMMAND_PREFIXES = new Set([
  ...CODE_RUNNERS, 'timeout', 'time', 'nice', 'nohup', 'stdbuf', 'command', 'builtin', 'noglob',
  'watch', 'strace', 'ionice', 'chrt', 'taskset', 'setsid', 'unbuffer', 'flock', 'parallel',
]);
const FIND_EXEC_FLAGS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

const SHELLS = new Set(['sh', 'bash', 'zsh', 'fish', 'ksh', 'dash', 'csh', 'tcsh']);
const MAX_NESTED_SCRIPTS = 3;

type Form = { argv: string[]; rawArgv: string[]; viaXargs: boolean };

const hasWhitespace = (word: string): boolean => /\s/.test(word);

function textsOf(form: Form): string[] {
  const texts = [form.rawArgv.join(' ')];
  if (!form.argv.some(hasWhitespace)) texts.push(form.argv.join(' '));
  return texts;
}

function unwrap(argv: string[], rawArgv: string[]): Form {
  const unwrapped = stripWrappers(argv);
  return { argv: unwrapped.argv, rawArgv: rawArgv.slice(argv.length - unwrapped.argv.length), viaXargs: unwrapped.viaXargs };
}

/** The ways an allow rule may see a part: as written, and with safe env and wrappers removed. */
function allowForms(part: ParsedCommand): Form[] {
  const literal: Form = {
    argv: [...part.envAssignments, ...part.argv],
    rawArgv: [...part.envAssignments, ...part.rawArgv],
    viaXargs: false,
  };
  if (!part.envAssignments.every(isSafeEnvAssignment)) return [literal];
  return [literal, { argv: part.argv, rawArgv: part.rawArgv, viaXargs: false }, unwrap(part.argv, part.rawArgv)];
}

const basename = (program: string): string => program.slice(program.lastIndexOf('/') + 1);

function patternAllowsForm(pattern: BashPattern, form: Form): boolean {
  const word = form.argv[0];
  if (word === undefined) return false;
  const program = basename(word);
  if (form.viaXargs && !pattern.endsOpen) return false;
  if (CODE_RUNNERS.has(program) && pattern.literalHead !== word && !pattern.literalHead.startsWith(`${word} `)) {
    return false;
  }
  return textsOf(form).some((text) => pattern.regex.test(text));
}

export function ruleAllowsPart(rule: PermissionRule, part: ParsedCommand): boolean {
  if (rule.ruleContent === undefined) return true;
  const pattern = compileBashPattern(rule.ruleContent);
  return allowForms(part).some((form) => patternAllowsForm(pattern, form));
}

function suffixesAfterPrefixCommands(argv: string[]): string[][] {
  if (argv[0] === 'find') {
    return argv.flatMap((arg, index) => (FIND_EXEC_FLAGS.has(arg) ? [argv.slice(index + 1)] : []));
  }
  if (!COMMAND_PREFIXES.has(argv[0] ?? '')) return [];
  const suffixes: string[][] = [];
  for (let index = 1; index < argv.length; index++) {
    if (!(argv[index] as string).startsWith('-')) suffixes.push(argv.slice(index));
  }
  return suffixes;
}

function withBasename(argv: string[]): string[] {
  const program = argv[0] ?? '';
  return program.includes('/') ? [program.slice(program.lastIndexOf('/') + 1), ...argv.slice(1)] : argv;
}

/** Every text a deny or ask rule is tried against, generous on purpose. */
function denyTexts(part: ParsedCommand): string[] {
  const texts = new Set<string>([part.text]);
  const argvForms = [part.argv, [...part.envAssignments, ...part.argv], ...suffixesAfterPrefixCommands(part.argv)];
  for (const argv of argvForms) {
    texts.add(argv.join(' '));
    texts.add(withBasename(argv).join(' '));
  }
  texts.add(part.rawArgv.join(' '));
  return [...texts];
}

/** `bash -c 'rm -rf x'` and `eval "rm -rf x"`: the script inside, for deny checks. */
function innerScripts(part: ParsedCommand): string[] {
  const program = part.argv[0] ?? '';
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base === 'eval') return [part.argv.slice(1).join(' ')];
  if (!SHELLS.has(base)) return [];
  const scriptIndex = part.argv.findIndex((arg, index) => index > 0 && /^-[a-z]*c[a-z]*$/.test(arg));
  const script = scriptIndex < 0 ? undefined : part.argv[scriptIndex + 1];
  return script === undefined ? [] : [script];
}

function ruleMatchesAnyPart(pattern: BashPattern, command: string, depth: number): boolean {
  if (pattern.regex.test(command.trim())) return true;
  for (const part of splitCommand(command).parts) {
    if (denyTexts(part).some((text) => pattern.regex.test(text))) return true;
    if (depth < MAX_NESTED_SCRIPTS && innerScripts(part).some((script) => ruleMatchesAnyPart(pattern, script, depth + 1))) {
      return true;
    }
  }
  return false;
}

/** The first deny or ask rule that matches any part of the command (whole-tool rules match all). */
export function findRuleMatchingAnyPart(command: string, rules: readonly PermissionRule[]): PermissionRule | undefined {
  return rules.find((rule) => rule.ruleContent === undefined || ruleMatchesAnyPart(compileBashPattern(rule.ruleContent), command, 0));
}

export type BashAllowCheck =
  | { allowed: true; rules: PermissionRule[] }
  | {
      allowed: false;
      reason: string;
      /** Parts no rule covers; empty when only an exact whole-command rule could help. */
      partsNeedingApproval: ParsedCommand[];
      /** Only an exact rule for the whole command text could allow it. */
      exactOnly: boolean;
    };

function exactOnly(reason: string): BashAllowCheck {
  return { allowed: false, reason, partsNeedingApproval: [], exactOnly: true };
}

function isExactWholeCommandRule(rule: PermissionRule, command: string): boolean {
  if (rule.ruleContent === undefined) return true;
  const pattern = compileBashPattern(rule.ruleContent);
  return pattern.kind === 'exact' && pattern.literalHead.trim() === command;
}

function changesDirectoryThenRunsGit(parts: readonly ParsedCommand[]): boolean {
  return parts.some((part) => part.argv[0] === 'cd') && parts.some((part) => part.argv.includes('git'));
}

/** Where the command runs; needed to tell whether a `cd` leaves the project. */
export type BashWhere = { cwd: string; workingDirectories: readonly string[] };

/** `cd elsewhere && npm test` runs another project's scripts under this project's rules. */
function leavesWorkingDirectories(parts: readonly ParsedCommand[], where: BashWhere | undefined): boolean {
  if (where === undefined || parts.length < 2) return false;
  return parts.some((part) => {
    if (part.argv[0] !== 'cd' && part.argv[0] !== 'pushd') return false;
    const target = part.argv[1];
    if (target === undefined || target === '-' || target.startsWith('~') || part.hasExpansion) return true;
    return !isInsideWorkingDirectories(resolve(where.cwd, target), where.workingDirectories);
  });
}

/** Whether allow rules (plus built-in read-only commands) cover every part of the command. */
export function checkBashAllowed(
  command: string,
  allowRules: readonly PermissionRule[],
  where?: BashWhere,
): BashAllowCheck {
  const trimmed = command.trim();
  // Too long to show the person in full: no rule may approve it on their behalf.
  if (command.length > MAX_COMMAND_LENGTH) return exactOnly('The command is too long to check safely.');
  if (trimmed === '') return exactOnly('The command is empty.');
  const exact = allowRules.filter((rule) => isExactWholeCommandRule(rule, trimmed));
  if (exact.length > 0) return { allowed: true, rules: exact };
  const split = splitCommand(command);
  if (split.hasParseError) return exactOnly('The command has shell syntax that cannot be checked safely.');
  if (split.hasSubstitution) return exactOnly('The command uses command or process substitution.');
  if (split.parts.length > MAX_SUBCOMMANDS) return exactOnly('The command has too many parts to check safely.');
  if (split.parts.some((part) => part.redirections.some(redirectionWritesFile))) {
    return exactOnly('The command redirects output to a file.');
  }
  if (changesDirectoryThenRunsGit(split.parts)) return exactOnly('The command changes directory before running git.');
  if (leavesWorkingDirectories(split.parts, where)) {
    return exactOnly('The command changes to a directory outside the working directories.');
  }
  const used: PermissionRule[] = [];
  const uncovered: ParsedCommand[] = [];
  for (const part of split.parts) {
    const rule = allowRules.find((candidate) => ruleAllowsPart(candidate, part));
    if (rule) used.push(rule);
    else if (!isReadOnlyPart(part)) uncovered.push(part);
  }
  if (uncovered.length === 0) return { allowed: true, rules: used };
  return {
    allowed: false,
    reason: `No rule allows: ${uncovered.map((part) => part.text).join(', ')}`,
    partsNeedingApproval: uncovered,
    exactOnly: false,
  };
}
