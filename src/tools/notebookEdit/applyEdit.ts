// The pure part of NotebookEdit: one replace, insert or delete on a parsed notebook.
import { randomUuid } from '../../utils/random.js';
import { findCellIndex, sourceLines, type Notebook, type NotebookCell } from '../shared/notebook.js';

export type CellType = 'code' | 'markdown';
export type EditMode = 'replace' | 'insert' | 'delete';

export type NotebookEditRequest = {
  cellId?: string;
  newSource: string;
  cellType?: CellType;
  editMode: EditMode;
};

/** Why the edit cannot apply to this notebook, or undefined when it can. */
export function editProblem(notebook: Notebook, request: NotebookEditRequest): string | undefined {
  if (request.editMode === 'insert' && request.cellType === undefined) {
    return 'Inserting a cell needs cell_type (code or markdown).';
  }
  if (request.cellId === undefined) {
    return request.editMode === 'insert' ? undefined : `Pass cell_id to ${request.editMode} a cell.`;
  }
  if (findCellIndex(notebook, request.cellId) === -1) {
    return `The notebook has no cell "${request.cellId}". Read the notebook to see its cell ids.`;
  }
  return undefined;
}

/** Ids became part of the format in nbformat 4.5; older notebooks get none. */
function usesCellIds(notebook: Notebook): boolean {
  const major = notebook.nbformat ?? 4;
  return major > 4 || (major === 4 && (notebook.nbformat_minor ?? 0) >= 5);
}

function freshCell(notebook: Notebook, cellType: CellType, source: string): NotebookCell {
  const cell: NotebookCell = {
    cell_type: cellType,
    ...(usesCellIds(notebook) ? { id: randomUuid().replace(/-/g, '').slice(0, 8) } : {}),
    metadata: {},
    source: sourceLines(source),
  };
  return cellType === 'code' ? { ...cell, execution_count: null, outputs: [] } : cell;
}

/** A replaced code cell's old outputs no longer describe its source, so they go. */
function replacedCell(cell: NotebookCell, cellType: CellType, source: string): NotebookCell {
  const { outputs: _outputs, execution_count: _count, ...rest } = cell;
  const replaced: NotebookCell = { ...rest, cell_type: cellType, source: sourceLines(source) };
  return cellType === 'code' ? { ...replaced, execution_count: null, outputs: [] } : replaced;
}

export type AppliedEdit = { notebook: Notebook; cellId: string | undefined };

/** Applies an edit `editProblem` accepted; returns a new notebook and the id of the cell touched. */
export function applyNotebookEdit(notebook: Notebook, request: NotebookEditRequest): AppliedEdit {
  const cells = [...notebook.cells];
  const index = request.cellId === undefined ? -1 : findCellIndex(notebook, request.cellId);
  const target = cells[index];
  if (request.editMode === 'delete') {
    cells.splice(index, 1);
    return { notebook: { ...notebook, cells }, cellId: request.cellId };
  }
  if (request.editMode === 'insert') {
    const cell = freshCell(notebook, request.cellType ?? 'code', request.newSource);
    cells.splice(index + 1, 0, cell);
    return { notebook: { ...notebook, cells }, cellId: cell.id ?? `cell-${index + 1}` };
  }
  if (!target) throw new Error(`The notebook has no cell "${request.cellId ?? ''}".`);
  const cellType = request.cellType ?? (target.cell_type === 'markdown' ? 'markdown' : 'code');
  cells[index] = replacedCell(target, cellType, request.newSource);
  return { notebook: { ...notebook, cells }, cellId: request.cellId };
}
