// File tools that bring memory along: after Read, Edit, Write or NotebookEdit touches a file,
// memory that applies to it (a `paths:` rule, a CLAUDE.md in its folder below the working
// directory) follows the tool result as a meta message, so the very next request carries it.
import type { NestedMemory } from '../memory/nested.js';
import { formatNestedMemory } from '../memory/format.js';
import type { AnyTool, ToolProgress, ToolResult, ToolUseContext } from '../tools/Tool.js';
import { withToolOverrides } from '../tools/withToolOverrides.js';
import { createUserMessage } from '../utils/messages.js';

const FILE_TOUCHING_TOOLS = new Set(['Read', 'Edit', 'Write', 'NotebookEdit']);

function withMemory(tool: AnyTool, memory: NestedMemory): AnyTool {
  return withToolOverrides(tool, {
    async *call(input: unknown, ctx: ToolUseContext): AsyncGenerator<ToolProgress, ToolResult<unknown>> {
      const result: ToolResult<unknown> = yield* tool.call(input, ctx);
      const path = tool.getPath?.(input, ctx);
      if (path === undefined) return result;
      const files = await memory.forFiles([path]).catch(() => []);
      if (files.length === 0) return result;
      const note = createUserMessage({ content: formatNestedMemory(files), isMeta: true });
      return { ...result, newMessages: [...(result.newMessages ?? []), note] };
    },
  });
}

export function withNestedMemory(tools: readonly AnyTool[], memory: NestedMemory): AnyTool[] {
  return tools.map((tool) => (FILE_TOUCHING_TOOLS.has(tool.name) ? withMemory(tool, memory) : tool));
}
