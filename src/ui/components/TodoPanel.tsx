// The live checklist under the spinner: TodoWrite's list, the item in progress highlighted.
import { Box, Text } from 'ink';
import { useRepl } from '../hooks/useReplStore.js';
import type { TodoItem } from '../../state/store.js';

const MARKS: Readonly<Record<TodoItem['status'], string>> = { pending: '☐', in_progress: '◼', completed: '☒' };

export function TodoPanel() {
  const todos = useRepl((state) => state.todos);
  if (todos.length === 0) return null;
  return (
    <Box flexDirection="column" marginTop={1} paddingLeft={2}>
      {todos.map((todo, index) => (
        <Text
          key={`${index}:${todo.content}`}
          bold={todo.status === 'in_progress'}
          dimColor={todo.status === 'completed'}
          strikethrough={todo.status === 'completed'}
        >
          {MARKS[todo.status]} {todo.status === 'in_progress' && todo.activeForm ? todo.activeForm : todo.content}
        </Text>
      ))}
    </Box>
  );
}
