// Ctrl-C and `kill` in print and SDK modes: the running turn is aborted so the transcript gets its
// closing records and the host still reads a final result, then Pulse exits with the shell's code
// for the signal. A second signal while that happens exits at once.
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

export type SignalWatch = {
  /** The exit code for the signal that arrived, or undefined when none did. */
  readonly exitCode: number | undefined;
  stop(): void;
};

export function abortOnSignals(onSignal: () => void): SignalWatch {
  let exitCode: number | undefined;
  const handle = (code: number) => (): void => {
    if (exitCode !== undefined) process.exit(code);
    exitCode = code;
    onSignal();
  };
  const onSigint = handle(EXIT_SIGINT);
  const onSigterm = handle(EXIT_SIGTERM);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  return {
    get exitCode() {
      return exitCode;
    },
    stop() {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
    },
  };
}
