// git as rules and read-only checks see it. Global options come before the subcommand and
// change what runs: `git -c core.pager=… log` runs a program, `git -C elsewhere status` uses
// another repository's hooks and config. Deny and ask rules see `git commit` through any of
// them; allow rules and the read-only list only look through the harmless ones.
import type { ExpandedWord } from './parse/expand.js';
import { hasOption, optionValues, scanArgs, type OptionSpec, type ScannedArgs } from './options.js';
import type { Read, ReaderVerdict } from './readers.js';

/** Global options that change nothing about which code or repository is used. */
const HARMLESS_GLOBALS = new Set([
  '--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs',
  '--icase-pathspecs', '--no-replace-objects', '--no-advice', '--no-lazy-fetch',
]);
const GLOBALS_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--attr-source', '--list-cmds']);

export type GitCommand = {
  /** The global options as written. */
  globals: ExpandedWord[];
  /** The ones that change the repository, the config or the programs git runs. */
  risky: string[];
  subcommand?: ExpandedWord;
  args: ExpandedWord[];
};

/** Splits `git [globals] subcommand args`; `argv[0]` is git itself. */
export function parseGit(argv: readonly ExpandedWord[]): GitCommand {
  const globals: ExpandedWord[] = [];
  const risky: string[] = [];
  let index = 1;
  while (index < argv.length) {
    const word = argv[index] as ExpandedWord;
    const value = word.text;
    if (!word.exact || !value.startsWith('-')) break;
    globals.push(word);
    if (!HARMLESS_GLOBALS.has(value)) risky.push(value);
    const name = value.split('=')[0] as string;
    const attached = /^-[Cc]./.test(value) || value.includes('=');
    if (GLOBALS_WITH_VALUE.has(name) && !attached && index + 1 < argv.length) globals.push(argv[++index] as ExpandedWord);
    index++;
  }
  const subcommand = argv[index];
  return { globals, risky, ...(subcommand ? { subcommand } : {}), args: argv.slice(index + 1) };
}

/** `git <subcommand> args` with every global option taken out, for deny and ask rules. */
export function withoutGlobals(argv: readonly ExpandedWord[]): ExpandedWord[] | undefined {
  const git = parseGit(argv);
  if (git.globals.length === 0 || !git.subcommand) return undefined;
  return [argv[0] as ExpandedWord, git.subcommand, ...git.args];
}

/** The same with only harmless global options taken out, for allow rules; undefined if risky ones remain. */
export function withoutHarmlessGlobals(argv: readonly ExpandedWord[]): ExpandedWord[] | undefined {
  const git = parseGit(argv);
  if (git.globals.length === 0 || git.risky.length > 0 || !git.subcommand) return undefined;
  return [argv[0] as ExpandedWord, git.subcommand, ...git.args];
}

/** Options of the log family that write a file or run an external diff program. */
const LOG_UNSAFE: OptionSpec = { unsafeLong: ['output', 'ext-diff', 'no-index'], longValues: ['format', 'pretty', 'since', 'until', 'author', 'grep'] };
const PATCH_OPTIONS = ['-p', '-u', '--patch', '--patch-with-stat', '--patch-with-raw', '--word-diff', '--cc', '-L', '--full-diff'];
const NO_PATCH_OPTIONS = ['-s', '--no-patch', '--stat', '--name-only', '--name-status', '--numstat', '--shortstat', '--summary', '--quiet', '--raw', '--dirstat', '--compact-summary'];

