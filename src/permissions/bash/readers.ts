// Commands that only look, with what they read: they run without a question wherever reading
// those files is allowed. Each knows its options, so an option that writes or runs a program
// (`sort -o`, `find -delete`, `rg --pre`, `printf -v`, `test -v 'a[$(…)]'`) makes it an ordinary
// command again, and an allow rule like `Bash(find:*)` never stretches over those options.
import type { ExpandedWord } from './parse/expand.js';
import { hasOption, optionValues, scanArgs, type OptionSpec, type ScannedArgs } from './options.js';
import { sedVerdict } from './sed.js';

export type ReadScope = 'file' | 'tree';
export type Read = { word: ExpandedWord; scope: ReadScope };

export type ReaderVerdict =
  | { readOnly: true; reads: Read[] }
  | { readOnly: false; why: string; unsafe: string[] };

type Operands = 'none' | 'files' | 'pattern-then-files' | 'filter-then-files';

type ReaderSpec = {
  options?: OptionSpec;
  operands: Operands;
  /** Options whose presence means no operand is the pattern (`grep -e x file`). */
  patternOptions?: readonly string[];
  /** Options whose values are files read. */
  readOptions?: readonly string[];
  /** `'always'`, or whether these arguments make it read folders recursively. */
  tree?: 'always' | ((scanned: ScannedArgs) => boolean);
  /** What a recursive reader reads with no operand. */
  defaultOperand?: string;
  /** A reason the arguments make it not read-only, beyond unsafe options. */
  check?: (scanned: ScannedArgs, args: readonly ExpandedWord[]) => string | undefined;
  /** The check judges unknown words itself (otherwise any unknown word refuses). */
  checksUnknown?: boolean;
};

const exactWord = (text: string): ExpandedWord => ({ text, exact: true, splits: false, glob: false });

const NONE: ReaderSpec = { operands: 'none' };
const FILES: ReaderSpec = { operands: 'files' };
const files = (options: OptionSpec, extra: Partial<ReaderSpec> = {}): ReaderSpec => ({ operands: 'files', options, ...extra });

const GREP: ReaderSpec = {
  operands: 'pattern-then-files',
  options: {
    shortValues: 'efmABCdD',
    longValues: ['regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'directories', 'devices', 'label', 'include', 'exclude', 'exclude-dir', 'exclude-from', 'binary-files', 'group-separator'],
    longFlags: ['recursive', 'dereference-recursive', 'color', 'colour', 'line-number', 'ignore-case', 'files-with-matches', 'count', 'invert-match', 'word-regexp', 'fixed-strings', 'extended-regexp'],
  },
  patternOptions: ['-e', '--regexp', '-f', '--file'],
  readOptions: ['-f', '--file', '--exclude-from'],
  tree: (scanned) =>
    hasOption(scanned, ['-r', '-R', '--recursive', '--dereference-recursive']) ||
    optionValues(scanned, ['-d', '--directories']).some((word) => word.text === 'recurse'),
  defaultOperand: '.',
};

const RG: ReaderSpec = {
  operands: 'pattern-then-files',
  options: {
    shortValues: 'efgtTmABCjMdEr',
    longValues: ['regexp', 'file', 'glob', 'iglob', 'type', 'type-not', 'type-add', 'type-clear', 'max-count', 'after-context', 'before-context', 'context', 'threads', 'max-columns', 'max-depth', 'max-filesize', 'encoding', 'sort', 'sortr', 'color', 'colors', 'path-separator', 'ignore-file', 'pre-glob', 'replace', 'context-separator', 'field-match-separator', 'field-context-separator', 'dfa-size-limit', 'regex-size-limit', 'engine', 'hyperlink-format'],
    unsafeShort: 'z',
    unsafeLong: ['pre', 'hostname-bin', 'search-zip'],
    longFlags: ['files', 'hidden', 'no-ignore', 'line-number', 'ignore-case', 'files-with-matches', 'count', 'json', 'follow', 'pretty', 'fixed-strings'],
  },
  patternOptions: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
  readOptions: ['-f', '--file', '--ignore-file'],
  tree: 'always',
  defaultOperand: '.',
};

const SORT = files(
  {
    shortValues: 'kStTo',
    longValues: ['key', 'field-separator', 'buffer-size', 'temporary-directory', 'files0-from', 'parallel', 'batch-size', 'random-source', 'sort'],
    unsafeShort: 'o',
    unsafeLong: ['output', 'compress-program'],
  },
  { readOptions: ['--files0-from', '--random-source'] },
);

/** `uniq in out` writes its second operand. */
const UNIQ = files({ shortValues: 'fsw', longValues: ['skip-fields', 'skip-chars', 'check-chars', 'group', 'all-repeated'] }, {
  check: (scanned) => (scanned.operands.length > 1 ? 'uniq writes its second operand' : undefined),
});

/** Bash evaluates an array subscript in `test -v 'a[$(…)]'`, command substitutions included. */
function testCheck(_scanned: ScannedArgs, words: readonly ExpandedWord[]): string | undefined {
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as ExpandedWord;
    if (word.text !== '-v' && word.text !== '-R') continue;
    const name = words[index + 1];
    if (!name?.exact || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.text)) return `${word.text} evaluates an array subscript, which can run commands`;
  }
  // An unknown word could itself be `-v`, followed by a subscript.
  for (let index = 0; index + 1 < words.length; index++) {
    const next = words[index + 1] as ExpandedWord;
    if (!(words[index] as ExpandedWord).exact && next.text !== ']' && (!next.exact || next.text.includes('['))) {
      return 'an argument of test is only known at run time and could be -v with an array subscript';
    }
  }
  return undefined;
}

