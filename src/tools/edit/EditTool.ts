import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { writeTextFile } from '../shared/fileText.js';
import { describeChanges, makePatch, type PatchHunk } from '../shared/patch.js';
import { describePath, displayPath, expandPath } from '../shared/paths.js';
import { recordWrite } from '../shared/readState.js';
import { planEdit, type EditRequest } from './planEdit.js';
import { EDIT_DESCRIPTION, editPrompt } from './prompt.js';

const inputSchema = lazySchema(() =>
  z.object({
    file_path: z
      .string()
      .describe('Absolute path of the file to change; a relative path is taken from the working directory'),
    old_string: z.string().describe('The exact text to replace, copied from the file'),
    new_string: z.string().describe('The text to put in its place (must differ from old_string)'),
    replace_all: z
      .boolean()
      .optional()
      .default(false)
      .describe('Replace every occurrence of old_string instead of requiring exactly one (default false)'),
  }),
);

export type EditInput = z.infer<ReturnType<typeof inputSchema>>;

export type EditOutput = {
  filePath: string;
  oldString: string;
  newString: string;
  originalFile: string;
  structuredPatch: PatchHunk[];
  replaceAll: boolean;
};

function absolutePath(input: Pick<EditInput, 'file_path'>, ctx: ToolUseContext): string {
  return expandPath(input.file_path, ctx.getCwd());
}

function toRequest(input: EditInput, ctx: ToolUseContext): EditRequest {
  return {
    absPath: absolutePath(input, ctx),
    oldString: input.old_string,
    newString: input.new_string,
    replaceAll: input.replace_all,
  };
}

export const EditTool = {
  name: 'Edit',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 100_000,
  description: () => EDIT_DESCRIPTION,
  prompt: () => editPrompt(),
  isEnabled: () => true,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  userFacingName: () => 'Edit',
  describeUse: (input) => describePath(input.file_path),
  getPath: absolutePath,
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async validateInput(input, ctx) {
    const result = await planEdit(toRequest(input, ctx), ctx);
    return result.ok ? { ok: true } : result;
  },

  async *call(input, ctx) {
    // Planned again from disk: the file may have moved on since validation.
    const result = await planEdit(toRequest(input, ctx), ctx);
    if (!result.ok) throw new Error(result.message);
    const { absPath, originalFile, updatedFile, hasBom } = result.plan;
    const mtimeMs = await writeTextFile(absPath, updatedFile, hasBom);
    recordWrite(absPath, ctx, updatedFile, mtimeMs);
    return {
      data: {
        filePath: absPath,
        oldString: input.old_string,
        newString: input.new_string,
        originalFile,
        structuredPatch: makePatch(absPath, originalFile, updatedFile),
        replaceAll: input.replace_all,
      },
    };
  },

  toResultBlock: (output, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: resultText(output),
  }),

  summarizeResult: (output) => {
    if (output.oldString === '' && output.originalFile === '') {
      return `Created ${displayPath(output.filePath)}`;
    }
    return `Updated ${displayPath(output.filePath)} with ${describeChanges(output.structuredPatch)}`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, EditOutput>;

function resultText(output: EditOutput): string {
  if (output.oldString === '' && output.originalFile === '') return `Created ${output.filePath}.`;
  if (output.replaceAll) return `Updated ${output.filePath}: every occurrence of old_string was replaced.`;
  return `Updated ${output.filePath}.`;
}
