// Project servers come from a file anyone with commit access can change, so they run only once
// approved: `enableAllProjectMcpServers`, or the name in `enabledMcpjsonServers`; a name in
// `disabledMcpjsonServers` always stays off. The REPL asks about servers that are neither
// approved nor rejected when it starts; print mode never asks, so there they stay off until
// settings (or `/mcp approve <name>` in an earlier REPL session) approve them.

export type McpApprovalSettings = {
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: readonly string[];
  disabledMcpjsonServers?: readonly string[];
};

/** `rejected`: the settings turn the server off; otherwise nobody has answered yet. */
export type ApprovalVerdict = { approved: true } | { approved: false; rejected: boolean; reason: string };

/** What the person chose for project servers that were waiting, to be remembered. */
export type McpApprovalChoice = { approved: readonly string[]; rejected: readonly string[] };

export const REJECTED_REASON = 'turned off in settings (disabledMcpjsonServers)';

export function projectServerApproval(name: string, settings: McpApprovalSettings): ApprovalVerdict {
  if (settings.disabledMcpjsonServers?.includes(name)) {
    return { approved: false, rejected: true, reason: REJECTED_REASON };
  }
  if (settings.enableAllProjectMcpServers === true) return { approved: true };
  if (settings.enabledMcpjsonServers?.includes(name)) return { approved: true };
  return {
    approved: false,
    rejected: false,
    reason: `project server from .mcp.json not approved yet: add "${name}" to enabledMcpjsonServers in .claude/settings.local.json, or run /mcp approve ${name}`,
  };
}
