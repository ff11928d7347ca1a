import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { statOrUndefined } from '../shared/fileChecks.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { withoutDeniedLines, withoutDeniedPaths } from '../shared/readDenied.js';
import { describePath, expandPath } from '../shared/paths.js';
import { runBuiltinSearch } from './builtinSearch.js';
import { resolveEngine } from './engine.js';
import { buildOutput, outputText, type GrepOutput } from './format.js';
import { splitGlobParam } from './globs.js';
import { GREP_DESCRIPTION, grepPrompt } from './prompt.js';
import { runRipgrep } from './ripgrep.js';
import { searchThroughLink } from './shownRoot.js';
import type { GrepQuery, RawGrepResult } from './types.js';

const DEFAULT_HEAD_LIMIT = 250;

const contextLines = (what: string) => z.number().int().nonnegative().optional().describe(what);

const inputSchema = lazySchema(() =>
  z.object({
    pattern: z.string().min(1).describe('Regular expression to search for in file contents (ripgrep syntax)'),
    path: z
      .string()
      .optional()
      .describe('File or directory to search (absolute). Leave it out to search the current working directory'),
    glob: z.string().optional().describe('Only search files matching this glob, e.g. "*.js" or "*.{ts,tsx}"; "!" excludes'),
    output_mode: z
      .enum(['content', 'files_with_matches', 'count'])
      .optional()
      .describe('"files_with_matches" (default) lists files, "content" shows matching lines, "count" counts matches per file'),
    '-A': contextLines('Lines of context after each match (content mode only)'),
    '-B': contextLines('Lines of context before each match (content mode only)'),
    '-C': contextLines('Lines of context before and after each match (content mode only)'),
    '-n': z.boolean().optional().describe('Show line numbers (content mode only; default true)'),
    '-i': z.boolean().optional().describe('Case-insensitive search'),
    type: z.string().optional().describe('File type to search, as ripgrep names them: js, py, rust, go, java...'),
    head_limit: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(`Return at most this many lines, files or counts (default ${DEFAULT_HEAD_LIMIT}; 0 means no limit)`),
    offset: z.number().int().nonnegative().optional().describe('Skip this many results first, to page through them (default 0)'),
    multiline: z
      .boolean()
      .optional()
      .describe('Let the pattern span lines, with "." matching newlines too (default false)'),
  }),
);

export type GrepInput = z.infer<ReturnType<typeof inputSchema>>;
export type { GrepOutput };

function searchPath(input: Pick<GrepInput, 'path'>, ctx: ToolUseContext): string {
  return input.path ? expandPath(input.path, ctx.getCwd()) : ctx.getCwd();
}

function toQuery(input: GrepInput, ctx: ToolUseContext): GrepQuery {
  const mode = input.output_mode ?? 'files_with_matches';
  const around = input['-C'] ?? 0;
  const isContent = mode === 'content';
  return {
    pattern: input.pattern,
    searchPath: searchPath(input, ctx),
    mode,
    globs: splitGlobParam(input.glob),
    type: input.type,
    caseInsensitive: input['-i'] ?? false,
    lineNumbers: isContent && (input['-n'] ?? true),
    before: isContent ? (input['-B'] ?? around) : 0,
    after: isContent ? (input['-A'] ?? around) : 0,
    multiline: input.multiline ?? false,
    signal: ctx.abortSignal,
  };
}

async function search(query: GrepQuery): Promise<RawGrepResult> {
  const engine = await resolveEngine();
  const run = (searchPath: string) => {
    const at = { ...query, searchPath };
    return engine.kind === 'ripgrep' ? runRipgrep(engine.rgPath, at) : runBuiltinSearch(at);
  };
  const onDisk = pathOnDisk(query.searchPath);
  return typeof onDisk === 'string' ? run(onDisk) : searchThroughLink(onDisk, query.searchPath, run);
}

/** Files a `Read(...)` deny rule covers are left out, whatever the mode. */
function withoutDenied(raw: RawGrepResult, ctx: ToolUseContext): RawGrepResult {
  switch (raw.mode) {
    case 'files_with_matches':
      return { mode: raw.mode, files: withoutDeniedPaths(raw.files, ctx) };
    case 'count': {
      const allowed = new Set(withoutDeniedPaths(raw.counts.map((entry) => entry.path), ctx));
      return { mode: raw.mode, counts: raw.counts.filter((entry) => allowed.has(entry.path)) };
    }
    case 'content':
      return { mode: raw.mode, lines: withoutDeniedLines(raw.lines, ctx) };
  }
}

export const GrepTool = {
  name: 'Grep',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 20_000,
  description: () => GREP_DESCRIPTION,
  prompt: () => grepPrompt(),
  isEnabled: () => true,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: () => 'Grep',
  describeUse: (input) => {
    const pattern = `"${input.pattern ?? ''}"`;
    return input.path ? `${pattern} in ${describePath(input.path)}` : pattern;
  },
  getPath: searchPath,
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async validateInput(input, ctx) {
    const path = searchPath(input, ctx);
    if (!(await statOrUndefined(pathOnDisk(path)))) return { ok: false, message: `Path does not exist: ${path}` };
    return { ok: true };
  },

  async *call(input, ctx) {
    const raw = withoutDenied(await search(toQuery(input, ctx)), ctx);
    const data = await buildOutput(raw, {
      limit: input.head_limit ?? DEFAULT_HEAD_LIMIT,
      offset: input.offset ?? 0,
    });
    return { data };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: outputText(output),
  }),

  summarizeResult: (output) => {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    if (output.mode === 'content') return `Found ${plural(output.numLines ?? 0, 'line')}`;
    if (output.mode === 'count') {
      const matches = output.numMatches ?? 0;
      return `Found ${matches} match${matches === 1 ? '' : 'es'} in ${plural(output.numFiles, 'file')}`;
    }
    return `Found ${plural(output.numFiles, 'file')}`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, GrepOutput>;
