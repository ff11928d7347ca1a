// NotebookEdit and Read's notebook view on temp notebooks.
import { mkdtempSync, readFileSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotebookEditTool } from '../../../src/tools/notebookEdit/NotebookEditTool.js';
import { ReadTool } from '../../../src/tools/read/ReadTool.js';
import type { ToolUseContext } from '../../../src/tools/Tool.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;
let ctx: ToolUseContext;
let path: string;

const notebook = {
  cells: [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: ['# Title\n', 'Some text'] },
    {
      cell_type: 'code',
      id: 'calc',
      metadata: { keep: true },
      execution_count: 3,
      source: 'x = 1\nprint(x + 1)',
      outputs: [{ output_type: 'stream', name: 'stdout', text: ['2\n'] }],
    },
  ],
  metadata: { language_info: { name: 'python' } },
  nbformat: 4,
  nbformat_minor: 5,
};

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-notebook-')));
  ctx = makeToolContext(dir);
  path = join(dir, 'analysis.ipynb');
  writeFileSync(path, `${JSON.stringify(notebook, null, 1)}\n`);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const saved = () => JSON.parse(readFileSync(path, 'utf8')) as typeof notebook & { cells: Array<Record<string, unknown>> };

describe('Read on a notebook', () => {
  it('shows each cell with its id, type, source and text output', async () => {
    const read = await runTool(ReadTool, { file_path: path }, ctx);
    expect(read.data?.content).toBe(
      '<cell id="intro" type="markdown">\n# Title\nSome text\n</cell>\n\n' +
        '<cell id="calc" type="code" language="python">\nx = 1\nprint(x + 1)\n<output>\n2\n</output>\n</cell>',
    );
    expect(ctx.readFileState.get(path)?.isPartialView).toBe(false);
  });
});

describe('NotebookEdit', () => {
  it('refuses a notebook that was not read first', async () => {
    const result = await runTool(NotebookEditTool, { notebook_path: path, cell_id: 'calc', new_source: 'y = 2' }, ctx);
    expect(result.error).toMatch(/not read this file yet/);
  });

  it('replaces a code cell, clearing its outputs and keeping the rest of the file', async () => {
    await runTool(ReadTool, { file_path: path }, ctx);
    const result = await runTool(NotebookEditTool, { notebook_path: path, cell_id: 'calc', new_source: 'y = 2\ny' }, ctx);
    expect(result.error).toBeUndefined();
    const cell = saved().cells[1];
    expect(cell).toEqual({ cell_type: 'code', id: 'calc', metadata: { keep: true }, source: ['y = 2\n', 'y'], execution_count: null, outputs: [] });
    expect(saved().cells[0]).toEqual(notebook.cells[0]);
    expect(readFileSync(path, 'utf8')).toMatch(/^\{\n "cells"/);
  });

  it('inserts after a cell (with a fresh id) and deletes by id; a second edit needs no new Read', async () => {
    await runTool(ReadTool, { file_path: path }, ctx);
    const inserted = await runTool(
      NotebookEditTool,
      { notebook_path: path, cell_id: 'intro', new_source: 'More prose', cell_type: 'markdown', edit_mode: 'insert' },
      ctx,
    );
    expect(inserted.error).toBeUndefined();
    expect(saved().cells.map((cell) => cell.cell_type)).toEqual(['markdown', 'markdown', 'code']);
    expect(saved().cells[1]?.id).toMatch(/^[0-9a-f]{8}$/);
    const deleted = await runTool(NotebookEditTool, { notebook_path: path, cell_id: 'intro', new_source: '', edit_mode: 'delete' }, ctx);
    expect(deleted.error).toBeUndefined();
    expect(saved().cells.map((cell) => cell.source)).toEqual([['More prose'], notebook.cells[1]?.source]);
  });

  it('reports an unknown cell, an insert without a type, and a notebook changed since it was read', async () => {
    await runTool(ReadTool, { file_path: path }, ctx);
    const unknown = await runTool(NotebookEditTool, { notebook_path: path, cell_id: 'nope', new_source: 'x' }, ctx);
    expect(unknown.error).toMatch(/no cell "nope"/);
    const untyped = await runTool(NotebookEditTool, { notebook_path: path, new_source: 'x', edit_mode: 'insert' }, ctx);
    expect(untyped.error).toMatch(/needs cell_type/);
    writeFileSync(path, `${JSON.stringify({ ...notebook, cells: [] }, null, 1)}\n`);
    const later = new Date(Date.now() + 5000);
    utimesSync(path, later, later);
    const stale = await runTool(NotebookEditTool, { notebook_path: path, cell_id: 'calc', new_source: 'x' }, ctx);
    expect(stale.error).toMatch(/changed on disk/);
  });
});
