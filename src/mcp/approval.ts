// Project servers come from a file anyone with commit access can change, so they run only once
// approved: `enableAllProjectMcpServers`, or the name in `enabledMcpjsonServers`; a name in
// `disabledMcpjsonServers` always stays off. The REPL's approval dialog is a later step; until
// then `/mcp approve <name>` records the approval in `.claude/settings.local.json`.

export type McpApprovalSettings = {
  enableAllProjectMcpServers?: boolean;
  enabledMcpjsonServers?: readonly string[];
  disabledMcpjsonServers?: readonly string[];
};

export type ApprovalVerdict = { approved: true } | { approved: false; reason: string };

export function projectServerApproval(name: string, settings: McpApprovalSettings): ApprovalVerdict {
  if (settings.disabledMcpjsonServers?.includes(name)) {
    return { approved: false, reason: 'turned off in settings (disabledMcpjsonServers)' };
  }
  if (settings.enableAllProjectMcpServers === true) return { approved: true };
  if (settings.enabledMcpjsonServers?.includes(name)) return { approved: true };
  return {
    approved: false,
    reason: `project server from .mcp.json not approved yet: add "${name}" to enabledMcpjsonServers in .claude/settings.local.json, or run /mcp approve ${name}`,
  };
}
