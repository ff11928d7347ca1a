import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext, ValidationResult } from '../Tool.js';
import { hasBinaryExtension, isImagePath, looksBinary } from '../shared/binaryFiles.js';
import { directoryMessage, statOrUndefined } from '../shared/fileChecks.js';
import { numberLines } from '../shared/lineNumbers.js';
import { isNotebookPath } from '../shared/notebook.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { describePath, expandPath } from '../shared/paths.js';
import { missingFileMessage } from '../shared/similarFile.js';
import { DEFAULT_LINE_LIMIT, estimateTokens, MAX_FULL_READ_BYTES, MAX_OUTPUT_TOKENS } from './limits.js';
import { readNotebook } from './notebook.js';
import { READ_DESCRIPTION, readPrompt } from './prompt.js';
import { recordedText, readWindow, windowOf } from './recordedText.js';

const inputSchema = lazySchema(() =>
  z.object({
    file_path: z
      .string()
      .describe('Absolute path of the file to read; a relative path is taken from the working directory'),
    offset: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Line number to start reading from, counting from 1. Use it for files too long to read at once'),
    limit: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(`How many lines to read (default ${DEFAULT_LINE_LIMIT})`),
  }),
);

export type ReadInput = z.infer<ReturnType<typeof inputSchema>>;

export type ReadOutput = {
  filePath: string;
  /** The lines shown, numbered `N\tline`. */
  content: string;
  numLines: number;
  startLine: number;
  /** 0 for an empty file. */
  totalLines: number;
};

function absolutePath(input: ReadInput, ctx: ToolUseContext): string {
  return expandPath(input.file_path, ctx.getCwd());
}

async function validateRead(input: ReadInput, ctx: ToolUseContext): Promise<ValidationResult> {
  const absPath = absolutePath(input, ctx);
  if (isImagePath(absPath)) {
    return { ok: false, message: `${absPath} is an image. Read shows text files only; it cannot display images yet.` };
  }
  if (hasBinaryExtension(absPath)) {
    return { ok: false, message: `${absPath} is a binary file. Read shows text files only.` };
  }
  const onDisk = pathOnDisk(absPath);
  const stats = await statOrUndefined(onDisk);
  if (!stats) return { ok: false, message: await missingFileMessage(absPath, ctx.getCwd()) };
  if (stats.isDirectory()) return { ok: false, message: directoryMessage(absPath) };
  const wholeFile = input.offset === undefined && input.limit === undefined;
  if (wholeFile && stats.size > MAX_FULL_READ_BYTES) {
    const sizeKb = Math.round(stats.size / 1024);
    return {
      ok: false,
      message:
        `${absPath} is ${sizeKb} KB, more than the ${MAX_FULL_READ_BYTES / 1024} KB Read shows at once. ` +
        'Pass offset and limit to read a part of it, or use Grep to find the lines you need.',
    };
  }
  if (await looksBinary(onDisk)) {
    return { ok: false, message: `${absPath} looks like a binary file (it contains NUL bytes). Read shows text files only.` };
  }
  return { ok: true };
}

function tooLargeMessage(tokens: number): string {
  return (
    `The requested text is about ${tokens} tokens, more than the ${MAX_OUTPUT_TOKENS} a single Read may return. ` +
    'Use offset and limit to read a smaller part, or Grep to find the lines you need.'
  );
}

function resultText(output: ReadOutput): string {
  if (output.totalLines === 0) {
    return '<system-reminder>This file exists but is empty.</system-reminder>';
  }
  if (output.numLines === 0) {
    return (
      `<system-reminder>The file has ${output.totalLines} lines, so there is nothing at line ${output.startLine}. ` +
      'Read again with a smaller offset.</system-reminder>'
    );
  }
  const lastShown = output.startLine + output.numLines - 1;
  if (lastShown >= output.totalLines) return output.content;
  return (
    `${output.content}\n\n<system-reminder>Showing lines ${output.startLine}-${lastShown} of ${output.totalLines}. ` +
    `Read again with offset ${lastShown + 1} to see more.</system-reminder>`
  );
}

/** The lines as the file has them: the shown text without Pulse's `N\t` numbers. */
const unnumbered = (content: string): string =>
  content
    .split('\n')
    .map((line) => line.replace(/^\s*\d+\t/, ''))
    .join('\n');

export const ReadTool = {
  name: 'Read',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: Infinity,
  description: () => READ_DESCRIPTION,
  prompt: () => readPrompt(),
  isEnabled: () => true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'Read',
  describeUse: (input) => describePath(input.file_path),
  getPath: absolutePath,
  checkPermissions: async () => ({ behavior: 'passthrough' }),
  validateInput: validateRead,

  async *call(input, ctx) {
    const absPath = absolutePath(input, ctx);
    const { startLine, maxLines } = windowOf(input);
    const onDisk = pathOnDisk(absPath);
    const stats = await statOrUndefined(onDisk);
    if (!stats) throw new Error(await missingFileMessage(absPath, ctx.getCwd()));
    if (isNotebookPath(absPath)) {
      const notebook = await readNotebook(absPath, onDisk, stats.mtimeMs, ctx);
      const cells = { numLines: notebook.cells, startLine: 1, totalLines: notebook.cells };
      return { data: { filePath: absPath, content: notebook.content, ...cells } };
    }
    const window = await readWindow(onDisk, stats.size, startLine, maxLines);
    const content = numberLines(window.lines, startLine);
    const tokens = estimateTokens(content);
    if (tokens > MAX_OUTPUT_TOKENS) throw new Error(tooLargeMessage(tokens));

    const { text, isWholeFile } = recordedText(window, startLine);
    ctx.readFileState.set(absPath, {
      content: text,
      timestamp: stats.mtimeMs,
      offset: input.offset,
      limit: input.limit,
      isPartialView: !isWholeFile,
    });
    return { data: { filePath: absPath, content, numLines: window.lines.length, startLine, totalLines: window.totalLines } };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: resultText(output),
  }),

  // The reference's shape: the lines as the file has them. Made when read (the SDK's stream, once):
  // kept as a string, every Read in a long session's history would hold its file twice.
  sdkResult: (output) => ({
    type: 'text',
    file: {
      filePath: output.filePath,
      get content() {
        return unnumbered(output.content);
      },
      numLines: output.numLines,
      startLine: output.startLine,
      totalLines: output.totalLines,
    },
  }),

  summarizeResult: (output) => {
    if (output.totalLines === 0) return 'Read an empty file';
    return `Read ${output.numLines} line${output.numLines === 1 ? '' : 's'}`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, ReadOutput>;
