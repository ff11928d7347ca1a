import * as z from 'zod';
import { lazyCrypto } from '../../utils/lazyCrypto.js';
import { lazySchema } from '../../utils/lazySchema.js';
import type { Tool, ToolUseContext } from '../Tool.js';
import { statOrUndefined } from '../shared/fileChecks.js';
import { writeTextFile } from '../shared/fileText.js';
import { describeChanges, makePatchAround, type PatchHunk } from '../shared/patch.js';
import { describePath, displayPath, expandPath } from '../shared/paths.js';
import { recordWrite } from '../shared/readState.js';
import { planEdit, type EditPlan, type EditRequest, type PlanResult } from './planEdit.js';
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

/**
 * What the transcript and the SDK keep of an edit: the change itself, never the whole file, so
 * an edit costs the transcript what it changed.
 */
export type EditOutput = {
  filePath: string;
  oldString: string;
  newString: string;
  /** Always null: the file is not repeated here (the reference, too, sends null for files it has not shown the model). */
  originalFile: null;
  /** SHA-256 (hex) of the file's text as it was before the edit (byte-order mark included). */
  originalFileSha256: string;
  structuredPatch: PatchHunk[];
  replaceAll: boolean;
};

function absolutePath(input: Pick<EditInput, 'file_path'>, ctx: ToolUseContext): string {
  return expandPath(input.file_path, ctx.getCwd());
}

/**
 * The plan validation made, for the call to use when the file has not changed since: a 10 MB
 * file is then read and searched once. Keyed by the parsed input, which the pipeline hands to
 * both (input a hook or the person rewrote is a new object, and is planned afresh).
 */
const validatedPlans = new WeakMap<EditInput, EditPlan>();

async function planForCall(input: EditInput, ctx: ToolUseContext): Promise<PlanResult> {
  const validated = validatedPlans.get(input);
  validatedPlans.delete(input);
  if (validated) {
    const stats = await statOrUndefined(validated.onDisk);
    const { disk } = validated;
    const unchanged = disk ? stats?.mtimeMs === disk.mtimeMs && stats.size === disk.size : stats === undefined;
    if (unchanged) return { ok: true, plan: validated };
  }
  // The file moved on since validation (a hook, the user, a formatter): plan from disk again.
  return planEdit(toRequest(input, ctx), ctx);
}

function sha256(text: string): string {
  return lazyCrypto().createHash('sha256').update(text).digest('hex');
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
    if (!result.ok) return result;
    validatedPlans.set(input, result.plan);
    return { ok: true };
  },

  async *call(input, ctx) {
    const result = await planForCall(input, ctx);
    if (!result.ok) throw new Error(result.message);
    const { absPath, onDisk, originalFile, updatedFile, hasBom, changed } = result.plan;
    const mtimeMs = await writeTextFile(absPath, updatedFile, hasBom, onDisk);
    recordWrite(absPath, ctx, updatedFile, mtimeMs);
    return {
      data: {
        filePath: absPath,
        oldString: input.old_string,
        newString: input.new_string,
        originalFile: null,
        originalFileSha256: sha256(hasBom ? `\uFEFF${originalFile}` : originalFile),
        structuredPatch: makePatchAround(absPath, originalFile, updatedFile, changed),
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
    // An empty old_string only ever creates a file (or fills an empty one).
    if (output.oldString === '') return `Created ${displayPath(output.filePath)}`;
    return `Updated ${displayPath(output.filePath)} with ${describeChanges(output.structuredPatch)}`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, EditOutput>;

function resultText(output: EditOutput): string {
  if (output.oldString === '') return `Created ${output.filePath}.`;
  if (output.replaceAll) return `Updated ${output.filePath}: every occurrence of old_string was replaced.`;
  return `Updated ${output.filePath}.`;
}
