// Startup: settings, credentials, model, permission context, tool pool, system prompt and the
// tool context, with the session singleton filled in. Both faces (REPL and print mode) call
// this once; slow probes (git, memory) start first and run while settings load.
import { realpathSync } from 'node:fs';
import { chosenModelName, pickModel, resolveModel, type EffortLevel } from '../api/models.js';
import { legacyModelNotice } from '../api/legacyModels.js';
import { chooseEffort, sessionEffort } from '../api/requestFeatures.js';
import type { HookRunner } from '../hooks/hookRunner.js';
import type { AgentDefinition, AgentSummary } from '../agents/index.js';
import { createAgentsCommand } from '../commands/agents.js';
import { createSandboxCommand } from '../commands/sandbox.js';
import {
  createNestedMemory,
  formatMemoryForPrompt,
  loadMemoryFiles,
  memorySizeWarning,
  type MemoryFile,
} from '../memory/index.js';
import { session } from '../state/session.js';
import { assembleToolPool, getAllTools, parseToolsFlag, unknownToolNames } from '../tools/registry.js';
import { sessionTools } from '../tools/sessionTools.js';
import { FileReadCache } from '../tools/shared/fileReadCache.js';
import { createTodoList } from '../tools/todo/todoList.js';
import type { AnyTool, TodoList, ToolUseContext } from '../tools/Tool.js';
import type { PermissionMode, ToolPermissionContext } from '../types/permissions.js';
import { createCommandSession, type CommandSession } from './commands.js';
import type { McpManager } from '../mcp/manager.js';
import { startMcp } from './mcpSetup.js';
import { createMcpCommand, mcpPromptCommands } from '../mcp/commands.js';
import { withNestedMemory } from './nestedMemoryTools.js';
import { createSessionSubagentRunner, fileBackgroundShellsUnder, loadSessionAgents } from './subagents.js';
import { resolveCredentials, type ApiKeySource } from './credentials.js';
import { skillCatalogFrom } from './skillCatalog.js';
import { probeEnvironment, type EnvironmentInfo } from './environment.js';
import { sessionHookRunner } from './hookRunner.js';
import { buildPermissionContext } from './permissionContext.js';
import { createPermissionUpdater } from './permissionUpdates.js';
import { AUTO_MODE_DISABLED_MESSAGE, newAutoModeSession, permissionModeCycle as modeCycle } from '../permissions/auto/gate.js';
import { sessionPluginParts, withPluginHooks } from './plugins.js';
import { sandboxReport, setUpSandbox, withSandboxedBash } from './sandboxSetup.js';
import { loadStartupSettings } from './startupSettings.js';
import type { LoadedPlugin } from '../plugins/types.js';
import { assembleSystemPrompt } from './systemPrompt.js';
import { setUpOutputStyles, type SessionOutputStyles } from './outputStyleSetup.js';
import { createToolUseContext } from './toolUseContext.js';
import { autoModeReviewerModel } from './toolModel.js';
import { requireWorkspaceTrust, trustForThisRun } from './trust.js';

export type BootstrapOptions = {
  cwd: string;
  isNonInteractive: boolean;
  verbose: boolean;
  model?: string;
  /** `--effort`. */
  effort?: EffortLevel;
  fallbackModel?: string;
  permissionMode?: PermissionMode;
  dangerouslySkipPermissions: boolean;
  /** `--allow-dangerously-skip-permissions`: bypassPermissions joins the Shift+Tab cycle. */
  allowDangerouslySkipPermissions?: boolean;
  /** `--enable-auto-mode`: auto mode joins the Shift+Tab cycle. */
  enableAutoMode?: boolean;
  allowedTools: string[];
  disallowedTools: string[];
  /** `--tools`; undefined keeps the default pool. */
  tools?: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** `--settings`: a file path or a JSON string. */
  settings?: string;
  addDirs: string[];
  sessionId?: string;
  /** Someone can answer AskUserQuestion (an SDK host); defaults to interactive sessions only. */
  canAskUser?: boolean;
  /** `--mcp-config` values (files or JSON strings) and `--strict-mcp-config`. */
  mcpConfigs?: string[];
  strictMcpConfig?: boolean;
  /** `--agents`: JSON defining sub-agents for this session. */
  agents?: string;
  /** `--max-budget-usd`, which sub-agents stop at too. */
  maxBudgetUsd?: number;
  /** False for --no-session-persistence; sub-agent logs follow it. Defaults to true. */
  sessionPersistence?: boolean;
  /** Pulse's version, stamped on sub-agent logs. */
  version?: string;
  /** `--plugin-dir` folders: plugins for this session only. */
  pluginDirs?: string[];
  /** A missing API key is not fatal here: the first model call reports it (JSON print output). */
  missingKeyIsResult?: boolean;
};

