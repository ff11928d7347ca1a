// TodoWrite: the model's checklist for the task at hand. The list lives in the session's holder
// (ctx.todos): the REPL shows it as a live panel, print mode shows the call as any other tool
// message, and the transcript records it so a resumed session gets it back.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import type { TodoItem, Tool } from '../Tool.js';
import { TODO_DESCRIPTION, TODO_PROMPT } from './prompt.js';

const todoSchema = lazySchema(() =>
  z.object({
    content: z.string().min(1).describe('The step, in the imperative: "Run the tests"'),
    status: z.enum(['pending', 'in_progress', 'completed']),
    activeForm: z.string().min(1).describe('The step while under way: "Running the tests"'),
  }),
);

const inputSchema = lazySchema(() =>
  z.object({
    todos: z.array(todoSchema()).describe('The whole updated list'),
  }),
);

export type TodoWriteOutput = { oldTodos: TodoItem[]; newTodos: TodoItem[] };

const RESULT_TEXT =
  'The todo list is saved. Keep following it: set an item in_progress when you start it and completed as soon as it is done.';

export const TodoWriteTool = {
  name: 'TodoWrite',
  get inputSchema() {
    return inputSchema();
  },
  maxResultSizeChars: 10_000,
  description: () => TODO_DESCRIPTION,
  prompt: () => TODO_PROMPT,
  isEnabled: () => true,
  // It changes no file, so plan mode may keep a list too.
  isReadOnly: () => true,
  isConcurrencySafe: () => false,
  userFacingName: () => 'TodoWrite',
  describeUse: (input) => `${input.todos?.length ?? 0} items`,
  checkPermissions: async () => ({ behavior: 'allow' }),

  async *call(input, ctx) {
    if (!ctx.todos) throw new Error('There is no todo list in this session.');
    const oldTodos = ctx.todos.get();
    // A finished list is cleared, so the panel disappears once the work is done.
    const newTodos = input.todos.every((todo) => todo.status === 'completed') ? [] : input.todos;
    ctx.todos.set(newTodos);
    return { data: { oldTodos, newTodos: input.todos } };
  },

  toResultBlock: (_output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: RESULT_TEXT }),

  summarizeResult: (output) => {
    const done = output.newTodos.filter((todo) => todo.status === 'completed').length;
    return `${done}/${output.newTodos.length} done`;
  },
} satisfies Tool<ReturnType<typeof inputSchema>, TodoWriteOutput>;
