// acceptEdits also accepts the everyday file commands (mkdir, touch, mv, cp; never rm) when
// every path they name stays inside the working directories and off the protected list.
import { resolve } from 'node:path';
import { homeDir } from '../../utils/configDir.js';
import { isInsideWorkingDirectories, resolveRealPath } from '../paths.js';
import { isProtectedPath } from '../protectedPaths.js';
import { isSafeEnvAssignment } from './env.js';
import { MAX_COMMAND_LENGTH, MAX_SUBCOMMANDS, isReadOnlyPart } from './readOnly.js';
import { redirectionWritesFile, splitCommand, type ParsedCommand } from './split.js';
import { stripWrappers } from './wrappers.js';

const FILE_COMMANDS = new Set(['mkdir', 'touch', 'mv', 'cp']);

type Where = { cwd: string; workingDirectories: readonly string[] };

function expandHome(word: string): string | undefined {
  if (word === '~') return homeDir();
  if (word.startsWith('~/')) return resolve(homeDir(), word.slice(2));
  if (word.startsWith('~')) return undefined;
  return word;
}

/** A glob segment like `.*` can match `..` on some shells. */
function mayMatchParent(word: string): boolean {
  return word.split('/').some((segment) => segment.startsWith('.') && /[*?[]/.test(segment));
}

function isSafeTarget(word: string, where: Where): boolean {
  const expanded = expandHome(word);
  if (expanded === undefined || expanded === '' || mayMatchParent(expanded)) return false;
  const absolute = resolve(where.cwd, expanded);
  if (isProtectedPath(absolute) || isProtectedPath(resolveRealPath(absolute))) return false;
  return isInsideWorkingDirectories(absolute, where.workingDirectories);
}

/** Every word that may name a path, or undefined when an option hides one we cannot read. */
function pathWords(args: readonly string[]): string[] | undefined {
  const paths: string[] = [];
  let afterDoubleDash = false;
  for (const arg of args) {
    if (afterDoubleDash || !arg.startsWith('-') || arg === '-') {
      paths.push(arg);
    } else if (arg === '--') {
      afterDoubleDash = true;
    } else if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      if (equals >= 0) paths.push(arg.slice(equals + 1));
    } else if (/[/.~]/.test(arg)) {
      // `-t/etc` attaches a directory to a short option.
      return undefined;
    }
  }
  return paths;
}

function isAcceptedFileCommand(part: ParsedCommand, where: Where): boolean {
  if (!part.envAssignments.every(isSafeEnvAssignment) || part.hasExpansion) return false;
  const { argv, viaXargs } = stripWrappers(part.argv);
  const [name, ...args] = argv;
  if (viaXargs || name === undefined || !FILE_COMMANDS.has(name)) return false;
  const paths = pathWords(args);
  return paths !== undefined && paths.length > 0 && paths.every((word) => isSafeTarget(word, where));
}

function isAcceptedPart(part: ParsedCommand, where: Where): boolean {
  const writes = part.redirections.filter(redirectionWritesFile);
  if (writes.length > 0 && part.hasExpansion) return false;
  if (!writes.every((redirection) => isSafeTarget(redirection.target, where))) return false;
  if (isReadOnlyPart({ ...part, redirections: part.redirections.filter((r) => !redirectionWritesFile(r)) })) {
    return true;
  }
  return isAcceptedFileCommand(part, where);
}

/** True when acceptEdits may run the command without asking. */
export function isAcceptedFileSystemCommand(command: string, where: Where): boolean {
  if (command.trim() === '' || command.length > MAX_COMMAND_LENGTH) return false;
  const split = splitCommand(command);
  if (split.hasParseError || split.hasSubstitution) return false;
  if (split.parts.length === 0 || split.parts.length > MAX_SUBCOMMANDS) return false;
  return split.parts.every((part) => isAcceptedPart(part, where));
}