const BRANCH_FLAGS = new Set(['-a', '--all', '-r', '--remotes', '-l', '--list', '-v', '-vv', '--verbose', '--show-current', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--omit-empty', '-q']);
const BRANCH_VALUE_FLAGS = new Set(['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format']);

function branchOnlyLists(args: readonly ExpandedWord[]): boolean {
  const listing = args.some((arg) => arg.text === '-l' || arg.text === '--list');
  for (let index = 0; index < args.length; index++) {
    const arg = (args[index] as ExpandedWord).text;
    if (BRANCH_FLAGS.has(arg)) continue;
    if (BRANCH_VALUE_FLAGS.has(arg)) {
      index++;
      continue;
    }
    const flag = arg.split('=')[0] as string;
    if (arg.includes('=') && (BRANCH_VALUE_FLAGS.has(flag) || flag === '--color')) continue;
    // A positional names a branch to create unless the branches are being listed.
    if (!arg.startsWith('-') && listing) continue;
    return false;
  }
  return true;
}

const texts = (args: readonly ExpandedWord[]): string[] => args.map((arg) => arg.text);

function configOnlyReads(args: readonly ExpandedWord[]): boolean {
  const words = texts(args);
  if (words[0] === 'get' || words[0] === 'list') return !words.includes('--edit');
  const readers = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l']);
  return words.some((word) => readers.has(word)) && !words.some((word) => word === '--edit' || word === '-e');
}

/** Whether a word names an existing file where the command runs (git tells paths from revisions so). */
export type PathExists = (word: ExpandedWord) => boolean;

/** Paths a content-showing command reads: `rev:path`, existing files, and everything after `--`. */
function pathspecs(scanned: ScannedArgs, args: readonly ExpandedWord[], exists: PathExists): ExpandedWord[] {
  const dashes = args.findIndex((arg) => arg.text === '--');
  const after = dashes < 0 ? [] : args.slice(dashes + 1);
  const before = scanned.operands.filter((word) => !after.includes(word));
  const named = before.flatMap((word): ExpandedWord[] => {
    const colon = word.text.indexOf(':');
    if (colon >= 0) return word.text.slice(colon + 1) === '' ? [] : [{ ...word, text: word.text.slice(colon + 1) }];
    return word.exact && exists(word) ? [word] : [];
  });
  return [...named, ...after];
}

const here: ExpandedWord = { text: '.', exact: true, splits: false, glob: false };

/** What a content-showing subcommand reads: its pathspecs, or everything below the folder. */
function contentReads(scanned: ScannedArgs, args: readonly ExpandedWord[], showsContent: boolean, exists: PathExists): Read[] {
  if (!showsContent) return [];
  const paths = pathspecs(scanned, args, exists);
  return (paths.length > 0 ? paths : [here]).map((word): Read => ({ word, scope: 'tree' }));
}

type Check = (args: readonly ExpandedWord[], exists: PathExists) => ReaderVerdict;

const reads = (list: Read[] = []): ReaderVerdict => ({ readOnly: true, reads: list });
const refuse = (why: string, unsafe: string[] = []): ReaderVerdict => ({ readOnly: false, why, unsafe });
const listing = (test: (args: readonly ExpandedWord[]) => boolean, what: string): Check => (args) =>
  test(args) ? reads() : refuse(`git ${what} with these arguments changes the repository`);

/** The log family: content only with patch options (diff and show show it unless told not to). */
function logFamily(name: string, contentByDefault: boolean): Check {
  return (args, exists) => {
    const scanned = scanArgs(args, LOG_UNSAFE);
    if (scanned.unsafe.length > 0) return refuse(`git ${name} ${scanned.unsafe[0]} writes a file or runs a program`, scanned.unsafe);
    const shows = contentByDefault ? !hasOption(scanned, NO_PATCH_OPTIONS) : hasOption(scanned, PATCH_OPTIONS) || args.some((arg) => /^-U\d*$/.test(arg.text));
    return reads(contentReads(scanned, args, shows, exists));
  };
}

function grepCheck(args: readonly ExpandedWord[]): ReaderVerdict {
  const scanned = scanArgs(args, { shortValues: 'efABCm', unsafeShort: 'O', unsafeLong: ['open-files-in-pager', 'no-index'], longValues: ['regexp', 'file', 'max-count', 'context'] });
  if (scanned.unsafe.length > 0) return refuse(`git grep ${scanned.unsafe[0]} opens a program or reads outside the repository`, scanned.unsafe);
  const patternGiven = hasOption(scanned, ['-e', '--regexp', '-f', '--file']);
  const operands = patternGiven ? scanned.operands : scanned.operands.slice(1);
  const searched = operands.filter((word) => word.text !== '--');
  return reads([
    ...(searched.length > 0 ? searched : [here]).map((word): Read => ({ word, scope: 'tree' })),
    ...optionValues(scanned, ['-f', '--file']).map((word): Read => ({ word, scope: 'file' })),
  ]);
}

const SUBCOMMANDS: Record<string, Check> = {
  status: () => reads(),
  diff: logFamily('diff', true),
  show: logFamily('show', true),
  log: logFamily('log', false),
  whatchanged: logFamily('whatchanged', false),
  shortlog: logFamily('shortlog', false),
  reflog: (args, exists) => (args.length === 0 || args[0]?.text === 'show' || args[0]?.text.startsWith('-') ? logFamily('reflog', false)(args, exists) : refuse('git reflog expire and delete change the repository')),
  'diff-tree': logFamily('diff-tree', false),
  blame: (args) => reads(scanArgs(args, { shortValues: 'LSC' }).operands.slice(-1).map((word): Read => ({ word, scope: 'file' }))),
  'rev-parse': () => reads(),
  'rev-list': () => reads(),
  'ls-files': () => reads(),
  'ls-tree': () => reads(),
  'cat-file': (args, exists) => reads(pathspecs(scanArgs(args, {}), args, exists).map((word): Read => ({ word, scope: 'file' }))),
  'merge-base': () => reads(),
  'name-rev': () => reads(),
  'show-ref': () => reads(),
  'for-each-ref': () => reads(),
  'count-objects': () => reads(),
  'check-ignore': () => reads(),
  'check-attr': () => reads(),
  describe: () => reads(),
  version: () => reads(),
  branch: listing(branchOnlyLists, 'branch'),
  remote: listing((args) => args.length === 0 || (args.length === 1 && (args[0]?.text === '-v' || args[0]?.text === '--verbose')) || args[0]?.text === 'get-url', 'remote'),
  stash: listing((args) => args[0]?.text === 'list' || args[0]?.text === 'show', 'stash'),
  tag: listing((args) => args.length === 0 || args[0]?.text === '-l' || args[0]?.text === '--list', 'tag'),
  config: listing(configOnlyReads, 'config'),
  grep: grepCheck,
};

/** Whether `git …` only reads, and what; `argv[0]` is git. */
export function gitVerdict(argv: readonly ExpandedWord[], exists: PathExists): ReaderVerdict {
  const git = parseGit(argv);
  if (git.risky.length > 0) return refuse(`git ${git.risky[0]} changes which repository, config or programs git uses`, git.risky);
  if (!git.subcommand) return refuse('git without a subcommand');
  if (!git.subcommand.exact || git.args.some((arg) => !arg.exact)) return refuse('a git argument is not known before it runs');
  const check = SUBCOMMANDS[git.subcommand.text];
  return check ? check(git.args, exists) : refuse(`git ${git.subcommand.text} is not a read-only git command`);
}
