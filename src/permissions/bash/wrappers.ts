// Commands that only change how another command runs. Rules are matched against the command
// inside them, so `timeout 10 npm test` is judged as `npm test`. Anything we cannot read with
// certainty is left wrapped, and then only a rule naming the wrapper itself can match.

export type Unwrapped = {
  argv: string[];
  /** A bare `xargs` was removed: stdin may append arguments we cannot see. */
  viaXargs: boolean;
};

const MAX_WRAPPER_DEPTH = 10;
const DURATION = /^\d+(\.\d+)?[smhd]?$/;
const BUFFER_MODE = /^(L|0|\d+[KMGkmg]?B?)$/;

type Stripper = (args: string[]) => string[] | undefined;

function skipDoubleDash(args: string[]): string[] {
  return args[0] === '--' ? args.slice(1) : args;
}

function stripTimeout(args: string[]): string[] | undefined {
  let index = 0;
  while (index < args.length) {
    const arg = args[index] as string;
    if (arg === '--preserve-status' || arg === '--foreground' || arg === '-v' || arg === '--verbose') {
      index++;
    } else if (arg === '-s' || arg === '-k' || arg === '--signal' || arg === '--kill-after') {
      index += 2;
    } else if (/^(-s.+|-k.+|--signal=.+|--kill-after=.+)$/.test(arg)) {
      index++;
    } else {
      break;
    }
  }
  const rest = skipDoubleDash(args.slice(index));
  if (!DURATION.test(rest[0] ?? '')) return undefined;
  return rest.slice(1);
}

function stripTime(args: string[]): string[] {
  return skipDoubleDash(args[0] === '-p' ? args.slice(1) : args);
}

function stripNice(args: string[]): string[] | undefined {
  const first = args[0] ?? '';
  if (first === '-n' || first === '--adjustment') {
    return /^-?\d+$/.test(args[1] ?? '') ? skipDoubleDash(args.slice(2)) : undefined;
  }
  if (/^(-n-?\d+|--adjustment=-?\d+|-\d+)$/.test(first)) return skipDoubleDash(args.slice(1));
  return skipDoubleDash(args);
}

function stripStdbuf(args: string[]): string[] | undefined {
  let index = 0;
  while (index < args.length) {
    const arg = args[index] as string;
    if (arg === '-i' || arg === '-o' || arg === '-e') {
      if (!BUFFER_MODE.test(args[index + 1] ?? '')) return undefined;
      index += 2;
    } else if (/^-[ioe].+$/.test(arg) || /^--(input|output|error)=.+$/.test(arg)) {
      if (!BUFFER_MODE.test(arg.replace(/^(-[ioe]|--(input|output|error)=)/, ''))) return undefined;
      index++;
    } else {
      break;
    }
  }
  return index === 0 ? undefined : skipDoubleDash(args.slice(index));
}

/** `command -v x` is a lookup, not a wrapper; only the plain form is looked through. */
function stripPlain(args: string[]): string[] | undefined {
  return (args[0] ?? '').startsWith('-') ? undefined : args;
}

const STRIPPERS: Record<string, Stripper> = {
  timeout: stripTimeout,
  time: stripTime,
  nice: stripNice,
  nohup: (args) => skipDoubleDash(args),
  stdbuf: stripStdbuf,
  command: stripPlain,
  builtin: stripPlain,
  noglob: (args) => args,
};

/** With `throughXargs: false`, a bare `xargs` is left in place (its command is judged on its own). */
export function stripWrappers(argv: readonly string[], options: { throughXargs?: boolean } = {}): Unwrapped {
  let current = [...argv];
  let viaXargs = false;
  for (let depth = 0; depth < MAX_WRAPPER_DEPTH; depth++) {
    const [name, ...args] = current;
    if (name === undefined) break;
    if (name === 'xargs' && options.throughXargs !== false) {
      // Only bare `xargs cmd`: options like -I or -0 change how stdin becomes arguments.
      if (args.length === 0 || (args[0] as string).startsWith('-')) break;
      current = args;
      viaXargs = true;
      continue;
    }
    const strip = STRIPPERS[name];
    const inner = strip?.(args);
    if (!inner || inner.length === 0) break;
    current = inner;
  }
  return { argv: current, viaXargs };
}

/** Programs that run a command given in their arguments (besides the wrappers above). */
const PREFIX_PROGRAMS = new Set([
  'sudo', 'doas', 'env', 'exec', 'command', 'builtin', 'nohup', 'nice', 'timeout', 'gtimeout', 'time',
  'stdbuf', 'noglob', 'ionice', 'chrt', 'taskset', 'setsid', 'unbuffer', 'strace', 'ltrace', 'flock',
  'parallel', 'busybox', 'toybox', 'chroot', 'unshare', 'nsenter', 'firejail', 'systemd-run', 'fakeroot',
  'proot', 'eatmydata', 'catchsegv', 'caffeinate', 'dbus-run-session', 'torsocks', 'proxychains',
  'proxychains4', 'valgrind', 'xargs', 'watch', 'runuser', 'sg', 'newgrp', 'numactl', 'cpulimit', 'trickle',
]);

type Words = readonly { text: string; exact: boolean }[];

const programOf = (words: Words): string | undefined => {
  const first = words[0];
  return first?.exact ? first.text.slice(first.text.lastIndexOf('/') + 1) : undefined;
};

/**
 * The command itself and every command it may run through a prefix program: for deny and ask
 * rules, `sudo -u root rm x` is also `rm x`. Generous on purpose: every word after a prefix
 * program that is not an option may start the inner command.
 */
export function commandSuffixes<W extends { text: string; exact: boolean }>(argv: readonly W[]): W[][] {
  const found: W[][] = [];
  const visit = (words: readonly W[], depth: number): void => {
    if (words.length === 0 || found.length > 64) return;
    found.push([...words]);
    if (depth >= MAX_WRAPPER_DEPTH) return;
    const program = programOf(words);
    if (program === undefined || !PREFIX_PROGRAMS.has(program)) return;
    for (let index = 1; index < words.length; index++) {
      const word = words[index] as W;
      if (!word.text.startsWith('-')) visit(words.slice(index), depth + 1);
    }
  };
  visit(argv, 0);
  return found;
}
