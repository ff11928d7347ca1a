// TaskStop (alias KillShell): ends a background shell and everything it started.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { backgroundShells } from '../bash/backgroundShells.js';
import type { BackgroundStatus } from '../bash/backgroundShell.js';
import { unknownTaskMessage } from '../taskOutput/TaskOutputTool.js';
import type { Tool, ValidationResult } from '../Tool.js';

export const taskStopInputSchema = lazySchema(() =>
  z
    .object({
      task_id: z.string().min(1).optional().describe('The id of the background shell to stop'),
      shell_id: z.string().min(1).optional().describe('Older name for task_id'),
    })
    .refine((input) => input.task_id !== undefined || input.shell_id !== undefined, {
      message: 'give task_id',
      path: ['task_id'],
    }),
);

export type TaskStopInput = z.infer<ReturnType<typeof taskStopInputSchema>>;

export type TaskStopOutput = {
  taskId: string;
  command: string;
  /** False when the shell had already finished. */
  stopped: boolean;
  status: BackgroundStatus;
};

function idOf(input: Partial<TaskStopInput>): string {
  return input.task_id ?? input.shell_id ?? '';
}

async function validateStop(input: TaskStopInput): Promise<ValidationResult> {
  const id = idOf(input);
  return backgroundShells.get(id) ? { ok: true } : { ok: false, message: unknownTaskMessage(id) };
}

export const TaskStopTool = {
  name: 'TaskStop',
  aliases: ['KillShell'],
  get inputSchema() {
    return taskStopInputSchema();
  },
  maxResultSizeChars: 10_000,
  description: () => 'Stop a background shell',
  prompt: () =>
    'Stops a background shell started by Bash with run_in_background, together with every process it started. Read its last output with TaskOutput first if you still need it.',
  isEnabled: () => true,
  isReadOnly: () => false,
  isConcurrencySafe: () => true,
  userFacingName: () => 'TaskStop',
  describeUse: (input) => idOf(input),
  summarizeResult: (output) => (output.stopped ? 'stopped' : `already ${output.status}`),
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Stopping a shell this session started' }),
  validateInput: validateStop,

  async *call(input) {
    const shell = backgroundShells.get(idOf(input));
    if (!shell) throw new Error(unknownTaskMessage(idOf(input)));
    const wasRunning = shell.isRunning;
    await shell.kill();
    return { data: { taskId: shell.id, command: shell.command, stopped: wasRunning, status: shell.status } };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: output.stopped
      ? `Stopped background shell ${output.taskId} (${output.command}).`
      : `Background shell ${output.taskId} had already finished (${output.status}); nothing to stop.`,
  }),
} satisfies Tool<ReturnType<typeof taskStopInputSchema>, TaskStopOutput>;
