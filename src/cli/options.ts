// Turns commander's loose option bag into typed CliOptions, and enforces the rules that tie
// flags together. Every failure is a one-line message for `pulse: error: …`.
import * as z from 'zod';
import type { PermissionMode } from '../types/permissions.js';
import { INPUT_FORMATS, OUTPUT_FORMATS, SELECTABLE_PERMISSION_MODES } from './program.js';
import { EFFORT_LEVELS, type EffortLevel } from '../api/models.js';

/**
 * commander's switches (`--verbose`, `--no-session-persistence`): commander itself sets them to
 * true or false, so a typeof check says all a schema would, and a run given only switches (print
 * mode's `-p "prompt"`) never loads zod, which loads on first use (scripts/lazyZod.mjs).
 */
const SWITCH = 'switch';

/**
 * A schema per option, built only for the options commander actually set: building one object
 * schema for all of them made ~70 zod schemas (and ~1 MB of garbage) on every start.
 */
const optionSchemas = {
  print: SWITCH,
  outputFormat: () => z.enum(OUTPUT_FORMATS),
  inputFormat: () => z.enum(INPUT_FORMATS),
  verbose: SWITCH,
  model: () => z.string(),
  fallbackModel: () => z.string(),
  maxTurns: () => z.number().int().positive(),
  maxBudgetUsd: () => z.number().positive(),
  permissionMode: () => z.enum(SELECTABLE_PERMISSION_MODES),
  dangerouslySkipPermissions: SWITCH,
  allowDangerouslySkipPermissions: SWITCH,
  enableAutoMode: SWITCH,
  allowedTools: () => z.array(z.string()),
  disallowedTools: () => z.array(z.string()),
  tools: () => z.array(z.string()),
  systemPrompt: () => z.string(),
  appendSystemPrompt: () => z.string(),
  settings: () => z.string(),
  agents: () => z.string(),
  addDir: () => z.array(z.string()),
  pluginDir: () => z.array(z.string()),
  includePartialMessages: SWITCH,
  includeHookEvents: SWITCH,
  continue: SWITCH,
  resume: () => z.union([z.string(), z.boolean()]),
  sessionId: () => z.string(),
  sessionPersistence: SWITCH,
  permissionPromptTool: () => z.string(),
  mcpConfig: () => z.array(z.string()),
  strictMcpConfig: SWITCH,
  replayUserMessages: SWITCH,
  forkSession: SWITCH,
  settingSources: () => z.string(),
  maxThinkingTokens: () => z.string(),
  thinking: () => z.enum(['adaptive', 'enabled', 'disabled']),
  effort: () => z.enum(EFFORT_LEVELS),
} satisfies Record<string, (() => z.ZodType) | typeof SWITCH>;

type OptionName = keyof typeof optionSchemas;
type OptionValue<Schema> = Schema extends () => z.ZodType ? z.infer<ReturnType<Schema>> : boolean;
type RawOptions = { [Name in OptionName]?: OptionValue<(typeof optionSchemas)[Name]> };

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(optionSchemas, name);
}

/** Validates the options that are set; unknown names are dropped, as an object schema would. */
function parseRawOptions(raw: Record<string, unknown>): RawOptions {
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || !isOptionName(name)) continue;
    const schema = optionSchemas[name];
    if (schema === SWITCH) {
      if (typeof value !== 'boolean') throw new Error(`invalid value for ${name}: a switch takes no value`);
      options[name] = value;
      continue;
    }
    const parsed = schema().safeParse(value);
    if (!parsed.success) throw new Error(firstIssue(name, parsed.error));
    options[name] = parsed.data;
  }
  return options as RawOptions;
}

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
  /** `--enable-auto-mode`: auto mode joins the Shift+Tab cycle. */
  enableAutoMode: boolean;
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
  /** `--plugin-dir` folders. */
  pluginDirs: string[];
  includePartialMessages: boolean;
  /** `--include-hook-events`: stream-json shows every hook, not only SessionStart's. */
  includeHookEvents: boolean;
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
  /** `--effort`; the environment's CLAUDE_CODE_EFFORT_LEVEL still beats it (see api/requestFeatures.ts). */
  effort?: EffortLevel;
  /** `--mcp-config` values, for the MCP manager. */
  mcpConfigs: string[];
  strictMcpConfig: boolean;
};

/** Flags Pulse knows but cannot act on yet: refusing beats silently ignoring them. */
function rejectUnsupported(raw: RawOptions): void {
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

function firstIssue(name: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const path = [name, ...(issue?.path ?? [])].join('.');
  return `invalid value for ${path}: ${issue?.message ?? 'unknown problem'}`;
}

export function readCliOptions(raw: Record<string, unknown>): CliOptions {
  const options = parseRawOptions(raw);
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
    enableAutoMode: options.enableAutoMode ?? false,
    allowedTools: options.allowedTools ?? [],
    disallowedTools: options.disallowedTools ?? [],
    tools: options.tools,
    systemPrompt: options.systemPrompt,
    appendSystemPrompt: options.appendSystemPrompt,
    settings: options.settings,
    agents: options.agents,
    addDirs: options.addDir ?? [],
    pluginDirs: options.pluginDir ?? [],
    includePartialMessages: options.includePartialMessages ?? false,
    includeHookEvents: options.includeHookEvents ?? false,
    sessionId: options.sessionId,
    sessionPersistence: options.sessionPersistence ?? true,
    inputFormat: options.inputFormat ?? 'text',
    continue: options.continue ?? false,
    resume: options.resume === true || typeof options.resume === 'string' ? options.resume : undefined,
    forkSession: options.forkSession ?? false,
    ...(options.permissionPromptTool === 'stdio' ? { permissionPromptTool: 'stdio' as const } : {}),
    replayUserMessages: options.replayUserMessages ?? false,
    maxThinkingTokens: thinkingTokens(options.maxThinkingTokens) ?? (options.thinking === 'disabled' ? 0 : undefined),
    ...(options.effort ? { effort: options.effort } : {}),
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
