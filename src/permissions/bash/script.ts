// A command line as the list of simple commands bash will run, each with its words expanded
// (braces, tildes, quotes, `$'…'`), the folders it may run in (`cd` is followed through the
// line), and the commands hidden inside others: `bash -c '…'`, `eval`, scripts fed to a shell on
// stdin (`| bash`, `bash <<< …`, `sh <<EOF`), `find -exec`, `xargs`, `watch`, `su -c`.
import { resolve } from 'node:path';
import { homeDir } from '../../utils/configDir.js';
import { decodeWord, expandWord, type ExpandedWord } from './parse/expand.js';
import { parseScript } from './parse/scanner.js';
import type { Redirect, ShellCommand } from './parse/types.js';
import { assignmentScripts, optionScripts } from './optionScripts.js';
import { commandSuffixes } from './wrappers.js';
import { parseXargs } from './xargs.js';

export const MAX_SCRIPT_DEPTH = 3;

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'fish', 'ksh', 'dash', 'csh', 'tcsh', 'ash', 'mksh', 'busybox']);

/** Where a command may run: every folder a `cd` before it could have reached, or unknown. */
export type Cwds = { dirs: string[]; unknown: boolean };

export type SegmentRedirect = {
  op: string;
  fd?: string;
  /** The target as bash will open it; undefined when brace expansion made it several words. */
  target?: ExpandedWord;
  /** What a heredoc or here-string puts on stdin, when it is exactly known. */
  stdin?: string;
};

/** How an inner command is run: a script a shell parses, or an argument list xargs or find runs. */
export type RunnerKind = 'shell' | 'xargs' | 'find';

export type Segment = {
  /** The command as written. */
  text: string;
  /** Leading assignments, quotes removed (`FOO=bar`). */
  assignments: string[];
  /** The words bash runs, expanded. */
  argv: ExpandedWord[];
  /** The same words as written (before brace expansion, so possibly fewer). */
  rawWords: string[];
  redirects: SegmentRedirect[];
  cwds: Cwds;
  /** How the command is reached when it is not on the line itself: `bash -c`, `find -exec`, … */
  via?: string;
  /** The command that runs this one (a shell, `xargs`, `find -exec`), and what kind it is. */
  parent?: { segment: Segment; kind: RunnerKind };
  /** `xargs` appends words read from stdin to this command. */
  argsFromStdin?: boolean;
  /** A shell, `eval` or the like whose script was parsed: its commands follow it in the list. */
  startsScript?: boolean;
  inSubstitution: boolean;
  /** This command's stdin: the segment writing into its pipe, or unknown (a group, `>(…)`). */
  pipedFrom?: Segment | 'unknown';
  /** What bash cannot be followed through here (too many brace words, unknown script text). */
  problems: string[];
};

export type Script = { segments: Segment[]; problems: string[] };

const text = (word: ExpandedWord | undefined): string | undefined => (word?.exact && !word.glob ? word.text : undefined);
const basename = (program: string): string => program.slice(program.lastIndexOf('/') + 1);

function expandRedirect(redirect: Redirect): SegmentRedirect {
  const targets = expandWord(redirect.target);
  const out: SegmentRedirect = { op: redirect.op, ...(redirect.fd !== undefined ? { fd: redirect.fd } : {}) };
  if (targets?.length === 1) out.target = targets[0] as ExpandedWord;
  if (redirect.op === '<<<' && out.target?.exact) out.stdin = `${out.target.text}\n`;
  if (redirect.body && redirect.body.parts.every((part) => part.kind === 'text')) out.stdin = decodeWord(redirect.body);
  return out;
}

function toSegment(command: ShellCommand): Segment {
  const problems: string[] = [];
  const argv: ExpandedWord[] = [];
  for (const word of command.words) {
    const expanded = expandWord(word);
    if (expanded) argv.push(...expanded);
    else problems.push('brace expansion makes too many words to check');
  }
  return {
    text: command.text,
    assignments: command.assignments.map(decodeWord),
    argv,
    rawWords: command.words.map((word) => word.raw),
    redirects: command.redirects.map(expandRedirect),
    cwds: { dirs: [], unknown: false },
    inSubstitution: command.inSubstitution,
    problems,
  };
}

type ShellInvocation = { script?: ExpandedWord | 'missing'; operand?: ExpandedWord; readsStdin: boolean };

/** A shell's options up to its first operand: whether it runs `-c SCRIPT`, a file, or stdin. */
function shellInvocation(args: readonly ExpandedWord[]): ShellInvocation {
  let command = false;
  let stdinFlag = false;
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as ExpandedWord;
    const value = word.text;
    if (value === '--' || value === '-') {
      const next = args[index + 1];
      if (command) return { script: next ?? 'missing', readsStdin: false };
      return next ? { operand: next, readsStdin: false } : { readsStdin: true };
    }
    if (value === '-o' || value === '+o' || value === '-O' || value === '+O' || value === '--rcfile' || value === '--init-file') {
      index++;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(value)) {
      if (value.startsWith('-') && value.includes('c')) command = true;
      if (value.startsWith('-') && value.includes('s')) stdinFlag = true;
      continue;
    }
    if (value.startsWith('--')) continue;
    if (command) return { script: word, readsStdin: false };
    return { operand: word, readsStdin: stdinFlag };
  }
  return command ? { script: 'missing', readsStdin: false } : { readsStdin: true };
}