/** `date -s`/`--set` and a bare `MMDDhhmm` operand set the clock. */
function dateCheck(scanned: ScannedArgs): string | undefined {
  return scanned.operands.some((word) => !word.text.startsWith('+')) ? 'date with an operand sets the clock' : undefined;
}

const HOSTNAME_READ_FLAGS = new Set(['-f', '-s', '-i', '-I', '-d', '-A', '-a', '-y', '--fqdn', '--long', '--short', '--all-fqdns', '--ip-address', '--all-ip-addresses', '--domain', '--alias']);

const JQ: ReaderSpec = {
  operands: 'filter-then-files',
  options: {
    shortValues: 'fL',
    longValues: ['from-file', 'indent', 'arg', 'argjson', 'slurpfile', 'rawfile', 'seq'],
    longFlags: ['args', 'jsonargs', 'raw-output', 'slurp', 'null-input', 'compact-output', 'tab'],
  },
  patternOptions: ['-f', '--from-file'],
  readOptions: ['-f', '--from-file'],
};

const TREE: ReaderSpec = {
  operands: 'files',
  options: { shortValues: 'LPIHTo', longValues: ['charset', 'filelimit', 'timefmt', 'sort', 'fromfile'], unsafeShort: 'oR', unsafeLong: ['output'] },
  tree: 'always',
  defaultOperand: '.',
};

const FIND_UNSAFE = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];

