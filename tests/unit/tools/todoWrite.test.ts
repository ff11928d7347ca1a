// TodoWrite keeps the list in the session's holder; recorded in the transcript, it comes back
// on resume.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTranscript, openTranscript } from '../../../src/sessions/index.js';
import { TodoWriteTool } from '../../../src/tools/todo/TodoWriteTool.js';
import { createTodoList } from '../../../src/tools/todo/todoList.js';
import { makeToolContext, runTool } from '../../support/toolContext.js';

let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-todos-')));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const todos = [
  { content: 'Write the parser', status: 'completed', activeForm: 'Writing the parser' },
  { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
  { content: 'Update the docs', status: 'pending', activeForm: 'Updating the docs' },
] as const;

describe('TodoWrite', () => {
  it('stores the list, returns old and new, and refuses without a list holder', async () => {
    const list = createTodoList();
    const ctx = makeToolContext(dir, { todos: list });
    const result = await runTool(TodoWriteTool, { todos }, ctx);
    expect(result.data).toEqual({ oldTodos: [], newTodos: todos });
    expect(list.get()).toEqual(todos);
    expect(TodoWriteTool.toResultBlock(result.data!, 'toolu_1').content).toMatch(/todo list is saved/);
    expect((await runTool(TodoWriteTool, { todos }, makeToolContext(dir))).error).toMatch(/no todo list/);
    const invalid = TodoWriteTool.inputSchema.safeParse({ todos: [{ content: 'x', status: 'done', activeForm: 'x' }] });
    expect(invalid.success).toBe(false);
  });

  it('clears the list once every item is completed', async () => {
    const list = createTodoList();
    await runTool(TodoWriteTool, { todos: todos.map((todo) => ({ ...todo, status: 'completed' })) }, makeToolContext(dir, { todos: list }));
    expect(list.get()).toEqual([]);
  });

  it('round-trips through the transcript: recorded on every change, restored on resume', async () => {
    const path = join(dir, 'session.jsonl');
    const writer = openTranscript({ cwd: dir, sessionId: 'session-1', version: 'test', path });
    const list = createTodoList();
    list.subscribe((current) => writer.appendRecord({ type: 'todos', todos: current }));
    await runTool(TodoWriteTool, { todos: todos.slice(0, 2) }, makeToolContext(dir, { todos: list }));
    await runTool(TodoWriteTool, { todos }, makeToolContext(dir, { todos: list }));
    writer.close();

    const loaded = loadTranscript(path);
    expect(loaded.todos).toEqual(todos);
    const resumed = createTodoList();
    resumed.set(loaded.todos ?? []);
    const next = await runTool(TodoWriteTool, { todos: todos.slice(1) }, makeToolContext(dir, { todos: resumed }));
    expect(next.data?.oldTodos).toEqual(todos);
  });
});