/** The exact text a producer writes into a pipe, when it is a plain `echo`, `printf` or heredoc `cat`. */
function producedText(producer: Segment | undefined): string | undefined {
  if (!producer || producer.problems.length > 0) return undefined;
  const [program, ...args] = producer.argv;
  const name = text(program);
  if (args.some((arg) => !arg.exact || arg.glob)) return undefined;
  const values = args.map((arg) => arg.text);
  if (name === 'echo' && !values.some((value) => /^-[neE]+$/.test(value))) return `${values.join(' ')}\n`;
  if (name === 'echo' && values[0] === '-n' && !values.slice(1).some((value) => /^-[neE]+$/.test(value))) return values.slice(1).join(' ');
  if (name === 'printf' && values.length === 1 && !/[%\\]/.test(values[0] as string)) return values[0];
  if (name === 'cat' && values.length === 0) return producer.redirects.find((redirect) => redirect.stdin !== undefined)?.stdin;
  return undefined;
}

type Inner =
  | { script: string | undefined; via: string }
  /** `argsFromFile`: xargs reads the appended arguments from a file (`-a`), not from the pipe. */
  | { argv: ExpandedWord[]; via: string; kind: 'xargs' | 'find'; argsFromFile?: boolean };

/** The script a shell reads on stdin: `''` when there is none, undefined when it is unknown. */
function stdinScript(segment: Segment): string | undefined {
  const fed = segment.redirects.find((redirect) => redirect.op === '<<<' || redirect.op === '<<' || redirect.op === '<<-');
  if (fed) return fed.stdin;
  // `bash < <(…)`: the script is another command's output.
  const file = segment.redirects.find((redirect) => redirect.op === '<');
  if (file) return file.target?.substitution ? undefined : '';
  if (segment.pipedFrom === undefined) return '';
  return producedText(segment.pipedFrom === 'unknown' ? undefined : segment.pipedFrom);
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** What feeds the arguments xargs appends: the pipe into it, or a file whose lines are unknown. */
function xargsFeed(segment: Segment, fromFile: boolean): Pick<Segment, 'pipedFrom'> {
  if (fromFile) return { pipedFrom: 'unknown' };
  return segment.pipedFrom ? { pipedFrom: segment.pipedFrom } : {};
}

/** Commands inside this one, as scripts to parse or as argument lists. */
function innerCommands(segment: Segment): Inner[] {
  const fromArguments = commandSuffixes(segment.argv).flatMap((argv) => {
    const name = text(argv[0]) === undefined ? undefined : basename(text(argv[0]) as string);
    return name === undefined ? [] : [...optionScripts(name, argv.slice(1)), ...innerCommandsOf(segment, name, argv.slice(1))];
  });
  return [...assignmentScripts(segment.assignments), ...fromArguments];
}

function innerCommandsOf(segment: Segment, name: string, args: readonly ExpandedWord[]): Inner[] {
  if (SHELLS.has(name)) {
    const shell = shellInvocation(name === 'busybox' ? args.slice(1) : args);
    if (shell.script !== undefined) {
      const script = shell.script === 'missing' ? undefined : text(shell.script);
      return [{ script, via: `${name} -c` }];
    }
    // `bash <(…)` runs another command's output as its script.
    if (shell.operand?.substitution) return [{ script: undefined, via: `${name} <(…)` }];
    if (!shell.readsStdin) return [];
    // A shell with nothing piped or fed into it reads no script at all.
    const script = stdinScript(segment);
    return script === '' ? [] : [{ script, via: `a script fed to ${name} on stdin` }];
  }
  if ((name === 'source' || name === '.') && args[0]?.substitution) return [{ script: undefined, via: `${name} <(…)` }];
  if (name === 'eval') {
    const exact = args.every((arg) => arg.exact);
    return [{ script: exact ? args.map((arg) => arg.text).join(' ') : undefined, via: 'eval' }];
  }
  if (name === 'watch') {
    const rest = args.filter((arg) => !arg.text.startsWith('-'));
    return [{ script: rest.every((arg) => arg.exact) ? rest.map((arg) => arg.text).join(' ') : undefined, via: 'watch' }];
  }
  if (name === 'su' || name === 'runuser' || name === 'script' || name === 'flock') {
    const index = args.findIndex((arg) => arg.text === '-c' || arg.text === '--command');
    if (index >= 0) return [{ script: text(args[index + 1]), via: `${name} -c` }];
    return [];
  }
  if (name === 'find') {
    const found: Inner[] = [];
    for (let index = 0; index < args.length; index++) {
      if (!FIND_EXEC.has((args[index] as ExpandedWord).text)) continue;
      const end = args.findIndex((arg, at) => at > index && (arg.text === ';' || arg.text === '+'));
      found.push({ argv: args.slice(index + 1, end < 0 ? args.length : end), via: `find ${(args[index] as ExpandedWord).text}`, kind: 'find' });
    }
    return found;
  }
  if (name === 'xargs') {
    const { command, argFiles } = parseXargs(args);
    return command.length > 0 ? [{ argv: command, via: 'xargs', kind: 'xargs', ...(argFiles.length > 0 ? { argsFromFile: true } : {}) }] : [];
  }
  return [];
}

function resolveIn(cwds: Cwds, target: string): Cwds {
  return { dirs: cwds.dirs.map((dir) => resolve(dir, target)), unknown: cwds.unknown };
}

/** Where a `cd`, `pushd` or `popd` may lead; undefined when it is not one. */
function cdTarget(segment: Segment, cwds: Cwds): Cwds | undefined {
  const [program, ...rest] = segment.argv;
  const name = text(program);
  if (name !== 'cd' && name !== 'pushd' && name !== 'popd') return undefined;
  const args = rest.filter((arg) => !/^-[LPe@]+$/.test(arg.text));
  if (name === 'popd' || args.length > 1) return { dirs: [], unknown: true };
  const [target] = args;
  if (target === undefined) return name === 'cd' ? { dirs: [homeDir()], unknown: false } : { dirs: [], unknown: true };
  const value = text(target);
  if (value === undefined || value === '-' || /^[+-]\d+$/.test(value)) return { dirs: [], unknown: true };
  // With CDPATH set, `cd name` may go to a folder of that name somewhere else.
  if (process.env.CDPATH && !/^(\/|\.\.?(\/|$))/.test(value)) return { dirs: [], unknown: true };
  return resolveIn(cwds, value);
}

/** Every folder seen so far stays possible: a failed `cd`, or a `;` after it, keeps the old one. */
function widen(current: Cwds, next: Cwds): Cwds {
  return { dirs: [...new Set([...current.dirs, ...next.dirs])], unknown: current.unknown || next.unknown };
}

type Builder = { segments: Segment[]; problems: string[]; cwds: Cwds };

function addScript(builder: Builder, source: string, runner: { via: string; parent: Segment } | undefined, depth: number): void {
  const parsed = parseScript(source);
  const via = runner?.via;
  builder.problems.push(...parsed.problems.map((problem) => (via ? `${problem} (in ${via})` : problem)));
  const own = parsed.commands.map((command): Segment =>
    runner ? { ...toSegment(command), via: runner.via, parent: { segment: runner.parent, kind: 'shell' } } : toSegment(command),
  );
  parsed.commands.forEach((command, index) => {
    const producer = command.pipedFrom;
    if (producer !== undefined) (own[index] as Segment).pipedFrom = producer === 'unknown' ? 'unknown' : (own[producer] as Segment);
  });
  for (const segment of own) addSegment(builder, segment, depth);
}

function addSegment(builder: Builder, segment: Segment, depth: number): void {
  segment.cwds = builder.cwds;
  builder.segments.push(segment);
  const moved = cdTarget(segment, builder.cwds);
  if (moved) builder.cwds = widen(builder.cwds, moved);
  for (const inner of innerCommands(segment)) {
    if (depth >= MAX_SCRIPT_DEPTH) {
      builder.problems.push(`commands are nested too deeply to check (${inner.via})`);
      continue;
    }
    if ('argv' in inner) {
      const text = inner.argv.map((word) => word.text).join(' ');
      const nested: Segment = {
        text,
        assignments: [],
        argv: inner.argv,
        rawWords: inner.argv.map((word) => word.text),
        redirects: [],
        cwds: builder.cwds,
        via: inner.via,
        parent: { segment, kind: inner.kind },
        inSubstitution: false,
        problems: [],
        // What xargs reads from stdin becomes more arguments; the pipe feeding xargs feeds them.
        ...(inner.kind === 'xargs' ? { argsFromStdin: true, ...xargsFeed(segment, inner.argsFromFile === true) } : {}),
      };
      addSegment(builder, nested, depth + 1);
    } else if (inner.script === undefined) {
      segment.problems.push(`the script run by ${inner.via} is not known before it runs`);
    } else {
      segment.startsScript = true;
      addScript(builder, inner.script, { via: inner.via, parent: segment }, depth + 1);
    }
  }
}

/** The command line as bash will run it, starting in `cwd`. */
export function analyzeScript(command: string, cwd: string): Script {
  const builder: Builder = { segments: [], problems: [], cwds: { dirs: [cwd], unknown: false } };
  addScript(builder, command, undefined, 0);
  return { segments: builder.segments, problems: builder.problems };
}
