import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { statOrUndefined } from '../shared/fileChecks.js';
import { describePath, expandPath } from '../shared/paths.js';
import { readDenialCheck } from '../shared/readDenied.js';
import { findFiles } from './findFiles.js';
import { GLOB_DESCRIPTION, globPrompt } from './prompt.js';

const inputSchema = lazySchema(() =>
  z.object({
    pattern: z.string().min(1).describe('Glob pattern to match file paths against, e.g. "**/*.ts"'),
    path: z
      .string()
      .optional()
      .describe('Directory to search in (absolute). Leave it out to search the current working directory'),
  }),
);

export type GlobInput = z.infer<ReturnType<typeof inputSchema>>;

export type GlobOutput = {
  filenames: string[];
  numFiles: number;
  truncated: boolean;
  /** Every matching file; more than numFiles when truncated. */
  totalFiles: number;
  durationMs: number;
};

function searchRoot(input: Pick<GlobInput, 'path'>, ctx: ToolUseContext): string {
  return input.path ? expandPath(input.path, ctx.getCwd()) : ctx.getCwd();
}

export const GlobTool = {
  name: 'Glob',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 100_000,
  description: () => GLOB_DESCRIPTION,
  prompt: () => globPrompt(),
  isEnabled: () => true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'Glob',
  describeUse: (input) => (input.path ? `${input.pattern ?? ''} in ${describePath(input.path)}` : (input.pattern ?? '')),
  getPath: searchRoot,
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async validateInput(input, ctx) {
    if (!input.path) return { ok: true };
    const root = searchRoot(input, ctx);
    const stats = await statOrUndefined(root);
    if (!stats) return { ok: false, message: `Directory does not exist: ${root}` };
    if (!stats.isDirectory()) return { ok: false, message: `${root} is a file, not a directory. Give a directory as path.` };
    return { ok: true };
  },

  async *call(input, ctx) {
    const started = performance.now();
    const isExcluded = readDenialCheck(ctx);
    const found = await findFiles({
      pattern: input.pattern,
      root: searchRoot(input, ctx),
      signal: ctx.abortSignal,
      ...(isExcluded && { isExcluded }),
    });
    return {
      data: {
        filenames: found.filenames,
        numFiles: found.filenames.length,
        truncated: found.truncated,
        totalFiles: found.totalFiles,
        durationMs: Math.round(performance.now() - started),
      },
    };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: resultText(output),
  }),

  summarizeResult: (output) => `Found ${output.numFiles} file${output.numFiles === 1 ? '' : 's'}`,
} satisfies Tool<ReturnType<typeof inputSchema>, GlobOutput>;

export function truncatedNote(output: Pick<GlobOutput, 'numFiles' | 'totalFiles'>): string {
  return (
    `(${output.totalFiles} files match; these ${output.numFiles} are those nearest the search path. ` +
    'Narrow the pattern or the path to see the others.)'
  );
}

function resultText(output: GlobOutput): string {
  if (output.numFiles === 0) return 'No files found';
  const list = output.filenames.join('\n');
  return output.truncated ? `${list}\n${truncatedNote(output)}` : list;
}
