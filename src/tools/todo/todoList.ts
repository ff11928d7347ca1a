// A plain todo list holder: the value plus listeners. The session owns one; the REPL mirrors it
// into its store and the transcript writer records each change.
import type { TodoItem, TodoList } from '../Tool.js';

export function createTodoList(initial: TodoItem[] = []): TodoList {
  let todos = initial;
  const listeners = new Set<(todos: TodoItem[]) => void>();
  return {
    get: () => todos,
    set(next) {
      todos = next;
      for (const listener of listeners) listener(todos);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
