// What one simple command does, as far as permissions care: which program really runs (past
// `timeout`, `nice` and friends), whether it only reads, the files it reads and writes, the
// options that would make a prefix rule stretch too far, and whether acceptEdits may run it.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { PathAccess, PathScope } from '../pathDecision.js';
import { isSafeEnvAssignment } from './env.js';
import { gitVerdict } from './git.js';
import type { ExpandedWord } from './parse/expand.js';
import { findVerdict, readerVerdict, unsafeOptionsOf, type Read, type ReaderVerdict } from './readers.js';
import { SHELLS, type RunnerKind, type Segment } from './script.js';
import { stripWrappers } from './wrappers.js';
import { writerVerdict } from './writers.js';
import { parseXargs, type XargsOption } from './xargs.js';

export type PathUse = {
  access: PathAccess;
  word: ExpandedWord;
  scope: PathScope;
  /** `the redirection`, or the program: what the refusal names. */
  by: string;
  /** A write made by redirecting output, which no rule for the program covers. */
  redirected?: boolean;
};

export type Facts = {
  segment: Segment;
  /** The words after leading assignments and harmless wrappers (`timeout 5`, `nice -n 2`). */
  command: ExpandedWord[];
  /** The program's name when it is exactly known. */
  program?: string;
  /** This command only starts the commands inside it (`bash -c '…'`, `eval`, `xargs cmd`). */
  runner?: RunnerKind;
  readOnly: boolean;
  /** Why it is not read-only. */
  why?: string;
  /** Options as written that write or run code; prefix allow rules never cover them. */
  unsafe: string[];
  uses: PathUse[];
  /** Words of programs Pulse does not know that may name files: deny and ask rules see them. */
  maybePaths: ExpandedWord[];
  /** acceptEdits may run it (the paths aside). */
  everyday: boolean;
  /**
   * Some word holds another command's output (`$(…)`, backticks, `<(…)`): only an exact rule for
   * the whole line may allow it, as no one can check in advance what the words will be.
   */
  substitution: boolean;
};

const SYSTEM_BIN = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin']);
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero']);
const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const SHELL_FILE_OPTIONS = new Set(['--rcfile', '--init-file']);

const stdinWord: ExpandedWord = { text: '<arguments read from stdin>', exact: false, splits: true, glob: false };
const here: ExpandedWord = { text: '.', exact: true, splits: false, glob: false };

/** The program a word names: `cat` and `/usr/bin/cat` are cat; `./cat` is some other program. */
function programName(word: ExpandedWord | undefined): { name?: string; local: boolean } {
  if (!word?.exact || word.glob) return { local: false };
  if (!word.text.includes('/')) return { name: word.text, local: false };
  const name = word.text.slice(word.text.lastIndexOf('/') + 1);
  return isAbsolute(word.text) && SYSTEM_BIN.has(dirname(word.text)) ? { name, local: false } : { name, local: true };
}

function redirectUses(segment: Segment): { uses: PathUse[]; why?: string; problem?: string } {
  const uses: PathUse[] = [];
  let why: string | undefined;
  for (const redirect of segment.redirects) {
    const target = redirect.target;
    if (redirect.op === '<<' || redirect.op === '<<-' || redirect.op === '<<<') continue;
    if ((redirect.op === '>&' || redirect.op === '<&') && target && /^(\d+-?|-)$/.test(target.text)) continue;
    if (!target) return { uses, problem: 'a redirection target expands to several words' };
    if (/^\/dev\/(tcp|udp)\//.test(target.text)) {
      why = 'it opens a network connection through /dev/tcp';
      continue;
    }
    if (HARMLESS_TARGETS.has(target.text)) continue;
    const writes = WRITE_OPERATORS.has(redirect.op) || redirect.op === '>&';
    if (writes) {
      uses.push({ access: 'write', word: target, scope: 'file', by: 'the redirection', redirected: true });
      why ??= `it writes ${target.text}`;
    }
    if (redirect.op === '<' || redirect.op === '<>') uses.push({ access: 'read', word: target, scope: 'file', by: 'the redirection' });
  }
  return { uses, ...(why ? { why } : {}) };
}

