// Starts the session's MCP servers without waiting for them: the manager connects in the
// background, and each server's tools join the live tool pool as it connects (minus tools a
// deny rule names outright); those that join after the first request are announced to the model
// (mcp/toolArrivals.ts). Print mode waits a few seconds at most (MCP_STARTUP_WAIT_MS); the REPL
// draws at once.
import { saveMcpApprovalChoice } from './mcpApproval.js';
import type { McpApprovalSettings } from '../mcp/approval.js';
import { McpManager } from '../mcp/manager.js';
import { createToolArrivals, type ToolArrivals } from '../mcp/toolArrivals.js';
import { loadMcpConfig, type PluginMcpServers } from '../mcp/sources.js';
import { ruleNamesTool } from '../permissions/toolRules.js';
import { createMcpResourceTools } from '../tools/mcpResources/index.js';
import type { AnyTool } from '../tools/Tool.js';
import type { PermissionRule } from '../types/permissions.js';

export type McpSetupOptions = {
  cwd: string;
  projectRoot: string;
  /** `--mcp-config` values. */
  flagConfigs?: readonly string[];
  strict?: boolean;
  approval: McpApprovalSettings;
  /** The session's plugins' servers. */
  pluginServers?: readonly PluginMcpServers[];
  rules: readonly PermissionRule[];
  /** The session's tool pool; MCP tools are appended to it as servers connect. */
  tools: AnyTool[];
};

function deniedOutright(tool: AnyTool, rules: readonly PermissionRule[]): boolean {
  return rules.some((rule) => rule.behavior === 'deny' && !rule.ruleContent && ruleNamesTool(rule, tool));
}

export type StartedMcp = { manager: McpManager; arrivals: ToolArrivals };

export async function startMcp(options: McpSetupOptions): Promise<StartedMcp> {
  const { entries } = await loadMcpConfig({
    cwd: options.cwd,
    projectRoot: options.projectRoot,
    ...(options.flagConfigs ? { flagConfigs: options.flagConfigs } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.pluginServers ? { pluginServers: options.pluginServers } : {}),
  });
  const manager = new McpManager(entries, {
    cwd: options.cwd,
    approval: options.approval,
    saveApprovals: (choice) => saveMcpApprovalChoice(options.projectRoot, choice),
  });
  const arrivals = createToolArrivals();
  const offer = (tools: readonly AnyTool[]): void => {
    const joining = tools.filter((tool) => !deniedOutright(tool, options.rules) && !options.tools.some((t) => t.name === tool.name));
    options.tools.push(...joining);
    arrivals.add(joining);
  };
  if (entries.length > 0) offer(createMcpResourceTools(manager));
  manager.onToolsAdded(offer);
  manager.start();
  return { manager, arrivals };
}
