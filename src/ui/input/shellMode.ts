// `!command` at the prompt: runs the command straight away in the session's directory with the
// Bash tool's runner, shows its output, and keeps it in the conversation so the next turn knows
// what was run and what it printed. The person typed it, so no question is asked, but the
// session's Bash deny rules still hold.
import { findBashDenial } from '../../permissions/bash/decide.js';
import { formatRule } from '../../permissions/rules.js';
import { readBashLimits } from '../../tools/bash/limits.js';
import { startShellCommand } from '../../tools/bash/runShellCommand.js';
import { pickShell } from '../../tools/bash/shell.js';
import { chooseStartDirectory, settleFinalDirectory } from '../../tools/bash/workingDirectory.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { UserMessage } from '../../types/messages.js';
import type { ToolPermissionContext } from '../../types/permissions.js';
import { createUserMessage } from '../../utils/messages.js';

/** How many lines of output the transcript shows; the model gets all of it. */
export const SHOWN_OUTPUT_LINES = 20;

export type ShellResult = {
  command: string;
  /** stdout and stderr in the order they arrived (bounded, as the Bash tool keeps it). */
  output: string;
  exitCode: number;
  interrupted: boolean;
  timedOut: boolean;
  /** Where the shell ended up (a `cd` moves the session, as it does for the Bash tool). */
  cwd: string;
  cwdNote?: string;
};

export function isShellInput(text: string): boolean {
  return text.startsWith('!');
}

export function shellCommandOf(text: string): string {
  return text.slice(1).trim();
}

/** Why the session's rules forbid the command, or undefined when it may run. */
export function shellRefusal(command: string, permissions: ToolPermissionContext, cwd = permissions.workingDirectories[0] ?? process.cwd()): string | undefined {
  const deny = permissions.rules.filter((rule) => rule.behavior === 'deny' && rule.toolName === 'Bash');
  const bases = { projectRoot: permissions.workingDirectories[0] ?? cwd, cwd };
  const denied = findBashDenial({ command, cwd, permissions, bases, rules: { deny, ask: [], allow: [] } });
  return denied ? `Not run: ${formatRule(denied.rule)} is denied (${denied.rule.source} rule).` : undefined;
}

export async function runShellInput(command: string, context: ToolUseContext, signal: AbortSignal): Promise<ShellResult> {
  const limits = readBashLimits();
  const { workingDirectories } = context.getPermissionContext();
  const start = await chooseStartDirectory(context.getCwd(), workingDirectories);
  const run = startShellCommand({
    shell: await pickShell(),
    command,
    cwd: start.cwd,
    // No terminal for an editor to open in: git should take its default message.
    env: { ...process.env, GIT_EDITOR: 'true', ...context.options.env, PULSE: '1' },
    timeoutMs: limits.defaultTimeoutMs,
    abortSignal: signal,
    maxOutputLength: limits.maxOutputLength,
  });
  const result = await run.done;
  const end = await settleFinalDirectory(result.finalCwd, start.cwd, workingDirectories);
  const cwdNote = [start.note, end.note].filter((note) => note !== undefined).join('\n');
  return {
    command,
    output: result.output.text,
    exitCode: result.exitCode,
    interrupted: result.interrupted,
    timedOut: result.timedOut,
    cwd: end.cwd,
    ...(cwdNote ? { cwdNote } : {}),
  };
}

function statusOf(result: ShellResult): string | undefined {
  if (result.timedOut) return 'Command timed out and was stopped.';
  if (result.interrupted) return 'Command was interrupted.';
  if (result.exitCode !== 0) return `Exit code ${result.exitCode}`;
  return undefined;
}

/**
 * What the model is sent, in the reference's shape: the command in <bash-input>, then its output
 * in <bash-stdout> (both streams, interleaved as they arrived, as the Bash tool reports them)
 * and how it ended in <bash-stderr>.
 */
export function shellMessages(result: ShellResult): UserMessage[] {
  const status = [statusOf(result), result.cwdNote].filter((line) => line !== undefined).join('\n');
  return [
    createUserMessage({ content: `<bash-input>${result.command}</bash-input>` }),
    createUserMessage({
      content: `<bash-stdout>${result.output.trimEnd()}</bash-stdout><bash-stderr>${status}</bash-stderr>`,
    }),
  ];
}

/** The output as the transcript shows it, under the command: the last lines, then the status. */
export function shellTranscriptText(result: ShellResult): string {
  const lines = result.output.trimEnd() === '' ? [] : result.output.trimEnd().split('\n');
  const shown = lines.slice(-SHOWN_OUTPUT_LINES);
  const hidden = lines.length - shown.length;
  const status = statusOf(result);
  const body = [
    ...(hidden > 0 ? [`… ${hidden} earlier lines`] : []),
    ...shown,
    ...(status ? [status] : []),
    ...(result.cwdNote ? [result.cwdNote] : []),
  ];
  if (body.length === 0) body.push('(no output)');
  return body.map((line, index) => `${index === 0 ? '  ⎿  ' : '     '}${line}`).join('\n');
}
