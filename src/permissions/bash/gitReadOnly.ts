// Which git invocations only look. Anything with a flag that writes (branch -D, --output=…)
// or a global option that can run code (`-c core.pager=…`) is not read-only.

const SAFE_GLOBAL_FLAGS = new Set(['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs']);

const BRANCH_FLAGS = new Set([
  '-a', '--all', '-r', '--remotes', '-l', '--list', '-v', '-vv', '--verbose', '--show-current',
  '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty', '-q',
]);
const BRANCH_VALUE_FLAGS = new Set([
  '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format',
]);

function noOutputFile(args: string[]): boolean {
  return !args.some((arg) => arg === '--output' || arg.startsWith('--output='));
}

function branchOnlyLists(args: string[]): boolean {
  const listing = args.includes('-l') || args.includes('--list');
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (BRANCH_FLAGS.has(arg)) continue;
    if (BRANCH_VALUE_FLAGS.has(arg)) {
      index++;
      continue;
    }
    const flagName = arg.split('=')[0] as string;
    if (arg.includes('=') && (BRANCH_VALUE_FLAGS.has(flagName) || flagName === '--color')) continue;
    // A positional names a branch to create unless we are in list mode (then it is a pattern).
    if (!arg.startsWith('-') && listing) continue;
    return false;
  }
  return true;
}

function remoteOnlyLists(args: string[]): boolean {
  if (args.length === 0) return true;
  if (args.length === 1 && (args[0] === '-v' || args[0] === '--verbose')) return true;
  return args[0] === 'get-url';
}

function stashOnlyLists(args: string[]): boolean {
  return args[0] === 'list' || args[0] === 'show';
}

function tagOnlyLists(args: string[]): boolean {
  return args.length === 0 || args[0] === '-l' || args[0] === '--list';
}

function configOnlyReads(args: string[]): boolean {
  const readers = new Set(['--get', '--get-all', '--get-regexp', '--list', '-l']);
  return args.some((arg) => readers.has(arg)) && !args.some((arg) => arg === '--edit' || arg === '-e');
}

function reflogOnlyShows(args: string[]): boolean {
  return args.length === 0 || args[0] === 'show' || (args[0] ?? '').startsWith('-');
}

function grepOpensNoPager(args: string[]): boolean {
  return !args.some((arg) => arg.startsWith('-O') || arg.startsWith('--open-files-in-pager'));
}

const SUBCOMMANDS: Record<string, (args: string[]) => boolean> = {
  status: () => true,
  diff: noOutputFile,
  log: noOutputFile,
  show: noOutputFile,
  blame: () => true,
  'rev-parse': () => true,
  'ls-files': () => true,
  'ls-tree': () => true,
  'cat-file': () => true,
  'merge-base': () => true,
  describe: () => true,
  shortlog: () => true,
  branch: branchOnlyLists,
  remote: remoteOnlyLists,
  stash: stashOnlyLists,
  tag: tagOnlyLists,
  config: configOnlyReads,
  reflog: reflogOnlyShows,
  grep: grepOpensNoPager,
};

/** `args` excludes the leading `git`. */
export function isReadOnlyGit(args: readonly string[]): boolean {
  let index = 0;
  while (index < args.length) {
    const arg = args[index] as string;
    // No `-C`: git in another directory runs that repository's hooks and config.
    if (!SAFE_GLOBAL_FLAGS.has(arg)) break;
    index++;
  }
  const subcommand = args[index];
  if (subcommand === undefined) return false;
  const check = SUBCOMMANDS[subcommand];
  return check !== undefined && check(args.slice(index + 1));
}