/** Files a pipe's producer names, for the arguments `xargs` appends; undefined when unknown. */
function producedPaths(producer: Segment | 'unknown' | undefined): Read[] | undefined {
  if (producer === undefined || producer === 'unknown') return undefined;
  const [first, ...args] = producer.argv;
  const name = programName(first).name;
  if (name === 'find') {
    const verdict = findVerdict(args);
    return verdict.readOnly ? verdict.reads : undefined;
  }
  if (name === 'ls' || (name === 'git' && args[0]?.text === 'ls-files')) return [{ word: here, scope: 'tree' }];
  if ((name === 'echo' || name === 'printf') && args.every((arg) => arg.exact && !arg.glob)) {
    return args.flatMap((arg) => arg.text.split(/\s+/).filter(Boolean)).map((text) => ({ word: { ...here, text }, scope: 'file' }));
  }
  return undefined;
}

/** Which words of a program Pulse does not know may be files. */
function possiblePaths(command: readonly ExpandedWord[], local: boolean): ExpandedWord[] {
  const [program, ...args] = command;
  const words: ExpandedWord[] = local && program ? [program] : [];
  for (const arg of args) {
    if (!arg.exact) continue;
    if (!arg.text.startsWith('-')) words.push(arg);
    else if (arg.text.startsWith('--') && arg.text.includes('=')) words.push({ ...arg, text: arg.text.slice(arg.text.indexOf('=') + 1) });
  }
  return words;
}

/** xargs options that only change batching, tracing or where the arguments are read from (the
 * file is checked as read), not what the command line becomes. */
const HARMLESS_XARGS_FLAGS = new Set(['null', 'no-run-if-empty', 'verbose', 'exit', 'arg-file']);
const XARGS_COUNTS = new Set(['max-args', 'max-procs', 'max-lines', 'max-chars']);

function isHarmlessXargsOption(option: XargsOption): boolean {
  if (HARMLESS_XARGS_FLAGS.has(option.name)) return true;
  return XARGS_COUNTS.has(option.name) && (option.value === undefined ? option.name === 'max-lines' : /^\d+$/.test(option.value.text));
}

function shellRunner(args: readonly ExpandedWord[]): string | undefined {
  const file = args.find((arg) => SHELL_FILE_OPTIONS.has(arg.text.split('=')[0] as string));
  return file ? `${file.text} runs a file` : undefined;
}

type Judged = { readOnly: boolean; why?: string; unsafe: string[]; reads: Read[]; runner?: RunnerKind };

function judgeProgram(segment: Segment, name: string, command: readonly ExpandedWord[], exists: (word: ExpandedWord) => boolean): Judged | undefined {
  const args = segment.argsFromStdin ? [...command.slice(1), stdinWord] : command.slice(1);
  // A shell runs code only a rule naming the shell may approve; its commands are still checked
  // one by one against deny and ask rules.
  if (SHELLS.has(name) && segment.startsScript) {
    return { readOnly: false, why: shellRunner(args) ?? `${name} runs a script`, unsafe: [], reads: [], runner: 'shell' };
  }
  if (name === 'eval') return { readOnly: false, why: 'eval runs its arguments as a script', unsafe: [], reads: [], runner: 'shell' };
  if (name === 'xargs' && args.length > 0) {
    const line = parseXargs(args);
    // `xargs -a secrets/key echo` reads the file as `cat secrets/key` does: Read rules apply to it.
    const reads = line.argFiles.map((word): Read => ({ word, scope: 'file' }));
    const changing = line.options.find((option) => !isHarmlessXargsOption(option));
    if (changing !== undefined) return { readOnly: false, why: `xargs ${changing.written} builds the command from what it reads`, unsafe: [], reads, runner: 'xargs' };
    return { readOnly: true, unsafe: [], reads, runner: 'xargs' };
  }
  const verdict: ReaderVerdict | undefined = name === 'git' ? gitVerdict([command[0] as ExpandedWord, ...args], exists) : readerVerdict(name, args);
  if (!verdict) return undefined;
  if (!verdict.readOnly) return { readOnly: false, why: verdict.why, unsafe: verdict.unsafe, reads: [] };
  // git reads the repository it runs in.
  const reads = name === 'git' ? [...verdict.reads, { word: here, scope: 'file' as const }] : verdict.reads;
  return { readOnly: true, unsafe: [], reads: withProducedPaths(segment, reads) };
}

