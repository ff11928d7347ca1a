// Read's notebook branch: a .ipynb is shown cell by cell (source, then text output) rather than
// as raw JSON. The raw file is what readFileState records, so NotebookEdit can check staleness.
import { readFile } from 'node:fs/promises';
import type { ToolUseContext } from '../Tool.js';
import { parseNotebook, renderNotebook } from '../shared/notebook.js';

export type NotebookRead = { content: string; cells: number };

export async function readNotebook(absPath: string, mtimeMs: number, ctx: ToolUseContext): Promise<NotebookRead> {
  const raw = await readFile(absPath, 'utf8');
  const notebook = parseNotebook(raw, absPath);
  ctx.readFileState.set(absPath, { content: raw, timestamp: mtimeMs, isPartialView: false });
  return { content: renderNotebook(notebook), cells: notebook.cells.length };
}
