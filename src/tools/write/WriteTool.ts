import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { directoryMessage, statOrUndefined } from '../shared/fileChecks.js';
import { readTextFile, writeTextFile, type TextFile } from '../shared/fileText.js';
import { describeChanges, makePatch, type PatchHunk } from '../shared/patch.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { describePath, displayPath, expandPath } from '../shared/paths.js';
import { checkFreshRead, recordWrite } from '../shared/readState.js';
import { WRITE_DESCRIPTION, writePrompt } from './prompt.js';

const inputSchema = lazySchema(() =>
  z.object({
    file_path: z
      .string()
      .describe('Absolute path of the file to write; a relative path is taken from the working directory'),
    content: z.string().describe('The complete new content of the file'),
  }),
);

export type WriteInput = z.infer<ReturnType<typeof inputSchema>>;

export type WriteOutput = {
  type: 'create' | 'update';
  filePath: string;
  content: string;
  structuredPatch: PatchHunk[];
  originalFile: string | null;
};

function absolutePath(input: WriteInput, ctx: ToolUseContext): string {
  return expandPath(input.file_path, ctx.getCwd());
}

/** `onDisk` is the file to write (tools/shared/pathOnDisk.ts); `absPath` names it everywhere else. */
type ExistingFile = { ok: true; onDisk: string | Buffer; file?: TextFile } | { ok: false; message: string };

/** The file being replaced (none for a new file), once we know the model may overwrite it. */
async function readExisting(absPath: string, ctx: ToolUseContext): Promise<ExistingFile> {
  const onDisk = pathOnDisk(absPath);
  const stats = await statOrUndefined(onDisk);
  if (!stats) return { ok: true, onDisk };
  if (stats.isDirectory()) return { ok: false, message: directoryMessage(absPath) };
  const file = await readTextFile(onDisk);
  const freshness = checkFreshRead(absPath, ctx, file, { allowPartialView: false });
  return freshness.ok ? { ok: true, onDisk, file } : freshness;
}

function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export const WriteTool = {
  name: 'Write',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 100_000,
  description: () => WRITE_DESCRIPTION,
  prompt: () => writePrompt(),
  isEnabled: () => true,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  userFacingName: () => 'Write',
  describeUse: (input) => describePath(input.file_path),
  getPath: absolutePath,
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async validateInput(input, ctx) {
    const existing = await readExisting(absolutePath(input, ctx), ctx);
    return existing.ok ? { ok: true } : existing;
  },

  async *call(input, ctx) {
    const absPath = absolutePath(input, ctx);
    // Checked again here: time passes between validation and the call (hooks, permission dialog).
    const existing = await readExisting(absPath, ctx);
    if (!existing.ok) throw new Error(existing.message);
    const originalFile = existing.file?.text ?? null;
    const mtimeMs = await writeTextFile(absPath, input.content, existing.file?.hasBom, existing.onDisk);
    recordWrite(absPath, ctx, input.content, mtimeMs);
    return {
      data: {
        type: originalFile === null ? 'create' : 'update',
        filePath: absPath,
        content: input.content,
        structuredPatch: makePatch(absPath, originalFile ?? '', input.content),
        originalFile,
      },
    };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content:
      output.type === 'create'
        ? `Created ${output.filePath}.`
        : `Wrote the new content to ${output.filePath}.`,
  }),

  summarizeResult: (output) => {
    if (output.type === 'create') {
      const lines = countLines(output.content);
      return `Wrote ${lines} line${lines === 1 ? '' : 's'} to ${displayPath(output.filePath)}`;
    }
    return `Updated ${displayPath(output.filePath)} with ${describeChanges(output.structuredPatch)}`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, WriteOutput>;
