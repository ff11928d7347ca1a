// Ctrl-C, `kill` and a closed terminal (SIGHUP). In print and SDK modes the running turn is
// aborted so the transcript gets its closing records and the host still reads a final result,
// then Pulse exits with the shell's code for the signal; a second signal while that happens exits
// at once. The REPL exits at once. Either way Pulse leaves through process.exit, so the commands
// and servers it started end with it (utils/processGuard.ts).
export const EXIT_SIGHUP = 129;
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

const EXIT_CODES: ReadonlyArray<[NodeJS.Signals, number]> = [
  ['SIGINT', EXIT_SIGINT],
  ['SIGTERM', EXIT_SIGTERM],
  ['SIGHUP', EXIT_SIGHUP],
];

export type SignalWatch = {
  /** The exit code for the signal that arrived, or undefined when none did. */
  readonly exitCode: number | undefined;
  stop(): void;
};

function onEachSignal(handle: (code: number) => void): () => void {
  const handlers = EXIT_CODES.map(([signal, code]) => [signal, () => handle(code)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}

export function abortOnSignals(onSignal: () => void): SignalWatch {
  let exitCode: number | undefined;
  const stop = onEachSignal((code) => {
    if (exitCode !== undefined) process.exit(code);
    exitCode = code;
    onSignal();
  });
  return {
    get exitCode() {
      return exitCode;
    },
    stop,
  };
}

/** The REPL has no turn to wind down for a signal from outside: it exits with the signal's code. */
export function exitOnSignals(): () => void {
  return onEachSignal((code) => process.exit(code));
}
