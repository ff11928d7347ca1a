import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { MAX_TIMEOUT_MS } from './limits.js';

export const bashInputSchema = lazySchema(() =>
  z.object({
    command: z.string().min(1).describe('The shell command to run'),
    timeout: z
      .number()
      .positive()
      .optional()
      .describe(`Optional timeout in milliseconds (at most ${MAX_TIMEOUT_MS}); the command is stopped when it runs out`),
    description: z
      .string()
      .optional()
      .describe('A few words saying what the command does, e.g. "Run the unit tests"'),
    run_in_background: z
      .boolean()
      .optional()
      .describe('Start the command as a background shell and return its id at once; read its output later with TaskOutput and end it with TaskStop'),
    dangerouslyDisableSandbox: z
      .boolean()
      .optional()
      .describe('Run this command outside the sandbox. Only after it failed because of the sandbox; the user must approve it'),
  }),
);

export type BashInput = z.infer<ReturnType<typeof bashInputSchema>>;

export type BashOutput = {
  /** Everything the command printed: stdout and stderr interleaved in arrival order, truncated. */
  stdout: string;
  /** stderr on its own (it is also inside `stdout`), truncated the same way. */
  stderr: string;
  /** The shell's exit status; death by signal N is reported as 128 + N. */
  exitCode: number;
  /** Set when the non-zero status is the command's answer, not a failure: what it means ("no matches"). */
  exitCodeAnswer?: string;
  /** Stopped because the turn was aborted (user interrupt, or a sibling Bash call failed). */
  interrupted: boolean;
  timedOut: boolean;
  /** The timeout the command ran under, in ms. */
  timeoutMs: number;
  /** True when `stdout` had its middle cut out to fit the output limit. */
  truncated: boolean;
  /** With `truncated`: how many lines the command printed in all. */
  printedLines?: number;
  /** Processes the command left running in the background were stopped when it finished. */
  strayProcessesStopped?: boolean;
  /** "Shell cwd was reset to …" when the command left the session's working directories. */
  cwdNote?: string;
  /** Set when the command was started as a background shell: read it with TaskOutput. */
  backgroundTaskId?: string;
  /** The background shell's full output file. */
  outputPath?: string;
  /** What the sandbox refused or may have caused, for the model; or that it could not be used. */
  sandboxNote?: string;
};

export type BashProgress = {
  type: 'bash_progress';
  /** The last few lines printed so far. */
  output: string;
  elapsedMs: number;
};
