// NotebookEdit: replaces, inserts or deletes one cell of a Jupyter notebook. Like Edit it only
// touches a notebook the model has read, as it was when read, and writes the file atomically.
import { readFile, stat } from 'node:fs/promises';
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { writeFileAtomically } from '../../utils/atomicWrite.js';
import type { Tool, ToolUseContext, ValidationResult } from '../Tool.js';
import { isNotebookPath, notebookIndent, parseNotebook, serializeNotebook } from '../shared/notebook.js';
import { pathOnDisk } from '../shared/pathOnDisk.js';
import { describePath, expandPath } from '../shared/paths.js';
import { checkFreshRead, recordWrite } from '../shared/readState.js';
import { applyNotebookEdit, editProblem, type NotebookEditRequest } from './applyEdit.js';

const inputSchema = lazySchema(() =>
  z.object({
    notebook_path: z.string().describe('Absolute path of the .ipynb file; a relative path is taken from the working directory'),
    cell_id: z
      .string()
      .optional()
      .describe('The id of the cell to change (as Read shows it). For insert, the new cell goes after it; without it, at the start'),
    new_source: z.string().describe('The new source of the cell (ignored for delete)'),
    cell_type: z.enum(['code', 'markdown']).optional().describe('The cell type; required for insert'),
    edit_mode: z.enum(['replace', 'insert', 'delete']).optional().describe('replace (default), insert or delete'),
  }),
);

export type NotebookEditInput = z.infer<ReturnType<typeof inputSchema>>;

export type NotebookEditOutput = {
  notebookPath: string;
  cellId: string | undefined;
  editMode: NotebookEditRequest['editMode'];
  newSource: string;
};

const PROMPT = `Change one cell of a Jupyter notebook (.ipynb): replace its source, insert a new cell, or delete it. Read the notebook first; Read shows every cell with its id. Use cell_id to pick the cell: replace and delete need it, insert puts the new cell after it (or at the start without one) and needs cell_type. Replacing a code cell clears its old outputs. Use this tool rather than Edit or Write for notebooks.`;

function absolutePath(input: Pick<NotebookEditInput, 'notebook_path'>, ctx: ToolUseContext): string {
  return expandPath(input.notebook_path, ctx.getCwd());
}

function requestOf(input: NotebookEditInput): NotebookEditRequest {
  return {
    newSource: input.new_source,
    editMode: input.edit_mode ?? 'replace',
    ...(input.cell_id !== undefined ? { cellId: input.cell_id } : {}),
    ...(input.cell_type !== undefined ? { cellType: input.cell_type } : {}),
  };
}

async function validateNotebookEdit(input: NotebookEditInput, ctx: ToolUseContext): Promise<ValidationResult> {
  const absPath = absolutePath(input, ctx);
  if (!isNotebookPath(absPath)) return { ok: false, message: `${absPath} is not a notebook (.ipynb). Use Edit for other files.` };
  const onDisk = pathOnDisk(absPath);
  const stats = await stat(onDisk).catch(() => undefined);
  if (!stats?.isFile()) return { ok: false, message: `${absPath} does not exist. NotebookEdit changes existing notebooks; create one with Write.` };
  const text = await readFile(onDisk, 'utf8');
  const fresh = checkFreshRead(absPath, ctx, { text, mtimeMs: stats.mtimeMs }, { allowPartialView: false });
  if (!fresh.ok) return fresh;
  let problem: string | undefined;
  try {
    problem = editProblem(parseNotebook(text, absPath), requestOf(input));
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  return problem === undefined ? { ok: true } : { ok: false, message: problem };
}

export const NotebookEditTool = {
  name: 'NotebookEdit',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 20_000,
  description: () => 'Replace, insert or delete a cell in a Jupyter notebook',
  prompt: () => PROMPT,
  isEnabled: () => true,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  userFacingName: () => 'NotebookEdit',
  describeUse: (input) => describePath(input.notebook_path),
  getPath: absolutePath,
  validateInput: validateNotebookEdit,
  checkPermissions: async () => ({ behavior: 'passthrough' }),

  async *call(input, ctx) {
    const absPath = absolutePath(input, ctx);
    const onDisk = pathOnDisk(absPath);
    const text = await readFile(onDisk, 'utf8');
    const request = requestOf(input);
    const applied = applyNotebookEdit(parseNotebook(text, absPath), request);
    const written = serializeNotebook(applied.notebook, notebookIndent(text));
    await writeFileAtomically(onDisk, written, { shownPath: absPath });
    recordWrite(absPath, ctx, written, (await stat(onDisk)).mtimeMs);
    return { data: { notebookPath: absPath, cellId: applied.cellId, editMode: request.editMode, newSource: input.new_source } };
  },

  toResultBlock: (output, toolUseId) => {
    const cell = output.cellId === undefined ? 'a new cell' : `cell ${output.cellId}`;
    const done = { replace: `Replaced ${cell}`, insert: `Inserted ${cell}`, delete: `Deleted ${cell}` }[output.editMode];
    return { type: 'tool_result', tool_use_id: toolUseId, content: `${done} in ${output.notebookPath}.` };
  },

  summarizeResult: (output) => `${output.editMode} ${output.cellId ?? 'cell'}`,
} satisfies Tool<ReturnType<typeof inputSchema>, NotebookEditOutput>;