/** find's start points come before its first expression word; everything after is expression. */
export function findVerdict(args: readonly ExpandedWord[]): ReaderVerdict {
  let index = 0;
  while (index < args.length && /^-[HLP]$|^-D$|^-O\d*$/.test((args[index] as ExpandedWord).text)) index += (args[index] as ExpandedWord).text === '-D' ? 2 : 1;
  const starts: ExpandedWord[] = [];
  while (index < args.length && !/^[-(!,]/.test((args[index] as ExpandedWord).text) && (args[index] as ExpandedWord).exact) starts.push(args[index++] as ExpandedWord);
  const expression = args.slice(index);
  const unsafe = expression.filter((word) => word.exact && FIND_UNSAFE.includes(word.text)).map((word) => word.text);
  if (unsafe.length > 0) return { readOnly: false, why: `find ${unsafe[0]} changes files or runs commands`, unsafe };
  if (expression.some((word) => !word.exact || (word.glob && /^[-*?[]/.test(word.text)))) {
    return { readOnly: false, why: "an expansion or glob in find's expression could become -delete or -exec", unsafe: [] };
  }
  const roots = starts.length > 0 ? starts : [exactWord('.')];
  return { readOnly: true, reads: roots.map((word) => ({ word, scope: 'tree' })) };
}

const SPECS: Record<string, ReaderSpec> = {
  cat: FILES, tac: files({ shortValues: 's' }), rev: FILES, nl: files({ shortValues: 'bdfhilnsvw' }),
  head: files({ shortValues: 'nc', longValues: ['lines', 'bytes'] }),
  tail: files({ shortValues: 'ncs', longValues: ['lines', 'bytes', 'sleep-interval', 'pid', 'max-unchanged-stats'] }),
  wc: files({ longValues: ['files0-from'] }, { readOptions: ['--files0-from'] }),
  cut: files({ shortValues: 'bcdf', longValues: ['bytes', 'characters', 'delimiter', 'fields', 'output-delimiter'] }),
  fold: files({ shortValues: 'w', longValues: ['width'] }),
  column: files({ shortValues: 'csotRNEHW', longValues: ['separator', 'output-separator', 'table-columns', 'table-name'] }),
  strings: files({ shortValues: 'ntTe', longValues: ['bytes', 'radix', 'encoding', 'target'] }),
  od: files({ shortValues: 'AjNStw', longValues: ['address-radix', 'skip-bytes', 'read-bytes', 'strings', 'format', 'width'] }),
  hexdump: files({ shortValues: 'efns' }, { readOptions: ['-f'] }),
  xxd: files({ shortValues: 'clsgo', unsafeShort: 'r', unsafeLong: ['revert'] }, { check: (scanned) => (scanned.operands.length > 1 ? 'xxd writes its second operand' : undefined) }),
  base64: files({ shortValues: 'wo', longValues: ['wrap'], unsafeShort: 'o', unsafeLong: ['output'] }),
  md5sum: files({ unsafeShort: 'c', unsafeLong: ['check'] }), sha1sum: files({ unsafeShort: 'c', unsafeLong: ['check'] }),
  sha256sum: files({ unsafeShort: 'c', unsafeLong: ['check'] }), sha512sum: files({ unsafeShort: 'c', unsafeLong: ['check'] }),
  shasum: files({ shortValues: 'a', unsafeShort: 'c', unsafeLong: ['check'] }), cksum: FILES,
  cmp: files({ shortValues: 'in', longValues: ['ignore-initial', 'bytes'] }), comm: FILES,
  diff: files(
    { shortValues: 'CUFILSxX', longValues: ['context', 'unified', 'label', 'ignore-matching-lines', 'starting-file', 'exclude', 'exclude-from', 'to-file', 'from-file', 'show-function-line', 'line-format', 'horizon-lines', 'color', 'palette'] },
    { readOptions: ['-X', '--exclude-from', '--to-file', '--from-file'], tree: (scanned) => hasOption(scanned, ['-r', '--recursive']) },
  ),
  grep: GREP, egrep: GREP, fgrep: GREP, rg: RG,
  sort: SORT, uniq: UNIQ, jq: JQ, tree: TREE,
  tr: NONE,
  ls: files(
    { shortValues: 'ITw', longValues: ['ignore', 'hide', 'width', 'tabsize', 'block-size', 'format', 'indicator-style', 'quoting-style', 'sort', 'time', 'time-style'] },
    { tree: (scanned) => hasOption(scanned, ['-R', '--recursive']), defaultOperand: '.' },
  ),
  stat: files({ shortValues: 'c', longValues: ['format', 'printf'] }),
  du: files({ shortValues: 'dBtX', longValues: ['max-depth', 'block-size', 'threshold', 'exclude', 'exclude-from', 'files0-from', 'time', 'time-style'] }, { tree: 'always', defaultOperand: '.', readOptions: ['-X', '--exclude-from', '--files0-from'] }),
  file: files({ shortValues: 'fFmeP', longValues: ['files-from', 'separator', 'magic-file', 'exclude', 'parameter'], unsafeShort: 'C', unsafeLong: ['compile'] }, { readOptions: ['-f', '--files-from', '-m', '--magic-file'] }),
  df: NONE, realpath: NONE, readlink: NONE, basename: NONE, dirname: NONE, pwd: NONE, true: NONE, false: NONE,
  sleep: NONE, which: NONE, type: NONE, whoami: NONE, id: NONE, groups: NONE, uname: NONE, nproc: NONE,
  uptime: NONE, seq: NONE, printenv: NONE, echo: NONE, cd: NONE, pushd: NONE,
  printf: { operands: 'none', options: { unsafeShort: 'v', optionsFirst: true } },
  test: { operands: 'none', options: { optionsFirst: true }, check: testCheck, checksUnknown: true },
  '[': { operands: 'none', options: { optionsFirst: true }, check: testCheck, checksUnknown: true },
  date: { operands: 'none', options: { shortValues: 'dfrI', longValues: ['date', 'file', 'reference', 'iso-8601', 'rfc-3339'], unsafeShort: 's', unsafeLong: ['set'] }, readOptions: ['-f', '--file', '-r', '--reference'], check: dateCheck },
  hostname: { operands: 'none', check: (scanned) => (scanned.operands.length > 0 || scanned.options.some((option) => !HOSTNAME_READ_FLAGS.has(option.name)) ? 'hostname with arguments sets the host name' : undefined) },
  env: { operands: 'none', check: (scanned) => (scanned.operands.length + scanned.options.length > 0 ? 'env with arguments runs a command' : undefined) },
  command: { operands: 'none', check: (scanned) => (hasOption(scanned, ['-v', '-V']) ? undefined : 'command runs its arguments') },
  xargs: { operands: 'none', check: (scanned) => (scanned.operands.length + scanned.options.length > 0 ? 'xargs runs a command' : undefined) },
};

function readsOf(spec: ReaderSpec, scanned: ScannedArgs): Read[] {
  const recursive = spec.tree === 'always' || (spec.tree?.(scanned) ?? false);
  const scope: ReadScope = recursive ? 'tree' : 'file';
  let operands = scanned.operands;
  const patternGiven = spec.patternOptions !== undefined && hasOption(scanned, spec.patternOptions);
  if ((spec.operands === 'pattern-then-files' || spec.operands === 'filter-then-files') && !patternGiven) operands = operands.slice(1);
  if (spec.operands === 'filter-then-files' && hasOption(scanned, ['--args', '--jsonargs'])) operands = [];
  if (spec.operands === 'none') operands = [];
  const paths = operands.filter((word) => word.text !== '-');
  if (paths.length === 0 && spec.defaultOperand !== undefined) paths.push(exactWord(spec.defaultOperand));
  const fromOptions = optionValues(scanned, spec.readOptions ?? []).map((word): Read => ({ word, scope: 'file' }));
  return [...paths.map((word): Read => ({ word, scope })), ...fromOptions];
}

/** Whether the command only reads, and what; undefined when it is not a known reader. */
export function readerVerdict(name: string, args: readonly ExpandedWord[]): ReaderVerdict | undefined {
  if (name === 'find') return findVerdict(args);
  if (name === 'sed') return sedVerdict(args);
  const spec = SPECS[name];
  if (!spec) return undefined;
  const scanned = scanArgs(args, spec.options ?? {});
  if (scanned.unsafe.length > 0) {
    return { readOnly: false, why: `${name} ${scanned.unsafe[0]} writes files or runs a program`, unsafe: scanned.unsafe };
  }
  const sensitive = (spec.options?.unsafeShort ?? '') !== '' || (spec.options?.unsafeLong ?? []).length > 0 || (spec.check !== undefined && !spec.checksUnknown);
  if (sensitive && scanned.unknown.length > 0) {
    return { readOnly: false, why: `${scanned.unknown[0]?.text} is not known before it runs and could be an option that writes`, unsafe: [] };
  }
  const refusal = spec.check?.(scanned, args);
  if (refusal !== undefined) return { readOnly: false, why: refusal, unsafe: [] };
  return { readOnly: true, reads: readsOf(spec, scanned) };
}

/** Unsafe options as written, for keeping prefix allow rules from stretching over them. */
export function unsafeOptionsOf(name: string, args: readonly ExpandedWord[]): string[] {
  const verdict = readerVerdict(name, args);
  return verdict && !verdict.readOnly ? verdict.unsafe : [];
}
