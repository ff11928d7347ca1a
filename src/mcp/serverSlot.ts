// One configured MCP server as the manager keeps it: its status and why, what it wrote to
// stderr, its live connection, and the views of it the rest of Pulse reads.
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { McpResourceSummary } from '../tools/mcpResources/types.js';
import { projectServerApproval, type McpApprovalSettings } from './approval.js';
import { McpToolCallError } from './callErrors.js';
import type { McpServerEntry } from './config.js';
import type { McpConnection } from './connect.js';
import { StderrTail } from './stderrTail.js';
import type { McpServerInfo, McpServerStatus } from './types.js';

export type ServerSlot = {
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

export type ConnectedSlot = ServerSlot & { connection: McpConnection };

/** A broken entry starts failed, an unapproved project server disabled, any other pending. */
export function createSlot(entry: McpServerEntry, approval: McpApprovalSettings): ServerSlot {
  const slot: ServerSlot = { entry, status: 'pending', stderr: new StderrTail(), generation: 0 };
  if (entry.problem !== undefined || !entry.config) {
    slot.status = 'failed';
    slot.reason = `invalid configuration in ${entry.source}: ${entry.problem ?? 'unusable entry'}`;
    return slot;
  }
  if (entry.scope !== 'project') return slot;
  const verdict = projectServerApproval(entry.name, approval);
  if (!verdict.approved) {
    slot.status = 'disabled';
    slot.reason = verdict.reason;
    slot.awaitingApproval = !verdict.rejected;
  }
  return slot;
}

/** The reason with the server's last stderr line, which usually says what really went wrong. */
export function withStderr(slot: ServerSlot, reason: string): string {
  const tail = slot.stderr.lines();
  const last = tail.split('\n').at(-1);
  return tail && last ? `${reason} (stderr: ${last.trim()})` : reason;
}

/** The slot a request may use, or the error that tells the model why it cannot. */
export function requireConnected(slot: ServerSlot | undefined, server: string): ConnectedSlot {
  if (!slot) throw new McpToolCallError(`There is no MCP server named "${server}".`);
  if (slot.status !== 'connected' || !slot.connection) {
    const why = slot.reason ? `: ${slot.reason}` : '';
    throw new McpToolCallError(`MCP server "${server}" is ${slot.status}${why}`);
  }
  return slot as ConnectedSlot;
}

export function slotInfo(slot: ServerSlot): McpServerInfo {
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
}

export function slotResources(slot: ServerSlot): McpResourceSummary[] {
  if (slot.status !== 'connected') return [];
  return (slot.connection?.resources ?? []).map((resource) => summarizeResource(slot.entry.name, resource));
}

function summarizeResource(server: string, resource: Resource): McpResourceSummary {
  return {
    server,
    uri: resource.uri,
    name: resource.name,
    ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
    ...(resource.description ? { description: resource.description } : {}),
  };
}
