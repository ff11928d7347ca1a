// The three print-mode output formats. Each maps the same events and result; only what
// reaches stdout differs.
import type { LoopEvent } from '../../types/messages.js';
import type { OutputFormat } from '../options.js';
import type { LineWriter } from './output.js';
import { resultText } from './result.js';
import type { SdkHookLine } from './hookLines.js';
import { toSdkLines, type MappingContext } from './sdkMessages.js';
import type { SdkInit, SdkResult } from './sdkTypes.js';

export type PrintFormatter = {
  /** A SessionStart hook's start or answer: stream-json prints it (before init), the others do not. */
  hookLine(line: SdkHookLine): void;
  /** The run's system/init line, built only by the formats that print it. */
  start(init: () => SdkInit): void;
  event(event: LoopEvent): void;
  finish(result: SdkResult): void;
};

function textFormatter(writer: LineWriter): PrintFormatter {
  return {
    hookLine: () => undefined,
    start: () => undefined,
    event: () => undefined,
    finish: (result) => writer.line(resultText(result)),
  };
}

function jsonFormatter(writer: LineWriter): PrintFormatter {
  return {
    hookLine: () => undefined,
    start: () => undefined,
    event: () => undefined,
    finish: (result) => writer.json(result),
  };
}

/** `--output-format json --verbose`: one JSON array of every message, the result last (as the reference prints it). */
function verboseJsonFormatter(writer: LineWriter, ctx: MappingContext): PrintFormatter {
  const lines: unknown[] = [];
  return {
    // The reference leaves hook lines out of the json array.
    hookLine: () => undefined,
    start: (init) => lines.push(init()),
    // It leaves the refused calls' permission_denied lines out too (the result lists them).
    event: (event) => lines.push(...toSdkLines(event, ctx).filter((line) => line.type !== 'system' || line.subtype !== 'permission_denied')),
    finish: (result) => writer.json([...lines, result]),
  };
}

function streamJsonFormatter(writer: LineWriter, ctx: MappingContext): PrintFormatter {
  // A safe tool starts (its PreToolUse hook with it) as soon as its block is complete, before the
  // loop hands the block's message on: hook lines that arrive while a block streams wait for the
  // block's line, so a tool's hooks follow the message that asked for it, as the reference orders them.
  let held: SdkHookLine[] | undefined;
  const release = (): void => {
    for (const line of held?.splice(0) ?? []) writer.json(line);
    held = undefined;
  };
  return {
    hookLine: (line) => (held ? held.push(line) : writer.json(line)),
    start: (init) => writer.json(init()),
    event: (event) => {
      for (const line of toSdkLines(event, ctx)) writer.json(line);
      if (event.type === 'stream_event' && event.event.type === 'content_block_start') held ??= [];
      else if (event.type !== 'stream_event') release();
    },
    finish: (result) => {
      release();
      writer.json(result);
    },
  };
}

export function createFormatter(
  format: OutputFormat,
  writer: LineWriter,
  ctx: MappingContext,
  verbose = false,
): PrintFormatter {
  if (format === 'stream-json') return streamJsonFormatter(writer, ctx);
  if (format === 'json') return verbose ? verboseJsonFormatter(writer, ctx) : jsonFormatter(writer);
  return textFormatter(writer);
}
