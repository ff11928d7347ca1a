// The session an SDK host talks to once Pulse has booted: user messages run as turns one after
// another (later ones wait in a queue), and control requests change the running session.
import { randomUuid } from '../../utils/random.js';
import { resolveModel } from '../../api/models.js';
import type { ThinkingConfig } from '../../api/types.js';
import { thinkingForBudget } from '../../query/thinking.js';
import { summarizeAgent } from '../../agents/definition.js';
import { parseAgentsRecord } from '../../agents/parse.js';
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
import type { CanUseToolFn } from '../../query/deps.js';
import { currentMemoryFiles } from '../../memory/index.js';
import { session } from '../../state/session.js';
import { toolsForMode } from '../../tools/sessionTools.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { Message, UserMessage } from '../../types/messages.js';
import type { PermissionMode } from '../../types/permissions.js';
import type { CliOptions } from '../options.js';
import { createFormatter, type PrintFormatter } from '../print/formatters.js';
import type { LineWriter } from '../print/output.js';
import { initMessage } from '../print/initMessage.js';
import type { CommandRegistry } from '../../commands/registry.js';
import { denyInPrintMode } from '../print/denyInPrintMode.js';
import { endSessionHooks } from '../print/printHooks.js';
import { hookLineObserver, observingHooks } from '../print/hookLines.js';
import { hookSiteFor, runSessionStartHooks } from '../hooksSetup.js';
import type { LiveSession } from '../session/liveSession.js';
import type { ControlChannel } from './controlChannel.js';
import { contextUsage } from './contextUsage.js';
import type { HostRequestTarget, InitializeRequest } from './hostRequests.js';
import type { SdkUserLine } from './inputLines.js';
import { initializeResponse, type AgentSummary } from './initializeResponse.js';
import { createSdkPermissionPrompt, type UpdateParser } from './permissionPrompt.js';
import { SdkHookRegistry, withSdkHooks } from './sdkHooks.js';
import { runSdkTurn, type SdkTurnDeps } from './sdkTurn.js';

export type SdkSessionInputs = {
  options: CliOptions;
  booted: Bootstrapped;
  live: LiveSession;
  history: Message[];
  writer: LineWriter;
  channel: ControlChannel;
  parseUpdates: UpdateParser;
  /** What the host's first initialize asked for, if it came before Pulse booted. */
  initialize?: InitializeRequest;
};

type SessionState = 'running' | 'idle';

export class SdkSession implements HostRequestTarget {
  private history: Message[];
  private readonly queue: SdkUserLine[] = [];
  private running: AbortController | undefined;
  private draining: Promise<void> | undefined;
  private stopped = false;
  private thinking: ThinkingConfig | undefined;
  private readonly hooks = new SdkHookRegistry();
  /**
   * SessionStart hooks run once, as the reference runs them: before initialize is answered (its
   * callbacks registered first), or before the first turn when the host sends no initialize.
   */
  private sessionStart: Promise<void> | undefined;
  /** SessionStart's context, until the first turn that sends a prompt takes it. */
  private startContext: UserMessage[] = [];
  /** Aborted when the host goes away: a SessionStart hook still running is cancelled. */
  private readonly lifetime = new AbortController();
  private agents: AgentSummary[] = [];
  private registry: CommandRegistry | undefined;
  /** Kept for structured output, which Pulse does not produce yet. */
  jsonSchema: Record<string, unknown> | undefined;
  private readonly formatter: PrintFormatter;
  private readonly canUseTool: CanUseToolFn;
  /** The SDK sets this when it reads `session_state_changed` to know when a run is over. */
  private readonly reportsState = process.env.CLAUDE_CODE_SDK_READS_SESSION_STATE === '1';

  constructor(private readonly inputs: SdkSessionInputs) {
    this.history = inputs.history;
    const { options, writer, channel } = inputs;
    this.formatter = createFormatter('stream-json', writer, {
      sessionId: inputs.live.sessionId,
      includePartialMessages: options.includePartialMessages,
      newUuid: randomUuid,
    });
    this.canUseTool = options.permissionPromptTool === 'stdio' ? createSdkPermissionPrompt(channel, inputs.parseUpdates) : denyInPrintMode;
    if (options.maxThinkingTokens !== undefined) this.setMaxThinkingTokens(options.maxThinkingTokens);
    if (inputs.initialize) this.applyInitialize(inputs.initialize);
  }

