// The session's plugins, found once at start-up and handed out: command, skill and agent folders
// to their loaders, hooks to the hook runner (beside the settings' hooks, off with
// disableAllHooks), MCP servers to the MCP manager. Bootstrap runs only in a trusted folder, so
// plugin hooks and servers obey workspace trust like the project's own.
import { resolve } from 'node:path';
import type { PluginAgentFolder } from '../agents/index.js';
import type { PluginCommandFolders } from '../commands/registry.js';
import { HooksSettingsSchema, toHooksConfig, type HooksConfig } from '../hooks/config.js';
import type { PluginMcpServers } from '../mcp/sources.js';
import type { PluginStylePath } from '../outputStyles/load.js';
import { findSessionPlugins } from '../plugins/session.js';
import type { LoadedPlugin } from '../plugins/types.js';

export type SessionPluginParts = {
  plugins: LoadedPlugin[];
  agentFolders: PluginAgentFolder[];
  commandFolders: PluginCommandFolders;
  hooks: HooksConfig;
  mcpServers: PluginMcpServers[];
  /** Each plugin's output-styles folders (or style files its manifest names). */
  outputStyles: PluginStylePath[];
  warnings: string[];
};

const NO_PLUGINS: SessionPluginParts = {
  plugins: [],
  agentFolders: [],
  commandFolders: { commands: [], skills: [] },
  hooks: {},
  mcpServers: [],
  outputStyles: [],
  warnings: [],
};

function folders(plugins: readonly LoadedPlugin[], pick: (plugin: LoadedPlugin) => string[]): Array<{ dir: string; plugin: string }> {
  return plugins.flatMap((plugin) => pick(plugin).map((dir) => ({ dir, plugin: plugin.name })));
}

/** Each plugin's hooks run with CLAUDE_PLUGIN_ROOT set; a broken hooks block is reported and skipped. */
function pluginHooks(plugins: readonly LoadedPlugin[], warnings: string[]): HooksConfig {
  const merged: HooksConfig = {};
  for (const plugin of plugins) {
    if (!plugin.hooks) continue;
    const parsed = HooksSettingsSchema().safeParse(plugin.hooks);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      warnings.push(`plugin ${plugin.id}: hooks ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'are not valid'}; its hooks were skipped`);
      continue;
    }
    for (const [event, groups] of Object.entries(toHooksConfig(parsed.data))) {
      const withRoot = groups.map((group) => ({
        ...group,
        hooks: group.hooks.map((hook) => ({ ...hook, env: { ...hook.env, CLAUDE_PLUGIN_ROOT: plugin.root } })),
      }));
      merged[event as keyof HooksConfig] = [...(merged[event as keyof HooksConfig] ?? []), ...withRoot];
    }
  }
  return merged;
}

/** The settings' hooks, then the plugins', per event. */
export function withPluginHooks(settingsHooks: HooksConfig, plugins: HooksConfig): HooksConfig {
  const merged: HooksConfig = { ...settingsHooks };
  for (const [event, groups] of Object.entries(plugins)) {
    const key = event as keyof HooksConfig;
    merged[key] = [...(merged[key] ?? []), ...groups];
  }
  return merged;
}

export function sessionPluginParts(options: {
  cwd: string;
  pluginDirs: readonly string[];
  enabledPlugins: Record<string, unknown>;
  projectRoot: string;
  hooksDisabled: boolean;
}): SessionPluginParts {
  if (options.pluginDirs.length === 0 && Object.keys(options.enabledPlugins).length === 0) return NO_PLUGINS;
  const found = findSessionPlugins({
    pluginDirs: options.pluginDirs.map((dir) => resolve(options.cwd, dir)),
    enabledPlugins: options.enabledPlugins,
    projectRoot: options.projectRoot,
  });
  const warnings = [...found.problems];
  const { plugins } = found;
  return {
    plugins,
    agentFolders: folders(plugins, (plugin) => plugin.agentDirs),
    commandFolders: { commands: folders(plugins, (plugin) => plugin.commandDirs), skills: folders(plugins, (plugin) => plugin.skillDirs) },
    hooks: options.hooksDisabled ? {} : pluginHooks(plugins, warnings),
    mcpServers: plugins.flatMap((plugin) => (plugin.mcpServers ? [{ plugin: plugin.name, root: plugin.root, servers: plugin.mcpServers }] : [])),
    outputStyles: folders(plugins, (plugin) => plugin.outputStyleDirs).map(({ dir, plugin }) => ({ path: dir, plugin })),
    warnings,
  };
}