/** The appended-from-stdin operand becomes the producer's files, when those are known. */
function withProducedPaths(segment: Segment, reads: Read[]): Read[] {
  if (!reads.some((read) => read.word === stdinWord)) return reads;
  const produced = producedPaths(segment.pipedFrom);
  return produced ? [...reads.filter((read) => read.word !== stdinWord), ...produced] : reads;
}

/** Why the words themselves keep the command from being read-only, whatever the program is. */
function wordProblem(segment: Segment, substitution: boolean): string | undefined {
  if (segment.argv.some((word) => word.arithmetic)) return 'an arithmetic expansion evaluates variables, which can run commands';
  const assignment = segment.assignments.find((candidate) => !isSafeEnvAssignment(candidate));
  if (assignment !== undefined) return `the assignment ${assignment.split('=')[0]}= changes what programs run`;
  if (substitution) return 'it uses the output of another command in its words';
  return undefined;
}

export function factsOf(segment: Segment): Facts {
  const substitution = segment.argv.some((word) => word.substitution) || segment.redirects.some((redirect) => redirect.target?.substitution);
  const facts = programFacts(segment, substitution);
  // The files it uses are kept, so deny rules still see them.
  const problem = wordProblem(segment, substitution);
  return problem === undefined ? facts : { ...facts, readOnly: false, why: problem, everyday: false };
}

function programFacts(segment: Segment, substitution: boolean): Facts {
  const exists = (word: ExpandedWord): boolean => segment.cwds.dirs.some((dir) => existsSync(resolve(dir, word.text)));
  const unwrapped = stripWrappers(segment.argv.map((word) => word.text), { throughXargs: false });
  const stripped = segment.argv.length - unwrapped.argv.length;
  const command = segment.argv.slice(segment.argv.every((word, index) => index >= stripped || word.exact) ? stripped : 0);
  const { name, local } = programName(command[0]);
  const redirects = redirectUses(segment);
  const facts: Facts = { segment, command, ...(name && !local ? { program: name } : {}), readOnly: false, unsafe: [], uses: [...redirects.uses], maybePaths: [], everyday: false, substitution };
  const problem = segment.problems[0] ?? redirects.problem;
  const refuse = (why: string): Facts => ({ ...facts, readOnly: false, why });
  if (problem !== undefined) return refuse(problem);
  if (command.length === 0) return { ...facts, readOnly: redirects.why === undefined, ...(redirects.why ? { why: redirects.why } : {}), everyday: true };
  if (name === undefined) return refuse(`the program name ${command[0]?.text} is not known before it runs`);
  if (local) {
    return { ...refuse(`${command[0]?.text} is a program in a folder, not a system command`), maybePaths: possiblePaths(command, true) };
  }
  const writer = writerVerdict(name, command.slice(1));
  if (writer) {
    facts.uses.push(...writer.writes.map((word): PathUse => ({ access: 'write', word, scope: 'file', by: name })));
    // Copying a folder (`cp -r secrets dest`) reads everything below it.
    facts.uses.push(...writer.reads.map((word): PathUse => ({ access: 'read', word, scope: 'tree', by: name })));
    return { ...facts, readOnly: false, why: `${name} changes files`, everyday: writer.everyday, unsafe: unsafeOptionsOf(name, command.slice(1)) };
  }
  const judged = judgeProgram(segment, name, command, exists);
  if (!judged) return { ...refuse(`${name} is not a read-only command`), maybePaths: possiblePaths(command, false) };
  facts.uses.push(...judged.reads.map((read): PathUse => ({ access: 'read', word: read.word, scope: read.scope, by: name })));
  const readOnly = judged.readOnly && redirects.why === undefined;
  const why = judged.why ?? redirects.why;
  return {
    ...facts,
    ...(judged.runner ? { runner: judged.runner } : {}),
    readOnly,
    ...(why !== undefined ? { why } : {}),
    unsafe: judged.unsafe,
    // A read-only command whose output goes to a file is an everyday edit.
    everyday: judged.readOnly,
  };
}
