// Connects one server slot and keeps it connected: a first attempt, a crashed stdio server
// marked failed with what it last said, an HTTP/SSE server that dropped reconnected with backoff.
import { loadSdkErrorTypes } from './callErrors.js';
import type { McpServerConfig } from './config.js';
import { connectServer, errorMessage, McpConnectError, type McpConnection } from './connect.js';
import { RECONNECT_ATTEMPTS } from './limits.js';
import { withStderr, type ServerSlot } from './serverSlot.js';
import type { McpServerStatus } from './types.js';

export type SlotConnectorHost = {
  cwd: string;
  connectTimeoutMs: number;
  reconnectBaseDelayMs: number;
  /** True once the session closed its servers: late connections are closed, not kept. */
  isClosed(): boolean;
  update(slot: ServerSlot, status: McpServerStatus, reason?: string): void;
  /** The slot now holds a live connection (its tools are to be offered). */
  connected(slot: ServerSlot, connection: McpConnection): void;
};

export class SlotConnector {
  constructor(private readonly host: SlotConnectorHost) {}

  /** Starts an attempt and records it on the slot (`slot.attempt`) until it ends. */
  begin(slot: ServerSlot): void {
    this.track(slot, this.connect(slot));
  }

  /** A fresh connection for a failed or stuck server; resolves when that attempt ends. */
  async restart(slot: ServerSlot): Promise<void> {
    const old = slot.connection;
    delete slot.connection;
    slot.generation++;
    delete slot.attempt;
    await old?.client.close().catch(() => undefined);
    this.begin(slot);
    await slot.attempt;
  }

  /** HTTP and SSE: try again after 1 s, 2 s, 4 s, 8 s, 16 s; then give up and say why. */
  reconnect(slot: ServerSlot, why: string): void {
    if (slot.attempt || this.host.isClosed()) return;
    const generation = ++slot.generation;
    this.track(slot, this.retry(slot, why, generation));
  }

  private track(slot: ServerSlot, attempt: Promise<void>): void {
    const tracked = attempt.finally(() => {
      if (slot.attempt === tracked) delete slot.attempt;
    });
    slot.attempt = tracked;
  }

  private async connect(slot: ServerSlot): Promise<void> {
    const generation = ++slot.generation;
    this.host.update(slot, 'pending', slot.reason);
    try {
      await loadSdkErrorTypes();
      await this.open(slot, generation);
    } catch (error) {
      if (generation !== slot.generation) return;
      const needsAuth = error instanceof McpConnectError && error.needsAuth;
      this.host.update(slot, needsAuth ? 'needs-auth' : 'failed', withStderr(slot, errorMessage(error)));
    }
  }

  private async retry(slot: ServerSlot, why: string, generation: number): Promise<void> {
    let lastError = why;
    for (let n = 1; n <= RECONNECT_ATTEMPTS; n++) {
      this.host.update(slot, 'pending', `${why}; reconnecting (attempt ${n} of ${RECONNECT_ATTEMPTS})`);
      await new Promise((resolve) => setTimeout(resolve, this.host.reconnectBaseDelayMs * 2 ** (n - 1)).unref());
      if (this.host.isClosed() || generation !== slot.generation) return;
      try {
        await this.open(slot, generation);
        return;
      } catch (error) {
        if (error instanceof McpConnectError && error.needsAuth) {
          // Trying again with the same credentials cannot help.
          this.host.update(slot, 'needs-auth', errorMessage(error));
          return;
        }
        lastError = errorMessage(error);
      }
    }
    this.host.update(slot, 'failed', `${why} and ${RECONNECT_ATTEMPTS} reconnect attempts failed (last: ${lastError})`);
  }

  /** One connection attempt; a result that arrives after the session or slot moved on is closed. */
  private async open(slot: ServerSlot, generation: number): Promise<void> {
    const connection = await connectServer(slot.entry.config as McpServerConfig, {
      cwd: this.host.cwd,
      timeoutMs: this.host.connectTimeoutMs,
      stderr: slot.stderr,
      onClose: () => this.onConnectionClosed(slot, generation),
    });
    if (this.host.isClosed() || generation !== slot.generation) {
      await connection.client.close().catch(() => undefined);
      return;
    }
    slot.connection = connection;
    this.host.connected(slot, connection);
  }

  private onConnectionClosed(slot: ServerSlot, generation: number): void {
    if (this.host.isClosed() || generation !== slot.generation) return;
    delete slot.connection;
    if (slot.entry.config?.type === 'stdio') {
      this.host.update(slot, 'failed', withStderr(slot, 'the server process exited'));
      return;
    }
    this.reconnect(slot, 'the connection closed');
  }
}
