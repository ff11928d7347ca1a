// Commands that only look: they run without a prompt in every mode that allows reading.
// Conservative by design: an unknown command, flag or shell construct means "not read-only".
import { isSafeEnvAssignment } from './env.js';
import { isReadOnlyGit } from './gitReadOnly.js';
import { redirectionWritesFile, splitCommand, type ParsedCommand } from './split.js';
import { stripWrappers } from './wrappers.js';

export const MAX_COMMAND_LENGTH = 10_000;
export const MAX_SUBCOMMANDS = 50;

/** Read-only whatever their arguments, even ones appended from stdin by xargs. */
const ANY_ARGUMENTS = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'echo', 'printf', 'pwd', 'which',
  'type', 'stat', 'du', 'df', 'diff', 'cmp', 'comm', 'true', 'false', 'sleep', 'basename',
  'dirname', 'realpath', 'readlink', 'whoami', 'id', 'groups', 'uname', 'nproc', 'uptime', 'cut',
  'nl', 'tac', 'rev', 'strings', 'od', 'hexdump', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum',
  'shasum', 'cksum', 'fold', 'column', 'tr', 'seq', 'test', '[', 'cd', 'printenv', 'jq',
]);

const hasFlag = (args: readonly string[], flags: readonly string[]): boolean =>
  args.some((arg) => flags.some((flag) => arg === flag || arg.startsWith(`${flag}=`)));

function findOnlyLooks(args: readonly string[]): boolean {
  const writers = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];
  return !args.some((arg) => writers.includes(arg));
}

function sortOnlyLooks(args: readonly string[]): boolean {
  if (hasFlag(args, ['--output', '--compress-program'])) return false;
  return !args.some((arg) => /^-[^-]*o/.test(arg));
}

function uniqOnlyLooks(args: readonly string[]): boolean {
  let positional = 0;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-f' || arg === '-s' || arg === '-w') index++;
    else if (!arg.startsWith('-') || arg === '-') positional++;
  }
  // `uniq in out` writes its second operand.
  return positional <= 1;
}

/** `date -s`/`--set` and a bare `MMDDhhmm` operand set the clock. */
function dateOnlyReads(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-d' || arg === '-r' || arg === '-f') index++;
    else if (/^-[^-]*s/.test(arg) || arg.startsWith('--set')) return false;
    else if (!arg.startsWith('-') && !arg.startsWith('+')) return false;
  }
  return true;
}

const HOSTNAME_READ_FLAGS = new Set([
  '-f', '-s', '-i', '-I', '-d', '-A', '-a', '-y', '--fqdn', '--long', '--short', '--all-fqdns',
  '--ip-address', '--all-ip-addresses', '--domain', '--alias',
]);

const VALIDATED: Record<string, (args: readonly string[]) => boolean> = {
  find: findOnlyLooks,
  sort: sortOnlyLooks,
  uniq: uniqOnlyLooks,
  git: isReadOnlyGit,
  rg: (args) => !hasFlag(args, ['--pre', '--hostname-bin']),
  tree: (args) => !args.some((arg) => arg === '-o' || arg === '-R'),
  file: (args) => !args.some((arg) => arg === '-C' || arg === '--compile'),
  date: dateOnlyReads,
  hostname: (args) => args.every((arg) => HOSTNAME_READ_FLAGS.has(arg)),
  env: (args) => args.length === 0,
  command: (args) => args[0] === '-v' || args[0] === '-V',
  xargs: (args) => args.length === 0,
};

/** One simple command from splitCommand, judged on its own. */
export function isReadOnlyPart(part: ParsedCommand): boolean {
  if (part.hasSubstitution) return false;
  if (part.redirections.some(redirectionWritesFile)) return false;
  if (!part.envAssignments.every(isSafeEnvAssignment)) return false;
  const { argv, viaXargs } = stripWrappers(part.argv);
  const [name, ...args] = argv;
  if (name === undefined) return true;
  if (ANY_ARGUMENTS.has(name)) return true;
  const validate = VALIDATED[name];
  if (!validate || viaXargs) return false;
  // An expansion or glob could turn into a flag such as -delete at run time.
  if (part.hasExpansion || part.hasGlob) return false;
  return validate(args);
}

export function isReadOnlyCommand(command: string): boolean {
  if (command.trim() === '' || command.length > MAX_COMMAND_LENGTH) return false;
  const split = splitCommand(command);
  if (split.hasParseError || split.hasSubstitution) return false;
  if (split.parts.length === 0 || split.parts.length > MAX_SUBCOMMANDS) return false;
  return split.parts.every(isReadOnlyPart);
}
