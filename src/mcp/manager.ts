// Owns every MCP server of the session: connects them all in parallel at startup, tracks each
// one's status, puts a deadline on every call and answers project-server approvals. A server's
// record is `serverSlot.ts`; connecting, and reconnecting after a crash, is `slotConnector.ts`.
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { AnyTool } from '../tools/Tool.js';
import type { McpResourceSource, McpResourceSummary } from '../tools/mcpResources/types.js';
import { REJECTED_REASON, type McpApprovalChoice, type McpApprovalSettings } from './approval.js';
import type { McpServerEntry } from './config.js';
import { abortError, isConnectionLost, isMcpError, McpToolCallError } from './callErrors.js';
import { errorMessage, type McpConnection } from './connect.js';
import { connectTimeoutMs, maxOutputTokens, RECONNECT_BASE_DELAY_MS, toolTimeoutMs } from './limits.js';
import { createMcpTool, type McpToolCaller } from './mcpTool.js';
import { capResultBlocks, mapResourceContents, type McpResultBlock } from './results.js';
import { createSlot, requireConnected, slotInfo, slotResources, type ConnectedSlot, type ServerSlot } from './serverSlot.js';
import { SlotConnector } from './slotConnector.js';
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

export class McpManager implements McpToolCaller, McpResourceSource {
  private readonly slots = new Map<string, ServerSlot>();
  private readonly adapters = new Map<string, AnyTool>();
  private readonly statusListeners = new Set<(event: McpStatusEvent) => void>();
  private readonly toolListeners = new Set<(tools: AnyTool[]) => void>();
  private readonly connectTimeout: number;
  private readonly toolTimeout: number;
  private readonly outputTokens: number;
  private readonly connector: SlotConnector;
  private closed = false;

  constructor(
    entries: readonly McpServerEntry[],
    private readonly options: McpManagerOptions,
  ) {
    this.connectTimeout = options.connectTimeoutMs ?? connectTimeoutMs();
    this.toolTimeout = options.toolTimeoutMs ?? toolTimeoutMs();
    this.outputTokens = options.maxOutputTokens ?? maxOutputTokens();
    this.connector = new SlotConnector({
      cwd: options.cwd,
      connectTimeoutMs: this.connectTimeout,
      reconnectBaseDelayMs: options.reconnectBaseDelayMs ?? RECONNECT_BASE_DELAY_MS,
      isClosed: () => this.closed,
      update: (slot, status, reason) => this.update(slot, status, reason),
      connected: (slot, connection) => {
        this.addAdapters(slot.entry.name, connection);
        this.update(slot, 'connected');
      },
    });
    for (const entry of entries) this.slots.set(entry.name, createSlot(entry, options.approval ?? {}));
  }

  /** Starts connecting every pending server at once; returns immediately. */
  start(): void {
    for (const slot of this.slots.values()) {
      if (slot.status === 'pending' && !slot.attempt) this.connector.begin(slot);
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
    return [...this.slots.values()].map(slotInfo);
  }

  /** `system/init`'s `mcp_servers`. */
  statusList(): Array<{ name: string; status: McpServerStatus }> {
    return [...this.slots.values()].map((slot) => ({ name: slot.entry.name, status: slot.status }));
  }

  maxOutputTokens(): number {
    return this.outputTokens;
  }

  /** Runs one request with the tool deadline and the caller's abort signal. */
  private async request<T>(server: string, what: string, signal: AbortSignal, run: (slot: ConnectedSlot, options: { signal: AbortSignal; timeout: number }) => Promise<T>): Promise<T> {
    if (signal.aborted) throw abortError();
    const slot = requireConnected(this.slots.get(server), server);
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
        if (slot.entry.config?.type !== 'stdio') this.connector.reconnect(slot, `lost the connection (${errorMessage(error)})`);
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
      .filter((slot) => server === undefined || slot.entry.name === server)
      .flatMap(slotResources);
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
      if (!this.closed) this.connector.begin(slot);
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
    await this.connector.restart(slot);
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
