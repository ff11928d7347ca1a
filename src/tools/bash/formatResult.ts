// How a finished command reads to the model (the tool_result) and to people (one-liners).
import type { ToolResultBlockParam } from '../../types/messages.js';
import type { ToolPreview } from '../Tool.js';
import type { BashInput, BashOutput } from './schema.js';

const DESCRIBE_MAX_CHARS = 80;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A failure, not an answer: grep's "no matches" exit is not one (see exitCodes.ts). */
export function isFailure(output: BashOutput): boolean {
  return (output.exitCode !== 0 && output.exitCodeAnswer === undefined) || output.interrupted || output.timedOut;
}

function statusLine(output: BashOutput): string | undefined {
  if (output.timedOut) return `Command timed out after ${output.timeoutMs} ms and was stopped.`;
  if (output.interrupted) return 'Command was interrupted and stopped.';
  if (output.exitCodeAnswer !== undefined) return `Exit code ${output.exitCode} (${output.exitCodeAnswer})`;
  if (output.exitCode !== 0) return `Exit code ${output.exitCode}`;
  return undefined;
}

function notes(output: BashOutput): string[] {
  const lines: string[] = [];
  if (output.strayProcessesStopped) {
    lines.push('Processes the command left running in the background were stopped when it finished.');
  }
  if (output.cwdNote) lines.push(output.cwdNote);
  if (output.sandboxNote) lines.push(output.sandboxNote);
  return lines;
}

function backgroundStarted(output: BashOutput & { backgroundTaskId: string }): string {
  const lines = [
    `Started in the background with id ${output.backgroundTaskId}.`,
    `Read its output with TaskOutput (task_id "${output.backgroundTaskId}") and end it with TaskStop.`,
  ];
  if (output.outputPath) lines.push(`Its full output is also written to ${output.outputPath}.`);
  if (output.cwdNote) lines.push(output.cwdNote);
  if (output.sandboxNote) lines.push(output.sandboxNote);
  return lines.join('\n');
}

export function formatBashResult(output: BashOutput): string {
  if (output.backgroundTaskId !== undefined) return backgroundStarted({ ...output, backgroundTaskId: output.backgroundTaskId });
  const status = statusLine(output);
  const body = output.stdout.trimEnd();
  const extra = notes(output);
  const parts: string[] = [];
  if (status) parts.push(status);
  if (body) parts.push(body);
  if (!body && !status) parts.push('(no output)');
  if (extra.length > 0) parts.push(extra.join('\n'));
  return parts.join('\n');
}

export function bashResultBlock(output: BashOutput, toolUseId: string): ToolResultBlockParam {
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: formatBashResult(output),
  };
  return { ...block, is_error: isFailure(output) };
}

/**
 * stream-json's `tool_use_result` in the reference's shape: stderr is already inside `stdout`
 * (one interleaved stream), and a failure is the error text the model was given.
 */
export function bashSdkResult(output: BashOutput): unknown {
  if (isFailure(output)) return `Error: ${formatBashResult(output)}`;
  return {
    stdout: output.stdout.replace(/\n+$/, ''),
    stderr: '',
    interrupted: output.interrupted,
    isImage: false,
    noOutputExpected: false,
    ...(output.exitCodeAnswer !== undefined ? { returnCodeInterpretation: output.exitCodeAnswer } : {}),
    ...(output.backgroundTaskId !== undefined ? { backgroundTaskId: output.backgroundTaskId } : {}),
  };
}

export function describeBashUse(input: Partial<BashInput>): string {
  const firstLine = (input.command ?? '').trimStart().split('\n')[0] ?? '';
  return clip(firstLine, DESCRIBE_MAX_CHARS);
}

function shortStatus(output: BashOutput): string {
  if (output.backgroundTaskId !== undefined) return `running in the background as ${output.backgroundTaskId}`;
  if (output.timedOut) return 'timed out';
  if (output.interrupted) return 'interrupted';
  if (output.exitCodeAnswer !== undefined) return output.exitCodeAnswer;
  return `exit ${output.exitCode}`;
}

export function summarizeBashResult(output: BashOutput): string {
  const status = shortStatus(output);
  const lastLine = output.stdout.trimEnd().split('\n').at(-1)?.trim() ?? '';
  return lastLine ? `${status}: ${clip(lastLine, DESCRIBE_MAX_CHARS)}` : `${status} (no output)`;
}

/**
 * What the command printed, for the lines shown under the call: stderr is already inside
 * `stdout`. A cut output counts the lines it was cut from.
 */
export function previewBashResult(output: BashOutput): ToolPreview {
  const text = output.stdout.trimEnd();
  return output.printedLines === undefined ? { text } : { text, totalLines: output.printedLines };
}