export type Bootstrapped = {
  cwd: string;
  sessionId: string;
  model: string;
  /** Used when the main model stays overloaded: `--fallback-model`, else settings. */
  fallbackModel?: string;
  /** A live list: MCP tools are appended as their servers connect. */
  tools: AnyTool[];
  /** The session's MCP servers, connecting in the background. */
  mcp: McpManager;
  apiKeySource: ApiKeySource;
  /** Settings problems the REPL shows as warnings (print mode stops on them instead). */
  settingsWarnings: string[];
  /**
   * That the chosen model is sent to the latest Opus instead, or is retired: the REPL and text
   * output warn, the json formats stay quiet, as the reference does.
   */
  modelNotice?: string;
  getPermissionContext: () => ToolPermissionContext;
  setPermissionMode: (mode: PermissionMode) => void;
  /** The modes Shift+Tab steps through, in order (auto and bypassPermissions only when available). */
  permissionModeCycle: PermissionMode[];
  /** Re-assembled on every call so memory edits and the date are current. */
  buildSystemPrompt: () => Promise<string[]>;
  /** A warning when start-up memory is large enough to crowd the context. */
  memoryWarnings: () => Promise<string[]>;
  /** Memory loaded mid-session (scoped rules, folders below cwd), for re-attaching after compaction. */
  getNestedMemoryFiles: () => MemoryFile[];
  /**
   * A tool context for one query; cwd and read-file state are shared across queries.
   * `abortTurn` stops the query (a refusal that says `interrupt: true`).
   */
  createContext: (abortSignal: AbortSignal, abortTurn?: () => void) => ToolUseContext;
  /** Hooks from the settings files; undefined when none are configured. */
  hooks?: HookRunner;
  /** Slash commands (built-in, custom, skills) and the expansion every face uses. */
  commands: CommandSession;
  /** TodoWrite's list for the session; faces show it, the transcript records it. */
  todos: TodoList;
  /** The sub-agent types the Agent tool can start (system/init lists their names). */
  agents: AgentSummary[];
  /** Sub-agent types given mid-session (an SDK host's `initialize.agents`), usable at once. */
  addAgents: (definitions: readonly AgentDefinition[]) => void;
  /** The plugins loaded for the session (system/init lists them). */
  plugins: LoadedPlugin[];
  /** The output styles and the one in effect (system/init names it; /output-style switches it). */
  outputStyles: SessionOutputStyles;
};

function realDirectory(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    throw new Error(`cannot use ${path} as the working directory: it does not exist`);
  }
}

/** Memory is helpful, not essential: a broken file must not stop Pulse from starting. */
async function memoryFiles(cwd: string): Promise<MemoryFile[]> {
  try {
    return await loadMemoryFiles({ cwd });
  } catch {
    return [];
  }
}

async function memoryText(cwd: string): Promise<string> {
  return formatMemoryForPrompt(await memoryFiles(cwd));
}

