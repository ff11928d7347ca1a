// Which face Pulse shows: one answer and exit (print), or the interactive REPL.

export type Mode = 'print' | 'interactive';

export type ModeInputs = {
  printFlag: boolean;
  hasPrompt: boolean;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
};

/** `-p`, or text piped in with output piped out and no prompt: a script is talking to Pulse. */
export function chooseMode(inputs: ModeInputs): Mode {
  if (inputs.printFlag) return 'print';
  if (!inputs.stdinIsTTY && !inputs.stdoutIsTTY && !inputs.hasPrompt) return 'print';
  return 'interactive';
}
