// What a plugin brings to a session, found by reading its folder. Bootstrap hands each part to
// the room that uses it (commands, skills, agents, hooks, MCP); this room imports none of them.

export type LoadedPlugin = {
  /** The manifest's `name`: the prefix of its commands, skills and agents (`name:thing`). */
  name: string;
  /** `name@inline` for `--plugin-dir`, `name@<marketplace>` for an installed plugin. */
  id: string;
  /** The plugin's folder: what `${CLAUDE_PLUGIN_ROOT}` stands for. */
  root: string;
  version?: string;
  /** Folders, or (for commands, agents and output styles) single `.md` files the manifest names. */
  commandDirs: string[];
  agentDirs: string[];
  skillDirs: string[];
  outputStyleDirs: string[];
  /** The hooks block (settings shape), `${CLAUDE_PLUGIN_ROOT}` already replaced. */
  hooks?: Record<string, unknown>;
  /** `mcpServers` entries by server name, `${CLAUDE_PLUGIN_ROOT}` already replaced. */
  mcpServers?: Record<string, unknown>;
};

/** A plugin that could not be used, or a part of one; the rest still loads. */
export type PluginProblem = { plugin: string; message: string };