  /** Queues the message; turns run strictly in arrival order. */
  enqueue(line: SdkUserLine): void {
    if (this.stopped) return;
    if (this.inputs.options.replayUserMessages) this.replay(line);
    this.queue.push(line);
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  /** Resolves once every queued message has had its turn. */
  async whenIdle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /**
   * The host is gone (stdin closed, or a signal) and no turn runs: settings' SessionEnd hooks run
   * with reason "other", as the reference runs them here. The host's own SessionEnd callbacks
   * cannot be asked any more, so they do not run (the reference does not run them either).
   */
  async end(): Promise<void> {
    await endSessionHooks(this.inputs.booted, 'other');
  }

  /** Signal or closed stdout: abort the running turn and drop the queue. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.running?.abort();
    this.lifetime.abort();
  }

  async initialize(request: InitializeRequest): Promise<Record<string, unknown>> {
    // Only here, not at boot: a malformed definition is then answered as this request's error.
    if (request.agents) this.addHostAgents(request.agents);
    this.applyInitialize(request);
    await this.startSession();
    const { booted } = this.inputs;
    const registry = await booted.commands.registry();
    return initializeResponse({
      commands: registry.commands,
      agents: this.agents,
      apiKeySource: booted.apiKeySource,
      outputStyle: booted.outputStyles.currentName(),
      availableOutputStyles: (await booted.outputStyles.loaded()).styles().map((style) => style.name),
    });
  }

  interrupt(): void {
    this.running?.abort();
  }

  setPermissionMode(mode: PermissionMode): void {
    const { options } = this.inputs;
    if (mode === 'bypassPermissions' && !options.allowDangerouslySkipPermissions && !options.dangerouslySkipPermissions) {
      throw new Error('bypassPermissions needs Pulse to be started with --allow-dangerously-skip-permissions');
    }
    this.inputs.booted.setPermissionMode(mode);
    this.inputs.live.recordMode(mode);
  }

  setModel(model: string | undefined): void {
    session.model = resolveModel(model ?? this.inputs.booted.model);
  }

  setMaxThinkingTokens(tokens: number | null): void {
    this.thinking = tokens === null ? undefined : thinkingForBudget(tokens);
  }

  mcpStatus(): Record<string, unknown> {
    const servers = this.inputs.booted.mcp.servers().map((server) => ({
      name: server.name,
      status: server.status,
      ...(server.reason ? { error: server.reason } : {}),
      tools: server.tools.map((tool) => tool.name),
    }));
    return { mcpServers: servers };
  }

  async contextUsage(): Promise<Record<string, unknown>> {
    const { booted } = this.inputs;
    return contextUsage({
      model: session.model,
      systemPrompt: await booted.buildSystemPrompt(),
      memoryFiles: await currentMemoryFiles(session.originalCwd),
      tools: toolsForMode(booted.tools, booted.getPermissionContext().mode),
      messages: this.history,
    });
  }

  private applyInitialize(request: InitializeRequest): void {
    const ignored = request.hooks ? this.hooks.register(request.hooks) : [];
    if (ignored.length > 0) {
      // stderr reaches the host's debug output without disturbing the protocol on stdout.
      process.stderr.write(`pulse: warning: Pulse has no hook event ${ignored.join(', ')}; those SDK hook callbacks will not run\n`);
    }
    if (request.jsonSchema) this.jsonSchema = request.jsonSchema;
  }

  /** The host's agent types join the session's, so the Agent tool can start them this session. */
  private addHostAgents(raw: unknown): void {
    const definitions = parseAgentsRecord(raw, 'initialize.agents');
    this.inputs.booted.addAgents(definitions);
    this.agents = definitions.map(summarizeAgent);
  }

  /** Runs the SessionStart hooks once; each is shown as a hook_started / hook_response line. */
  private startSession(): Promise<void> {
    this.sessionStart ??= (async () => {
      const { booted, live, history } = this.inputs;
      const context = this.decorate(booted.createContext(this.lifetime.signal));
      const observer = hookLineObserver(() => live.sessionId, this.formatter.hookLine);
      const source = history.length > 0 ? 'resume' : 'startup';
      const started = await runSessionStartHooks(context.hooks, source, session.model, { ...hookSiteFor(context), observer });
      // stderr reaches the host's debug output without disturbing the protocol on stdout.
      for (const notice of started.notices) process.stderr.write(`pulse: warning: ${notice}\n`);
      this.startContext = started.context;
    })();
    return this.sessionStart;
  }

  private async drain(): Promise<void> {
    this.registry ??= await this.inputs.booted.commands.registry();
    await this.startSession();
    for (let line = this.queue.shift(); line !== undefined && !this.stopped; line = this.queue.shift()) {
      const controller = new AbortController();
      this.running = controller;
      try {
        this.history = await runSdkTurn(this.turnDeps(), this.history, line, controller);
      } finally {
        this.running = undefined;
      }
    }
    this.reportState('idle');
  }

  private turnDeps(): SdkTurnDeps {
    const { booted, live, options } = this.inputs;
    return {
      booted,
      live,
      options,
      formatter: this.formatter,
      canUseTool: this.canUseTool,
      // set_model changes the session's model; the init line names the one in use.
      init: () => ({ ...initMessage(booted, this.registry), model: session.model }),
      onStart: () => this.reportState('running'),
      thinking: () => this.thinking,
      decorateContext: (context) => this.decorate(context),
      takeSessionStartContext: () => this.startContext.splice(0),
    };
  }

  /** The host's hook callbacks, and with --include-hook-events every hook shown as it runs. */
  private decorate(context: ToolUseContext): ToolUseContext {
    const hooked = this.withHostHooks(context);
    if (!this.inputs.options.includeHookEvents) return hooked;
    return observingHooks(hooked, hookLineObserver(() => this.inputs.live.sessionId, this.formatter.hookLine));
  }

  private withHostHooks(context: ToolUseContext): ToolUseContext {
    if (this.hooks.isEmpty) return context;
    const { live, channel } = this.inputs;
    const hooks = withSdkHooks(context.hooks, this.hooks, channel, {
      sessionId: () => live.sessionId,
      transcriptPath: () => live.transcriptPath ?? '',
    });
    return { ...context, hooks };
  }

  private replay(line: SdkUserLine): void {
    this.inputs.writer.json({
      ...line,
      parent_tool_use_id: line.parent_tool_use_id ?? null,
      session_id: this.inputs.live.sessionId,
      uuid: line.uuid ?? randomUuid(),
      timestamp: new Date().toISOString(),
      isReplay: true,
    });
  }

  private reportState(state: SessionState): void {
    if (!this.reportsState || this.inputs.writer.closed) return;
    this.inputs.writer.json({ type: 'system', subtype: 'session_state_changed', state, session_id: this.inputs.live.sessionId, uuid: randomUuid() });
  }
}
