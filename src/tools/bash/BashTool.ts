// The Bash tool: one command per call in a fresh shell, with a working directory that persists
// between calls, a deadline, bounded output, and process-group kills on timeout or abort.
import { isReadOnlyCommand } from '../../permissions/bash/readOnly.js';
import type { SandboxPolicy } from '../../types/sandbox.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { backgroundShells } from './backgroundShells.js';
import { exitCodeAnswer } from './exitCodes.js';
import { bashResultBlock, bashSdkResult, describeBashUse, previewBashResult, summarizeBashResult } from './formatResult.js';
import { effectiveTimeoutMs, readBashLimits } from './limits.js';
import { bashPrompt } from './prompt.js';
import { startShellCommand, type ShellRun } from './runShellCommand.js';
import { bashInputSchema, type BashInput, type BashOutput, type BashProgress } from './schema.js';
import { pickShell } from './shell.js';
import { chooseStartDirectory, settleFinalDirectory } from './workingDirectory.js';

/** Progress is reported at most this often; a command that finishes sooner reports none. */
const PROGRESS_INTERVAL_MS = 500;
const PROGRESS_LINES = 5;

function commandEnv(ctx: ToolUseContext): NodeJS.ProcessEnv {
  // Without a terminal an editor would wait forever; git should just accept its default message.
  return { ...process.env, GIT_EDITOR: 'true', ...ctx.options.env, PULSE: '1' };
}

/** Resolves true when the run finished, false when the interval passed first. */
async function finishedWithin(run: ShellRun, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const tick = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([run.done.then(() => true as const), tick]);
  } finally {
    clearTimeout(timer);
  }
}

function joinNotes(...notes: Array<string | undefined>): string | undefined {
  const present = notes.filter((note): note is string => note !== undefined);
  return present.length > 0 ? present.join('\n') : undefined;
}

/** The sandbox wiring loads only for sessions whose settings turn the sandbox on. */
function sandboxing(): Promise<typeof import('./sandboxing.js')> {
  return import('./sandboxing.js');
}

function sandboxPolicy(ctx: ToolUseContext): SandboxPolicy | undefined {
  return ctx.getPermissionContext().sandbox;
}

/** Starts the command as a background shell and reports its id at once. */
async function startInBackground(input: BashInput, ctx: ToolUseContext): Promise<BashOutput> {
  const limits = readBashLimits();
  const start = await chooseStartDirectory(ctx.getCwd(), ctx.getPermissionContext().workingDirectories);
  if (start.note) ctx.setCwd(start.cwd);
  const env = commandEnv(ctx);
  const policy = sandboxPolicy(ctx);
  const setup = policy ? await (await sandboxing()).setUpRun(input, ctx, policy, start.cwd, env) : {};
  const sandboxRun = setup.run;
  const shell = backgroundShells.start({
    shell: await pickShell(),
    command: input.command,
    ...(input.description ? { description: input.description } : {}),
    cwd: start.cwd,
    env,
    maxUnreadChars: limits.maxOutputLength,
    ...(sandboxRun ? { launch: { ...sandboxRun, onFinished: () => sandboxRun.finish() } } : {}),
  });
  const data: BashOutput = {
    stdout: '',
    stderr: '',
    exitCode: 0,
    interrupted: false,
    timedOut: false,
    timeoutMs: 0,
    truncated: false,
    backgroundTaskId: shell.id,
    outputPath: shell.outputPath,
    ...(setup.note ? { sandboxNote: setup.note } : {}),
  };
  return start.note ? { ...data, cwdNote: start.note } : data;
}

export const BashTool = {
  name: 'Bash',
  get inputSchema() {
    return bashInputSchema();
  },
  maxResultSizeChars: 30_000,
  description: () => 'Run a shell command in the project directory',
  prompt: () => bashPrompt(readBashLimits()),
  isEnabled: () => true,
  isReadOnly: (input) => isReadOnlyCommand(input.command),
  isConcurrencySafe: (input) => isReadOnlyCommand(input.command),
  userFacingName: () => 'Bash',
  describeUse: describeBashUse,
  summarizeResult: summarizeBashResult,
  previewResult: previewBashResult,
  // The permission engine owns Bash rules (prefixes, read-only commands, modes); the sandbox
  // settings add leaving the sandbox (always asked) and sandboxed commands needing no approval.
  checkPermissions: async (input, ctx) => {
    const policy = sandboxPolicy(ctx);
    if (!policy) return { behavior: 'passthrough' };
    return (await sandboxing()).sandboxPermission(input, policy);
  },

  async *call(input, ctx) {
    if (input.run_in_background) return { data: await startInBackground(input, ctx) };
    const limits = readBashLimits();
    const timeoutMs = effectiveTimeoutMs(input.timeout, limits);
    const workingDirectories = ctx.getPermissionContext().workingDirectories;
    const start = await chooseStartDirectory(ctx.getCwd(), workingDirectories);
    if (start.note) ctx.setCwd(start.cwd);
    const env = commandEnv(ctx);
    const policy = sandboxPolicy(ctx);
    const setup = policy ? await (await sandboxing()).setUpRun(input, ctx, policy, start.cwd, env) : {};

    const run = startShellCommand({
      shell: await pickShell(),
      command: input.command,
      cwd: start.cwd,
      env,
      timeoutMs,
      abortSignal: ctx.abortSignal,
      maxOutputLength: limits.maxOutputLength,
      ...(setup.run ? { launch: setup.run } : {}),
    });
    // Tidied up when the command ends, even if this call is abandoned first.
    const done = run.done.finally(() => setup.run?.finish());
    try {
      while (!(await finishedWithin(run, PROGRESS_INTERVAL_MS))) {
        const progress: BashProgress = {
          type: 'bash_progress',
          output: run.lastLines(PROGRESS_LINES),
          elapsedMs: Date.now() - run.startedAt,
        };
        yield { data: progress };
      }
    } finally {
      // Reached early only when the consumer abandons the call; the command must not outlive it.
      run.stop();
    }

    const result = await done;
    const report = setup.run?.finish();
    const sandboxNote = joinNotes(
      setup.note,
      report && policy ? (await sandboxing()).noteAfterRun(report, { exitCode: result.exitCode, output: result.output.text }, policy) : undefined,
    );
    const end = await settleFinalDirectory(result.finalCwd, start.cwd, workingDirectories);
    if (end.cwd !== ctx.getCwd()) ctx.setCwd(end.cwd);
    const data: BashOutput = {
      stdout: result.output.text,
      stderr: result.stderr.text,
      exitCode: result.exitCode,
      interrupted: result.interrupted,
      timedOut: result.timedOut,
      timeoutMs,
      truncated: result.output.truncated,
      ...(result.output.truncated ? { printedLines: result.outputLines } : {}),
      ...(result.strayProcessesStopped ? { strayProcessesStopped: true } : {}),
      ...(sandboxNote ? { sandboxNote } : {}),
    };
    const answer = result.interrupted || result.timedOut ? undefined : exitCodeAnswer(input.command, result.exitCode);
    if (answer !== undefined) data.exitCodeAnswer = answer;
    const cwdNote = joinNotes(start.note, end.note);
    return { data: cwdNote ? { ...data, cwdNote } : data };
  },

  toResultBlock: bashResultBlock,
  sdkResult: bashSdkResult,
} satisfies Tool<ReturnType<typeof bashInputSchema>, BashOutput>;
