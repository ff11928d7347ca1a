// A ToolUseContext for tests: a real cwd (usually a temp dir), fresh state, default permissions.
import type { z } from 'zod';
import { FileReadCache } from '../../src/tools/shared/fileReadCache.js';
import type { Tool, ToolUseContext } from '../../src/tools/Tool.js';

export function makeToolContext(cwd: string, overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  let currentCwd = cwd;
  return {
    getCwd: () => currentCwd,
    setCwd: (dir: string) => {
      currentCwd = dir;
    },
    abortSignal: new AbortController().signal,
    readFileState: new FileReadCache(),
    getPermissionContext: () => ({ mode: 'default', rules: [], workingDirectories: [cwd] }),
    options: { model: 'test', isNonInteractive: true, verbose: false, env: {} },
    ...overrides,
  };
}

/**
 * Runs a tool the way the pipeline does minus hooks and permissions: parse, validate, call.
 * Validation failures and thrown errors come back as `{ error }` so tests can assert on them.
 */
export async function runTool<Out>(
  tool: Tool<z.ZodType, Out>,
  rawInput: unknown,
  ctx: ToolUseContext,
): Promise<{ data: Out; error?: undefined } | { data?: undefined; error: string }> {
  const parsed = tool.inputSchema.safeParse(rawInput);
  if (!parsed.success) return { error: parsed.error.message };
  const validation = (await tool.validateInput?.(parsed.data, ctx)) ?? { ok: true };
  if (!validation.ok) return { error: validation.message };
  try {
    const generator = tool.call(parsed.data, ctx);
    for (;;) {
      const step = await generator.next();
      if (step.done) return { data: step.value.data };
    }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
