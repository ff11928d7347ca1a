// Read's notebook branch: a .ipynb is shown cell by cell (source, then text output) rather than
// as raw JSON. The raw file is what readFileState records, so NotebookEdit can check staleness.
import type { PathLike } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ToolUseContext } from '../Tool.js';
import { parseNotebook, renderNotebook } from '../shared/notebook.js';

export type NotebookRead = { content: string; cells: number };

/** `onDisk` is the file to open (tools/shared/pathOnDisk.ts); `absPath` names it everywhere else. */
export async function readNotebook(absPath: string, onDisk: PathLike, mtimeMs: number, ctx: ToolUseContext): Promise<NotebookRead> {
  const raw = await readFile(onDisk, 'utf8');
  const notebook = parseNotebook(raw, absPath);
  ctx.readFileState.set(absPath, { content: raw, timestamp: mtimeMs, isPartialView: false });
  return { content: renderNotebook(notebook), cells: notebook.cells.length };
}