export async function bootstrap(options: BootstrapOptions): Promise<Bootstrapped> {
  const cwd = realDirectory(options.cwd);
  // Before anything from the folder is read or run. Without a terminal there is nobody to ask:
  // being started there is taken as trust (the reference does the same).
  if (options.isNonInteractive) trustForThisRun(cwd);
  requireWorkspaceTrust(cwd);
  Object.assign(session, {
    originalCwd: cwd,
    cwd,
    isInteractive: !options.isNonInteractive,
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
  });

  // Started now, awaited when the first system prompt is built.
  let firstEnvironment: Promise<EnvironmentInfo> | undefined = probeEnvironment(cwd);
  const startupMemory = memoryFiles(cwd);
  let firstMemory: Promise<string> | undefined = startupMemory.then(formatMemoryForPrompt);
  // Settings first: they say which plugins the session loads, and plugins feed agents and commands.
  const settings = loadStartupSettings({
    cwd,
    flagSettings: options.settings,
    strict: options.isNonInteractive,
  });
  const pluginParts = sessionPluginParts({
    cwd,
    pluginDirs: options.pluginDirs ?? [],
    enabledPlugins: settings.enabledPlugins,
    projectRoot: settings.projectRoot,
    hooksDisabled: settings.hooksDisabled,
  });
  const agents = loadSessionAgents(cwd, options.agents, pluginParts.agentFolders);
  const styles = setUpOutputStyles({
    cwd,
    projectRoot: settings.projectRoot,
    configured: settings.outputStyle,
    plugins: pluginParts.outputStyles,
  });
  // Filled once MCP starts below; the registry asks afresh, so late servers' prompts show up.
  const mcpCommands: { manager?: McpManager } = {};
  const commands = createCommandSession({
    cwd,
    getCwd: () => session.cwd,
    getPermissionContext: () => permissionContext,
    sessionBuiltins: [
      createAgentsCommand(agents.summaries),
      createSandboxCommand(() => sandboxReport(permissionContext)),
      styles.command,
    ],
    dynamicCommands: () =>
      mcpCommands.manager ? [createMcpCommand(mcpCommands.manager), ...mcpPromptCommands(mcpCommands.manager)] : [],
    plugins: pluginParts.commandFolders,
  });
  const commandRegistry = commands.registry();
  commandRegistry.catch(() => undefined);

  Object.assign(process.env, settings.env);
  // Started now (it probes bubblewrap), awaited before the permission context is built.
  const sandboxSetup = settings.sandboxSources ? setUpSandbox(settings.sandboxSources) : undefined;
  sandboxSetup?.catch(() => undefined);
  const apiKeySource = await resolveCredentials(settings, cwd, process.env, options.missingKeyIsResult === true);

  const modelSources = { flag: options.model, settings: { model: settings.model } };
  const model = pickModel(modelSources);
  const chosenModel = chosenModelName(modelSources);
  const modelNotice = chosenModel === undefined ? undefined : legacyModelNotice(chosenModel, model);
  session.model = model;
  sessionEffort.set(chooseEffort({ flag: options.effort, setting: settings.effortLevel }));
  const fallbackName = options.fallbackModel ?? settings.fallbackModel;
  const fallbackModel = fallbackName ? resolveModel(fallbackName) : undefined;
  if (fallbackModel === model) {
    throw new Error(`the fallback model cannot be the main model (${model}); pick a different --fallback-model`);
  }

  let permissionContext = buildPermissionContext({
    cwd,
    flagMode: options.permissionMode,
    dangerouslySkipPermissions: options.dangerouslySkipPermissions,
    settingsDefaultMode: settings.defaultMode,
    settingsRules: settings.rules,
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    addDirs: options.addDirs,
    settingsDirectories: settings.additionalDirectories,
  });
  const sandbox = await sandboxSetup;
  if (sandbox) permissionContext = { ...permissionContext, sandbox: sandbox.policy };
  if (permissionContext.mode === 'auto' && settings.autoModeDisabled) throw new Error(AUTO_MODE_DISABLED_MESSAGE);
  if (!settings.autoModeDisabled) {
    permissionContext = { ...permissionContext, autoMode: newAutoModeSession(autoModeReviewerModel()) };
  }
  const permissionModeCycle = modeCycle({
    startingMode: permissionContext.mode,
    enableAutoMode: options.enableAutoMode === true,
    ...(settings.defaultMode ? { settingsDefaultMode: settings.defaultMode } : {}),
    autoModeDisabled: settings.autoModeDisabled,
    bypassAllowed: options.dangerouslySkipPermissions || options.allowDangerouslySkipPermissions === true,
    bypassDisabled: settings.bypassDisabled,
  });

  const agentWarnings = await agents.load();
  const styleWarnings = (await styles.ready).warnings;
  const allTools = [
    ...getAllTools({ agents: agents.listing }),
    ...sessionTools({
      canAskUser: options.canAskUser ?? !options.isNonInteractive,
      skills: skillCatalogFrom(await commandRegistry),
    }),
  ];
  const selection = parseToolsFlag(options.tools);
  if (selection !== 'default') {
    const unknown = unknownToolNames(allTools, selection);
    if (unknown.length > 0) throw new Error(`--tools: no such tool: ${unknown.join(', ')}`);
  }
  const nestedMemory = createNestedMemory({ cwd });
  const getPermissionContext = (): ToolPermissionContext => permissionContext;
  const pool = withNestedMemory(assembleToolPool(allTools, { selection, rules: permissionContext.rules }), nestedMemory);
  const tools = sandbox ? withSandboxedBash(pool, getPermissionContext) : pool;
  const readFileState = new FileReadCache();
  const { manager: mcp, arrivals: mcpArrivals } = await startMcp({
    cwd,
    projectRoot: settings.projectRoot,
    ...(options.mcpConfigs ? { flagConfigs: options.mcpConfigs } : {}),
    ...(options.strictMcpConfig ? { strict: true } : {}),
    approval: settings.mcpApproval,
    pluginServers: pluginParts.mcpServers,
    rules: permissionContext.rules,
    tools,
  });
  mcpCommands.manager = mcp;
  const hooks = sessionHookRunner(withPluginHooks(settings.hooks, pluginParts.hooks), settings.projectRoot, settings.env);
  const updatePermissions = createPermissionUpdater({
    get: getPermissionContext,
    set: (next) => {
      permissionContext = next;
    },
    projectRoot: settings.projectRoot,
  });
  const todos = createTodoList();
  const runSubagent = createSessionSubagentRunner({
    cwd,
    agents,
    tools: () => tools,
    persist: options.sessionPersistence ?? true,
    version: options.version ?? '0.0.0-dev',
    ...(options.maxBudgetUsd !== undefined ? { maxBudgetUsd: options.maxBudgetUsd } : {}),
    ...(fallbackModel ? { fallbackModel } : {}),
  });
  fileBackgroundShellsUnder(cwd);

  const buildSystemPrompt = async (): Promise<string[]> => {
    const [environment, memory] = await Promise.all([
      firstEnvironment ?? probeEnvironment(session.cwd),
      firstMemory ?? memoryText(session.originalCwd),
    ]);
    firstEnvironment = undefined;
    firstMemory = undefined;
    return assembleSystemPrompt({
      tools,
      environment,
      model: session.model,
      isNonInteractive: options.isNonInteractive,
      memory,
      customPrompt: options.systemPrompt,
      appendPrompt: options.appendSystemPrompt,
      mcpInstructions: mcp.instructions(),
      outputStyle: styles.styles.active(),
    });
  };

  return {
    cwd,
    sessionId: session.sessionId,
    model,
    ...(fallbackModel ? { fallbackModel } : {}),
    tools,
    apiKeySource,
    mcp,
    ...(modelNotice ? { modelNotice } : {}),
    settingsWarnings: [
      ...settings.warnings,
      ...pluginParts.warnings,
      ...(sandbox?.warnings ?? []),
      ...agentWarnings,
      ...styleWarnings,
    ],
    getPermissionContext,
    permissionModeCycle,
    setPermissionMode: (mode) => {
      if (mode === 'auto' && !permissionContext.autoMode) throw new Error('auto mode is turned off by permissions.disableAutoMode in settings');
      const leavingFor = mode === 'plan' && permissionContext.mode !== 'plan' ? permissionContext.mode : undefined;
      permissionContext = { ...permissionContext, mode, ...(leavingFor ? { prePlanMode: leavingFor } : {}) };
    },
    buildSystemPrompt,
    memoryWarnings: async () => {
      const warning = memorySizeWarning(await startupMemory);
      return warning === undefined ? [] : [warning];
    },
    getNestedMemoryFiles: () => nestedMemory.loaded(),
    createContext: (abortSignal, abortTurn) =>
      createToolUseContext({
        abortSignal,
        abortTurn,
        readFileState,
        getPermissionContext,
        model: session.model,
        effort: sessionEffort.get,
        isNonInteractive: options.isNonInteractive,
        verbose: options.verbose,
        env: settings.env,
        todos,
        loadedMemory: nestedMemory.loaded,
        hooks,
        updatePermissions,
        runSubagent,
        takeToolNews: mcpArrivals.take,
      }),
    ...(hooks ? { hooks } : {}),
    commands,
    todos,
    // Read live: an SDK host may add agent types after start-up.
    get agents() {
      return agents.summaries();
    },
    addAgents: agents.add,
    plugins: pluginParts.plugins,
    outputStyles: styles.styles,
  };
}
