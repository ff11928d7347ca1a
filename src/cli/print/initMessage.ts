// The `system/init` line every print and SDK run starts with: what the session has (tools, MCP
// servers, commands, skills, agents, plugins), in the reference's field names and order.
import type { Bootstrapped } from '../../bootstrap/bootstrap.js';
import type { CommandRegistry } from '../../commands/registry.js';
import type { SlashCommand } from '../../commands/types.js';
import { randomUuid } from '../../utils/random.js';
import { PULSE_VERSION, REFERENCE_VERSION } from '../version.js';
import type { SdkInit } from './sdkTypes.js';

/** The reference lists the Agent tool under its older name in init (on the wire it is Agent). */
const INIT_TOOL_NAMES: Readonly<Record<string, string>> = { Agent: 'Task' };

/**
 * Where the reference lists a command in init (2.1.332, tests/e2e/pluginInitOrder.test.ts): skills
 * of the user and the project, commands of the project and the user, plugin commands, plugin
 * skills, then the rest (built-ins). Within a group the registry's order holds.
 */
function listingGroup(command: SlashCommand): number {
  if (command.type !== 'prompt') return 6;
  const { source, isSkill = false } = command;
  if (source === 'user') return isSkill ? 0 : 3;
  if (source === 'project') return isSkill ? 1 : 2;
  if (source === 'plugin') return isSkill ? 5 : 4;
  return 6;
}

/** Commands a print or SDK run can use (prompt commands, /compact, headless local ones), and the REPL-only rest. */
function splitCommands(registry: CommandRegistry | undefined): { headless: string[]; terminal: string[] } {
  const headless: string[] = [];
  const terminal: string[] = [];
  const listed = [...(registry?.commands ?? [])].sort((a, b) => listingGroup(a) - listingGroup(b));
  for (const command of listed) {
    if (command.type === 'prompt' || command.name === 'compact' || command.headless === true) headless.push(command.name);
    else terminal.push(command.name);
  }
  return { headless, terminal };
}

export function initMessage(booted: Bootstrapped, registry: CommandRegistry | undefined): SdkInit {
  const commands = splitCommands(registry);
  return {
    type: 'system',
    subtype: 'init',
    cwd: booted.cwd,
    session_id: booted.sessionId,
    tools: booted.tools.map((tool) => INIT_TOOL_NAMES[tool.name] ?? tool.name),
    mcp_servers: booted.mcp.statusList(),
    model: booted.model,
    permissionMode: booted.getPermissionContext().mode,
    slash_commands: commands.headless,
    terminal_slash_commands: commands.terminal,
    apiKeySource: booted.apiKeySource,
    claude_code_version: REFERENCE_VERSION,
    pulse_version: PULSE_VERSION,
    output_style: booted.outputStyles.currentName(),
    agents: booted.agents.map((agent) => agent.name),
    skills: (registry?.skills ?? []).map((skill) => skill.name),
    plugins: booted.plugins.map((plugin) => ({
      name: plugin.name,
      path: plugin.root,
      source: plugin.id,
      ...(plugin.version ? { version: plugin.version } : {}),
    })),
    uuid: randomUuid(),
    original_cwd: booted.cwd,
    additional_directories: booted.getPermissionContext().workingDirectories.filter((dir) => dir !== booted.cwd),
    fast_mode_state: 'off',
    analytics_disabled: true,
    product_feedback_disabled: true,
    sandbox_enabled: false,
  };
}
