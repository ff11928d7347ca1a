// TaskOutput (alias BashOutput): what a background shell printed since the last read, with its
// status. `block` waits for the shell to finish first, up to `timeout`.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { backgroundShells } from '../bash/backgroundShells.js';
import type { BackgroundStatus } from '../bash/backgroundShell.js';
import type { Tool, ValidationResult } from '../Tool.js';

export const DEFAULT_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 600_000;

export const taskOutputInputSchema = lazySchema(() =>
  z.object({
    task_id: z.string().min(1).describe('The id Bash returned when it started the background shell'),
    block: z
      .boolean()
      .optional()
      .describe('Wait for the shell to finish before answering (default true); false answers at once'),
    timeout: z
      .number()
      .int()
      .positive()
      .max(MAX_WAIT_MS)
      .optional()
      .describe(`How long to wait when blocking, in ms (default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS})`),
  }),
);

export type TaskOutputInput = z.infer<ReturnType<typeof taskOutputInputSchema>>;

export type TaskOutputOutput = {
  taskId: string;
  command: string;
  status: BackgroundStatus;
  exitCode?: number;
  /** New output since the last read. */
  output: string;
  truncated: boolean;
  outputPath: string;
  /** True when the call waited and the shell was still running when the wait ended. */
  waitTimedOut: boolean;
};

export function unknownTaskMessage(id: string): string {
  const known = backgroundShells.list().map((shell) => shell.id);
  const listing = known.length > 0 ? ` Known ids: ${known.join(', ')}.` : ' No background shells have been started.';
  return `No background task with id "${id}".${listing}`;
}

async function validateTaskId(input: { task_id: string }): Promise<ValidationResult> {
  return backgroundShells.get(input.task_id) ? { ok: true } : { ok: false, message: unknownTaskMessage(input.task_id) };
}

function statusText(output: TaskOutputOutput): string {
  switch (output.status) {
    case 'running':
      return output.waitTimedOut ? 'running (still going when the wait ended)' : 'running';
    case 'completed':
      return `completed (exit code ${output.exitCode ?? 0})`;
    case 'failed':
      return `failed (exit code ${output.exitCode ?? 1})`;
    case 'killed':
      return 'killed';
  }
}

export function formatTaskOutput(output: TaskOutputOutput): string {
  const lines = [`Task ${output.taskId}: ${statusText(output)}`];
  const text = output.output.trimEnd();
  lines.push(text === '' ? 'No new output since the last read.' : `New output:\n${text}`);
  if (output.truncated) lines.push(`(The middle was cut; the full output is in ${output.outputPath}.)`);
  return lines.join('\n');
}

export const TaskOutputTool = {
  name: 'TaskOutput',
  aliases: ['BashOutput'],
  get inputSchema() {
    return taskOutputInputSchema();
  },
  maxResultSizeChars: 100_000,
  description: () => 'Read new output from a background shell',
  prompt: () =>
    `Reads what a background shell (started by Bash with run_in_background) has printed since you last read it, with its status and exit code.
- By default it waits for the shell to finish (up to \`timeout\` ms, default ${DEFAULT_WAIT_MS}). Pass block: false to look without waiting, e.g. to check on a server.
- Each call returns only output you have not seen yet; the full output stays in the file named in the result.`,
  isEnabled: () => true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'TaskOutput',
  describeUse: (input) => input.task_id ?? '',
  summarizeResult: (output) => `${output.status}${output.output ? '' : ', no new output'}`,
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Reading a shell this session started' }),
  validateInput: validateTaskId,

  async *call(input, ctx) {
    const shell = backgroundShells.get(input.task_id);
    if (!shell) throw new Error(unknownTaskMessage(input.task_id));
    let waitTimedOut = false;
    if (input.block !== false && shell.isRunning) {
      waitTimedOut = !(await shell.waitUntilFinished(input.timeout ?? DEFAULT_WAIT_MS, ctx.abortSignal));
    }
    const read = shell.read();
    const data: TaskOutputOutput = {
      taskId: shell.id,
      command: shell.command,
      status: read.status,
      ...(read.exitCode !== undefined ? { exitCode: read.exitCode } : {}),
      output: read.output.text,
      truncated: read.output.truncated,
      outputPath: shell.outputPath,
      waitTimedOut: waitTimedOut && read.status === 'running',
    };
    return { data };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: formatTaskOutput(output),
  }),
} satisfies Tool<ReturnType<typeof taskOutputInputSchema>, TaskOutputOutput>;
