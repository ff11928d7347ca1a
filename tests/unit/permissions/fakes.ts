// Minimal stand-ins for real tools: just what the permission engine looks at.
import { z } from 'zod';
import { isReadOnlyCommand } from '../../../src/permissions/bash/readOnly.js';
import type { AnyTool, ToolUseContext } from '../../../src/tools/Tool.js';
import type {
  PermissionDecision,
  PermissionMode,
  PermissionRule,
  RuleSource,
  ToolPermissionContext,
} from '../../../src/types/permissions.js';
import { rulesFromSettings } from '../../../src/permissions/rules.js';

type Input = Record<string, unknown>;

type FakeToolOptions = {
  readOnly: (input: Input) => boolean;
  getPath?: (input: Input, ctx: ToolUseContext) => string | undefined;
  decision?: PermissionDecision;
};

export function fakeTool(name: string, options: FakeToolOptions): AnyTool {
  const tool = {
    name,
    inputSchema: z.record(z.string(), z.unknown()),
    description: () => name,
    prompt: () => name,
    isEnabled: () => true,
    isReadOnly: options.readOnly,
    isConcurrencySafe: options.readOnly,
    checkPermissions: async (): Promise<PermissionDecision> => options.decision ?? { behavior: 'passthrough' },
    getPath: options.getPath,
    async *call() {
      return { data: null };
    },
    toResultBlock: (_output: unknown, toolUseId: string) => ({ type: 'tool_result', tool_use_id: toolUseId, content: '' }),
    maxResultSizeChars: 1000,
    userFacingName: () => name,
  };
  return tool as unknown as AnyTool;
}

const filePath = (input: Input): string | undefined => (typeof input.file_path === 'string' ? input.file_path : undefined);
const searchPath = (input: Input, ctx: ToolUseContext): string =>
  typeof input.path === 'string' ? input.path : ctx.getCwd();

export const tools = {
  Bash: fakeTool('Bash', { readOnly: (input) => isReadOnlyCommand(String(input.command)) }),
  Read: fakeTool('Read', { readOnly: () => true, getPath: filePath }),
  Edit: fakeTool('Edit', { readOnly: () => false, getPath: filePath }),
  Write: fakeTool('Write', { readOnly: () => false, getPath: filePath }),
  NotebookEdit: fakeTool('NotebookEdit', {
    readOnly: () => false,
    getPath: (input) => (typeof input.notebook_path === 'string' ? input.notebook_path : undefined),
  }),
  Grep: fakeTool('Grep', { readOnly: () => true, getPath: searchPath }),
  Glob: fakeTool('Glob', { readOnly: () => true, getPath: searchPath }),
  WebFetch: fakeTool('WebFetch', { readOnly: () => true }),
  McpRead: fakeTool('mcp__github__get_issue', { readOnly: () => false }),
  McpWrite: fakeTool('mcp__github__create_issue', { readOnly: () => false }),
};

export type RuleSpec = { allow?: string[]; deny?: string[]; ask?: string[]; source?: RuleSource };

export function buildRules(...specs: RuleSpec[]): PermissionRule[] {
  return specs.flatMap((spec) => {
    const { source = 'localSettings', ...lists } = spec;
    return rulesFromSettings(lists, source);
  });
}

export function fakeContext(options: {
  cwd: string;
  mode?: PermissionMode;
  rules?: PermissionRule[];
  workingDirectories?: string[];
}): ToolUseContext {
  let cwd = options.cwd;
  const permissions: ToolPermissionContext = {
    mode: options.mode ?? 'default',
    rules: options.rules ?? [],
    workingDirectories: options.workingDirectories ?? [options.cwd],
  };
  return {
    getCwd: () => cwd,
    setCwd: (dir: string) => {
      cwd = dir;
    },
    abortSignal: new AbortController().signal,
    readFileState: new Map(),
    getPermissionContext: () => permissions,
    options: { model: 'test', isNonInteractive: true, verbose: false, env: {} },
  };
}
