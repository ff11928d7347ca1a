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

export function stripWrappers(argv: readonly string[]): Unwrapped {
  let current = [...argv];
  let viaXargs = false;
  for (let depth = 0; depth < MAX_WRAPPER_DEPTH; depth++) {
    const [name, ...args] = current;
    if (name === undefined) break;
    if (name === 'xargs') {
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
