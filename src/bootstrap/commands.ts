// The session's slash commands: loaded once (built-ins, `.claude/commands`, skills) and the one
// function every face uses to turn typed text into a turn. Model aliases in a command's
// frontmatter are resolved here, where the model table may be imported.
import { resolveModel } from '../api/models.js';
import { resolvePromptInput, type ResolvedInput } from '../commands/promptInput.js';
import { loadCommandRegistry, type CommandRegistry, type PluginCommandFolders } from '../commands/registry.js';
import type { SlashCommand } from '../commands/types.js';
import type { ToolPermissionContext } from '../types/permissions.js';

export type CommandSession = {
  /** Loaded on first use and kept for the session. */
  registry(): Promise<CommandRegistry>;
  /** `/name args` -> the command's turn or the local command; other text stays as it is. */
  resolve(text: string, signal?: AbortSignal): Promise<ResolvedInput>;
};

export function createCommandSession(options: {
  cwd: string;
  getCwd: () => string;
  getPermissionContext: () => ToolPermissionContext;
  /** Built-ins made for this session, e.g. /agents with the session's agents. */
  sessionBuiltins?: readonly SlashCommand[];
  /** Commands that come and go during the session (MCP prompts), asked for on every lookup. */
  dynamicCommands?: () => readonly SlashCommand[];
  /** The session's plugins' command and skill folders. */
  plugins?: PluginCommandFolders;
}): CommandSession {
  let loading: Promise<CommandRegistry> | undefined;
  const withDynamic = (loaded: CommandRegistry): CommandRegistry => {
    const extra = options.dynamicCommands?.() ?? [];
    if (extra.length === 0) return loaded;
    const taken = new Set(loaded.commands.map((command) => command.name.toLowerCase()));
    return { ...loaded, commands: [...loaded.commands, ...extra.filter((command) => !taken.has(command.name.toLowerCase()))] };
  };
  const registry = (): Promise<CommandRegistry> => {
    loading ??= loadCommandRegistry(options.cwd, options.sessionBuiltins, options.plugins);
    return loading.then(withDynamic);
  };
  return {
    registry,
    async resolve(text, signal) {
      const { commands } = await registry();
      const env = { cwd: options.getCwd(), permissionContext: options.getPermissionContext(), ...(signal ? { signal } : {}) };
      const resolved = await resolvePromptInput(text, commands, env);
      if (resolved.kind !== 'prompt' || resolved.turn.model === undefined) return resolved;
      return { kind: 'prompt', turn: { ...resolved.turn, model: resolveModel(resolved.turn.model) } };
    },
  };
}
