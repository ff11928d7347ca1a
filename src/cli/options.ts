// Turns commander's loose option bag into typed CliOptions, and enforces the rules that tie
// flags together. Every failure is a one-line message for `pulse: error: …`.
import * as z from 'zod';
import type { PermissionMode } from '../types/permissions.js';
import { INPUT_FORMATS, OUTPUT_FORMATS, SELECTABLE_PERMISSION_MODES } from './program.js';

const rawOptionsSchema = z.object({
  print: z.boolean().optional(),
  outputFormat: z.enum(OUTPUT_FORMATS).optional(),
  inputFormat: z.enum(INPUT_FORMATS).optional(),
  verbose: z.boolean().optional(),
  model: z.string().optional(),
  fallbackModel: z.string().optional(),
  maxTurns: z.number().int().positive().optional(),
  maxBudgetUsd: z.number().positive().optional(),
  permissionMode: z.enum(SELECTABLE_PERMISSION_MODES).optional(),
  dangerouslySkipPermissions: z.boolean().optional(),
  allowDangerouslySkipPermissions: z.boolean().optional(),
  allowedTools: z.array(z.string()).optional(),
  disallowedTools: z.array(z.string()).optional(),
  tools: z.array(z.string()).optional(),
  systemPrompt: z.string().optional(),
  appendSystemPrompt: z.string().optional(),
  settings: z.string().optional(),
  agents: z.string().optional(),
  addDir: z.array(z.string()).optional(),
  includePartialMessages: z.boolean().optional(),
  continue: z.boolean().optional(),
  resume: z.union([z.string(), z.boolean()]).optional(),
  sessionId: z.string().optional(),
  sessionPersistence: z.boolean().optional(),
  permissionPromptTool: z.string().optional(),
  mcpConfig: z.array(z.string()).optional(),
  strictMcpConfig: z.boolean().optional(),
  replayUserMessages: z.boolean().optional(),
  forkSession: z.boolean().optional(),
  settingSources: z.string().optional(),
  maxThinkingTokens: z.string().optional(),
});

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type InputFormat = (typeof INPUT_FORMATS)[number];

export type CliOptions = {
  print: boolean;
  outputFormat: OutputFormat;
  verbose: boolean;
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  maxBudgetUsd?: number;
  permissionMode?: PermissionMode;
  dangerouslySkipPermissions: boolean;
  allowDangerouslySkipPermissions: boolean;
  allowedTools: string[];
  disallowedTools: string[];
  /** Undefined means the default pool. */
  tools?: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  settings?: string;
  /** `--agents`: JSON defining sub-agents. */
  agents?: string;
  addDirs: string[];
  includePartialMessages: boolean;
  sessionId?: string;
  sessionPersistence: boolean;
  inputFormat: InputFormat;
  continue: boolean;
  /** An id or prefix, or `true` for "let me pick". */
  resume?: string | true;
  forkSession: boolean;
  /** `stdio`: permission questions go to the SDK host as `can_use_tool` requests. */
  permissionPromptTool?: 'stdio';
  replayUserMessages: boolean;
  maxThinkingTokens?: number;
  /** `--mcp-config` values, for the MCP manager. */
  mcpConfigs: string[];
  strictMcpConfig: boolean;
};

/** Flags Pulse knows but cannot act on yet: refusing beats silently ignoring them. */
function rejectUnsupported(raw: z.infer<typeof rawOptionsSchema>): void {
  const tool = raw.permissionPromptTool;
  if (tool !== undefined && tool !== 'stdio') {
    throw new Error(`--permission-prompt-tool ${tool} is not supported yet; only "stdio" (the SDK protocol) is`);
  }
  if (tool === 'stdio' && raw.inputFormat !== 'stream-json') {
    throw new Error('--permission-prompt-tool stdio needs --input-format stream-json');
  }
}

function thinkingTokens(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const tokens = Number(raw);
  if (!Number.isSafeInteger(tokens) || tokens < 0) throw new Error('--max-thinking-tokens needs a whole number');
  return tokens;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.join('.') ?? 'options';
  return `invalid value for ${path}: ${issue?.message ?? 'unknown problem'}`;
}

export function readCliOptions(raw: Record<string, unknown>): CliOptions {
  const parsed = rawOptionsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(firstIssue(parsed.error));
  const options = parsed.data;
  if (options.replayUserMessages && options.inputFormat !== 'stream-json') {
    throw new Error('--replay-user-messages needs --input-format stream-json and --output-format stream-json');
  }
  if (options.inputFormat === 'stream-json' && options.outputFormat !== 'stream-json') {
    throw new Error('--input-format stream-json needs --output-format stream-json');
  }
  rejectUnsupported(options);
  return {
    print: options.print ?? false,
    outputFormat: options.outputFormat ?? 'text',
    verbose: options.verbose ?? false,
    model: options.model,
    fallbackModel: options.fallbackModel,
    maxTurns: options.maxTurns,
    maxBudgetUsd: options.maxBudgetUsd,
    permissionMode: options.permissionMode,
    dangerouslySkipPermissions: options.dangerouslySkipPermissions ?? false,
    allowDangerouslySkipPermissions: options.allowDangerouslySkipPermissions ?? false,
    allowedTools: options.allowedTools ?? [],
    disallowedTools: options.disallowedTools ?? [],
    tools: options.tools,
    systemPrompt: options.systemPrompt,
    appendSystemPrompt: options.appendSystemPrompt,
    settings: options.settings,
    agents: options.agents,
    addDirs: options.addDir ?? [],
    includePartialMessages: options.includePartialMessages ?? false,
    sessionId: options.sessionId,
    sessionPersistence: options.sessionPersistence ?? true,
    inputFormat: options.inputFormat ?? 'text',
    continue: options.continue ?? false,
    resume: options.resume === true || typeof options.resume === 'string' ? options.resume : undefined,
    forkSession: options.forkSession ?? false,
    ...(options.permissionPromptTool === 'stdio' ? { permissionPromptTool: 'stdio' as const } : {}),
    replayUserMessages: options.replayUserMessages ?? false,
    maxThinkingTokens: thinkingTokens(options.maxThinkingTokens),
    mcpConfigs: options.mcpConfig ?? [],
    strictMcpConfig: options.strictMcpConfig ?? false,
  };
}

/** Rules that apply once Pulse knows it is answering one prompt and exiting. */
export function checkPrintModeOptions(options: CliOptions): void {
  if (options.outputFormat === 'stream-json' && !options.verbose) {
    throw new Error('with --print, --output-format stream-json needs --verbose');
  }
  if (options.includePartialMessages && options.outputFormat !== 'stream-json') {
    throw new Error('--include-partial-messages needs --output-format stream-json');
  }
}
