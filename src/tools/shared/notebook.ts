// Jupyter notebooks (.ipynb) as Read shows them and NotebookEdit changes them. The file is
// external input: it is checked with zod, and everything Pulse does not touch (metadata,
// outputs of other cells, unknown fields) is kept as it was.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';

const sourceSchema = lazySchema(() => z.union([z.string(), z.array(z.string())]));

const cellSchema = lazySchema(() =>
  z.looseObject({
    cell_type: z.string(),
    id: z.string().optional(),
    source: sourceSchema(),
    outputs: z.array(z.unknown()).optional(),
    execution_count: z.number().nullable().optional(),
  }),
);

const notebookSchema = lazySchema(() =>
  z.looseObject({
    cells: z.array(cellSchema()),
    nbformat: z.number().optional(),
    nbformat_minor: z.number().optional(),
  }),
);

export type NotebookCell = z.infer<ReturnType<typeof cellSchema>>;
export type Notebook = z.infer<ReturnType<typeof notebookSchema>>;

export function isNotebookPath(path: string): boolean {
  return path.toLowerCase().endsWith('.ipynb');
}

export function parseNotebook(text: string, path: string): Notebook {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not a valid notebook: it is not JSON.`);
  }
  const parsed = notebookSchema().safeParse(value);
  if (!parsed.success) throw new Error(`${path} is not a valid notebook: it has no list of cells.`);
  return parsed.data;
}

export function sourceText(source: NotebookCell['source']): string {
  return Array.isArray(source) ? source.join('') : source;
}

/** nbformat's usual form: one string per line, each keeping its newline. */
export function sourceLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A cell's id, or `cell-N` (its 0-based position) for notebooks written before cell ids. */
export function cellIdOf(cell: NotebookCell, index: number): string {
  return cell.id ?? `cell-${index}`;
}

/** The index of the cell an id names: its own id first, then the `cell-N` form. */
export function findCellIndex(notebook: Notebook, cellId: string): number {
  const byId = notebook.cells.findIndex((cell) => cell.id === cellId);
  if (byId !== -1) return byId;
  const positional = /^cell-(\d+)$/.exec(cellId);
  if (!positional) return -1;
  const index = Number(positional[1]);
  return index < notebook.cells.length ? index : -1;
}

/** The indentation the file uses, so a rewrite changes only what was edited. */
export function notebookIndent(text: string): number {
  const match = /\n( +)"/.exec(text);
  return match?.[1]?.length ?? 1;
}

export function serializeNotebook(notebook: Notebook, indent: number): string {
  return `${JSON.stringify(notebook, null, indent)}\n`;
}

const MAX_OUTPUT_CHARS = 10_000;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((part): part is string => typeof part === 'string').join('');
  return '';
}

/** What a cell printed, as text: streams, plain-text results and errors; images are named only. */
function outputText(output: unknown): string {
  if (typeof output !== 'object' || output === null) return '';
  const record = output as Record<string, unknown>;
  if (record.output_type === 'stream') return textOf(record.text);
  if (record.output_type === 'error') return `${textOf(record.ename)}: ${textOf(record.evalue)}`;
  const data = record.data;
  if (typeof data !== 'object' || data === null) return '';
  const bundle = data as Record<string, unknown>;
  if (bundle['text/plain'] !== undefined) return textOf(bundle['text/plain']);
  const kinds = Object.keys(bundle);
  return kinds.length > 0 ? `[${kinds.join(', ')} output not shown]` : '';
}

/** The notebook cell by cell, for the model. */
export function renderNotebook(notebook: Notebook): string {
  const language = languageOf(notebook);
  return notebook.cells
    .map((cell, index) => {
      const attributes = [`id="${cellIdOf(cell, index)}"`, `type="${cell.cell_type}"`];
      if (cell.cell_type === 'code' && language) attributes.push(`language="${language}"`);
      const parts = [`<cell ${attributes.join(' ')}>`, sourceText(cell.source).replace(/\n$/, '')];
      const outputs = (cell.outputs ?? []).map(outputText).filter((text) => text.trim() !== '').join('\n');
      if (outputs !== '') {
        const shown = outputs.length > MAX_OUTPUT_CHARS ? `${outputs.slice(0, MAX_OUTPUT_CHARS)}\n… (output cut)` : outputs;
        parts.push(`<output>\n${shown.replace(/\n$/, '')}\n</output>`);
      }
      parts.push('</cell>');
      return parts.join('\n');
    })
    .join('\n\n');
}

function languageOf(notebook: Notebook): string | undefined {
  const metadata = notebook.metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const info = (metadata as Record<string, unknown>).language_info;
  if (typeof info !== 'object' || info === null) return undefined;
  const name = (info as Record<string, unknown>).name;
  return typeof name === 'string' ? name : undefined;
}
