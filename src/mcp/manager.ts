// Owns every MCP connection for the session: connects all servers in parallel at startup,
// tracks each one's status, puts a deadline on every call, marks a crashed server failed (its
// tools then answer with the reason) and reconnects HTTP/SSE servers with backoff.
import type { CallToolResult, GetPromptResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { AnyTool } from '../tools/Tool.js';
import { projectServerApproval, REJECTED_REASON, type McpApprovalChoice, type McpApprovalSettings } from './approval.js';
import type { McpServerConfig, McpServerEntry } from './config.js';
import { abortError, isConnectionLost, isMcpError, loadSdkErrorTypes, McpToolCallError } from './callErrors.js';
import { connectServer, errorMessage, McpConnectError, type McpConnection } from './connect.js';
import {
  connectTimeoutMs,
  maxOutputTokens,
  RECONNECT_ATTEMPTS,
  RECONNECT_BASE_DELAY_MS,
  toolTimeoutMs,
} from './limits.js';
import { createMcpTool, type McpToolCaller } from './mcpTool.js';
import { capResultBlocks, mapResourceContents, type McpResultBlock } from './results.js';
import type { McpResourceSource, McpResourceSummary } from '../tools/mcpResources/types.js';
import { StderrTail } from './stderrTail.js';
import type { McpServerInfo, McpServerStatus, McpStatusEvent } from './types.js';

export type McpManagerOptions = {
  cwd: string;
  approval?: McpApprovalSettings;
  /** Defaults come from MCP_TIMEOUT, MCP_TOOL_TIMEOUT and MAX_MCP_OUTPUT_TOKENS. */
  connectTimeoutMs?: number;
  toolTimeoutMs?: number;
  maxOutputTokens?: number;
  reconnectBaseDelayMs?: number;
  /** Records approvals and rejections (the REPL's dialog, `/mcp approve`) for later sessions. */
  saveApprovals?: (choice: McpApprovalChoice) => Promise<void>;
};

type ServerSlot = {
  entry: McpServerEntry;
  status: McpServerStatus;
  reason?: string;
  stderr: StderrTail;
  connection?: McpConnection;
  /** Bumped on every (re)connect so a late close of an old connection is ignored. */
  generation: number;
  attempt?: Promise<void>;
  /** A project server nobody has approved or rejected yet. */
  awaitingApproval?: boolean;
};

function summarizeResource(server: string, resource: Resource): McpResourceSummary {
  return {
    server,
    uri: resource.uri,
    name: resource.name,
    ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
    ...(resource.description ? { description: resource.description } : {}),
  };
}

export class McpManager implements McpToolCaller, McpResourceSource {
  private readonly slots = new Map<string, ServerSlot>();
  private readonly adapters = new Map<string, AnyTool>();
  private readonly statusListeners = new Set<(event: McpStatusEvent) => void>();
  private readonly toolListeners = new Set<(tools: AnyTool[]) => void>();
  private readonly connectTimeout: number;
  private readonly toolTimeout: number;
  private readonly outputTokens: number;
  private readonly reconnectBaseDelay: number;
  private closed = false;

  constructor(
    entries: readonly McpServerEntry[],
    private readonly options: McpManagerOptions,
  ) {
    this.connectTimeout = options.connectTimeoutMs ?? connectTimeoutMs();
    this.toolTimeout = options.toolTimeoutMs ?? toolTimeoutMs();
    this.outputTokens = options.maxOutputTokens ?? maxOutputTokens();
    this.reconnectBaseDelay = options.reconnectBaseDelayMs ?? RECONNECT_BASE_DELAY_MS;
    for (const entry of entries) {
      const slot: ServerSlot = { entry, status: 'pending', stderr: new StderrTail(), generation: 0 };
      this.setInitialStatus(slot);
      this.slots.set(entry.name, slot);
    }
  }

  private setInitialStatus(slot: ServerSlot): void {
    const { entry } = slot;
    if (entry.problem !== undefined || !entry.config) {
      slot.status = 'failed';
      slot.reason = `invalid configuration in ${entry.source}: ${entry.problem ?? 'unusable entry'}`;
      return;
    }
    if (entry.scope !== 'project') return;
    const verdict = projectServerApproval(entry.name, this.options.approval ?? {});
    if (!verdict.approved) {
      slot.status = 'disabled';
      slot.reason = verdict.reason;
      slot.awaitingApproval = !verdict.rejected;
    }
  }

  /** Starts connecting every pending server at once; returns immediately. */
  start(): void {
    for (const slot of this.slots.values()) {
      if (slot.status === 'pending' && !slot.attempt) this.beginConnect(slot);
    }
  }

  /** Resolves when no server is pending any more, or when `timeoutMs` has passed. */
  async whenSettled(timeoutMs = this.connectTimeout): Promise<void> {
    const attempts = [...this.slots.values()].flatMap((slot) => (slot.attempt ? [slot.attempt] : []));
    if (attempts.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(attempts), deadline]);
    clearTimeout(timer);
  }

  private beginConnect(slot: ServerSlot): void {
    const attempt = this.connect(slot).finally(() => {
      if (slot.attempt === attempt) delete slot.attempt;
    });
    slot.attempt = attempt;
  }

  private async connect(slot: ServerSlot): Promise<void> {
    const config = slot.entry.config as McpServerConfig;
    const generation = ++slot.generation;
    this.update(slot, 'pending', slot.reason);
    try {
      await loadSdkErrorTypes();
      await this.open(slot, config, generation);
    } catch (error) {
      if (generation !== slot.generation) return;
      const needsAuth = error instanceof McpConnectError && error.needsAuth;
      this.update(slot, needsAuth ? 'needs-auth' : 'failed', this.withStderr(slot, errorMessage(error)));
    }
  }

  /** One connection attempt; a result that arrives after the session or slot moved on is closed. */
  private async open(slot: ServerSlot, config: McpServerConfig, generation: number): Promise<void> {
    const connection = await connectServer(config, {
      cwd: this.options.cwd,
      timeoutMs: this.connectTimeout,
      stderr: slot.stderr,
      onClose: () => this.onConnectionClosed(slot, generation),
    });
    if (this.closed || generation !== slot.generation) {
      await connection.client.close().catch(() => undefined);
      return;
    }
    slot.connection = connection;
    this.addAdapters(slot.entry.name, connection);
    this.update(slot, 'connected');
  }

  private withStderr(slot: ServerSlot, reason: string): string {
    const tail = slot.stderr.lines();
    const last = tail.split('\n').at(-1);
    return tail && last ? `${reason} (stderr: ${last.trim()})` : reason;
  }

  private onConnectionClosed(slot: ServerSlot, generation: number): void {
    if (this.closed || generation !== slot.generation) return;
    delete slot.connection;
    const config = slot.entry.config as McpServerConfig;
    if (config.type === 'stdio') {
      this.update(slot, 'failed', this.withStderr(slot, 'the server process exited'));
      return;
    }
    this.reconnect(slot, 'the connection closed');
  }

  /** HTTP and SSE: try again after 1 s, 2 s, 4 s, 8 s, 16 s; then give up and say why. */
  private reconnect(slot: ServerSlot, why: string): void {
    if (slot.attempt || this.closed) return;
    const generation = ++slot.generation;
    const attempt = (async () => {
      let lastError = why;
      for (let n = 1; n <= RECONNECT_ATTEMPTS; n++) {
        this.update(slot, 'pending', `${why}; reconnecting (attempt ${n} of ${RECONNECT_ATTEMPTS})`);
        await new Promise((resolve) => setTimeout(resolve, this.reconnectBaseDelay * 2 ** (n - 1)).unref());
        if (this.closed || generation !== slot.generation) return;
        try {
          await this.open(slot, slot.entry.config as McpServerConfig, generation);
          return;
        } catch (error) {
          if (error instanceof McpConnectError && error.needsAuth) {
            // Trying again with the same credentials cannot help.
            this.update(slot, 'needs-auth', errorMessage(error));
            return;
          }
          lastError = errorMessage(error);
        }
      }
      this.update(slot, 'failed', `${why} and ${RECONNECT_ATTEMPTS} reconnect attempts failed (last: ${lastError})`);
    })();
    slot.attempt = attempt.finally(() => {
      if (slot.attempt === attempt) delete slot.attempt;
    });
  }

  private update(slot: ServerSlot, status: McpServerStatus, reason?: string): void {
    const changed = slot.status !== status || slot.reason !== reason;
    slot.status = status;
    if (reason === undefined) delete slot.reason;
    else slot.reason = reason;
    if (!changed) return;
    const event: McpStatusEvent = { server: slot.entry.name, status, ...(reason ? { reason } : {}) };
    for (const listener of this.statusListeners) listener(event);
  }

  private addAdapters(server: string, connection: McpConnection): void {
    const added: AnyTool[] = [];
    for (const definition of connection.tools) {
      const key = `${server}\u0000${definition.name}`;
      if (this.adapters.has(key)) continue;
      const tool = createMcpTool(server, definition, this);
      this.adapters.set(key, tool);
      added.push(tool);
    }
    if (added.length > 0) for (const listener of this.toolListeners) listener(added);
  }

  /** Every MCP tool seen so far. Tools of a server that later failed stay and answer with why. */
  tools(): AnyTool[] {
    return [...this.adapters.values()];
  }

  onStatusChange(listener: (event: McpStatusEvent) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Called with the tools a newly connected server brought. */
  onToolsAdded(listener: (tools: AnyTool[]) => void): () => void {
    this.toolListeners.add(listener);
    return () => this.toolListeners.delete(listener);
  }

  servers(): McpServerInfo[] {
    return [...this.slots.values()].map((slot) => {
      const { entry, connection } = slot;
      return {
        name: entry.name,
        scope: entry.scope,
        source: entry.source,
        ...(entry.config ? { transport: entry.config.type } : {}),
        status: slot.status,
        ...(slot.reason ? { reason: slot.reason } : {}),
        stderrTail: slot.stderr.lines(),
        tools: connection?.tools ?? [],
        resources: connection?.resources ?? [],
        prompts: connection?.prompts ?? [],
        ...(connection?.instructions ? { instructions: connection.instructions } : {}),
      };
    });
  }

  /** `system/init`'s `mcp_servers`. */
  statusList(): Array<{ name: string; status: McpServerStatus }> {
    return [...this.slots.values()].map((slot) => ({ name: slot.entry.name, status: slot.status }));
  }

  maxOutputTokens(): number {
    return this.outputTokens;
  }

  private connectedSlot(server: string): ServerSlot & { connection: McpConnection } {
    const slot = this.slots.get(server);
    if (!slot) throw new McpToolCallError(`There is no MCP server named "${server}".`);
    if (slot.status !== 'connected' || !slot.connection) {
      const why = slot.reason ? `: ${slot.reason}` : '';
      throw new McpToolCallError(`MCP server "${server}" is ${slot.status}${why}`);
    }
    return slot as ServerSlot & { connection: McpConnection };
  }

  /** Runs one request with the tool deadline and the caller's abort signal. */
  private async request<T>(server: string, what: string, signal: AbortSignal, run: (slot: ServerSlot & { connection: McpConnection }, options: { signal: AbortSignal; timeout: number }) => Promise<T>): Promise<T> {
    if (signal.aborted) throw abortError();
    const slot = this.connectedSlot(server);
    try {
      return await run(slot, { signal, timeout: this.toolTimeout });
    } catch (error) {
      if (signal.aborted) throw abortError();
      if (isMcpError(error, 'RequestTimeout')) {
        throw new McpToolCallError(
          `${what} on MCP server "${server}" did not finish within ${Math.round(this.toolTimeout / 1000)} s (MCP_TOOL_TIMEOUT) and was cancelled.`,
        );
      }
      if (isConnectionLost(error)) {
        // The close handler may already have run; give it the chance to record the reason.
        await Promise.resolve();
        if (slot.entry.config?.type !== 'stdio') this.reconnect(slot, `lost the connection (${errorMessage(error)})`);
        const current = this.slots.get(server);
        const why = current?.reason ?? errorMessage(error);
        throw new McpToolCallError(`MCP server "${server}" stopped answering during ${what}: ${why}`);
      }
      throw error;
    }
  }

  callTool(server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    return this.request(server, `the call to "${tool}"`, signal, async (slot, options) => {
      const result = await slot.connection.client.callTool({ name: tool, arguments: args }, undefined, options);
      return result as CallToolResult;
    });
  }

  listResources(server?: string): McpResourceSummary[] {
    return [...this.slots.values()]
      .filter((slot) => (server === undefined || slot.entry.name === server) && slot.status === 'connected')
      .flatMap((slot) => (slot.connection?.resources ?? []).map((resource) => summarizeResource(slot.entry.name, resource)));
  }

  /** A resource's contents as capped content blocks, for ReadMcpResource and `@server:uri`. */
  async readResourceBlocks(server: string, uri: string, signal: AbortSignal): Promise<McpResultBlock[]> {
    const result = await this.readResource(server, uri, signal);
    return capResultBlocks(result.contents.map(mapResourceContents), this.outputTokens);
  }

  readResource(server: string, uri: string, signal: AbortSignal): Promise<ReadResourceResult> {
    return this.request(server, `reading ${uri}`, signal, (slot, options) => slot.connection.client.readResource({ uri }, options));
  }

  getPrompt(server: string, name: string, args: Record<string, string>, signal: AbortSignal): Promise<GetPromptResult> {
    return this.request(server, `the prompt "${name}"`, signal, (slot, options) =>
      slot.connection.client.getPrompt({ name, arguments: args }, options),
    );
  }

  hasServer(name: string): boolean {
    return this.slots.has(name);
  }

  /** `/mcp approve <name>`: turns on a project server that was off (unanswered or rejected). */
  async approve(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`There is no MCP server named "${name}".`);
    if (slot.entry.scope !== 'project' || slot.status !== 'disabled') return;
    await this.answerApprovals({ approved: [name], rejected: [] });
    await slot.attempt;
  }

  /** Project servers from `.mcp.json` that nobody has approved or rejected yet. */
  pendingApprovals(): string[] {
    return [...this.slots.values()].filter((slot) => slot.awaitingApproval).map((slot) => slot.entry.name);
  }

  /**
   * Records the answer, then starts the approved servers at once (without waiting for them);
   * rejected ones stay off and say so.
   */
  async answerApprovals(choice: McpApprovalChoice): Promise<void> {
    const named = (names: readonly string[]): ServerSlot[] =>
      names.flatMap((name) => {
        const slot = this.slots.get(name);
        return slot && slot.entry.scope === 'project' && slot.status === 'disabled' ? [slot] : [];
      });
    const approved = named(choice.approved);
    const rejected = named(choice.rejected);
    let saveError: unknown;
    try {
      await this.options.saveApprovals?.({
        approved: approved.map((slot) => slot.entry.name),
        rejected: rejected.map((slot) => slot.entry.name),
      });
    } catch (error) {
      // The answer still holds for this session; the caller says it was not remembered.
      saveError = error;
    }
    for (const slot of rejected) {
      delete slot.awaitingApproval;
      this.update(slot, 'disabled', REJECTED_REASON);
    }
    for (const slot of approved) {
      delete slot.awaitingApproval;
      delete slot.reason;
      if (!this.closed) this.beginConnect(slot);
    }
    if (saveError !== undefined) throw saveError;
  }

  /** What connected servers asked the model to know (their `initialize` instructions). */
  instructions(): Array<{ server: string; instructions: string }> {
    return [...this.slots.values()].flatMap((slot) =>
      slot.status === 'connected' && slot.connection?.instructions
        ? [{ server: slot.entry.name, instructions: slot.connection.instructions }]
        : [],
    );
  }

  /** `/mcp reconnect <name>`: a fresh connection for a failed or stuck server. */
  async reconnectNow(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`There is no MCP server named "${name}".`);
    if (!slot.entry.config || slot.status === 'disabled') return;
    const old = slot.connection;
    delete slot.connection;
    slot.generation++;
    delete slot.attempt;
    await old?.client.close().catch(() => undefined);
    this.beginConnect(slot);
    await slot.attempt;
  }

  async close(): Promise<void> {
    this.closed = true;
    const closing = [...this.slots.values()].map(async (slot) => {
      const connection = slot.connection;
      delete slot.connection;
      await connection?.client.close().catch(() => undefined);
    });
    await Promise.all(closing);
  }
}
