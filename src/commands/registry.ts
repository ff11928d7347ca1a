// The one command registry: built-ins, then skills, then custom commands (a skill wins over a
// command of the same name, as in the reference). A name that is already taken is skipped and
// reported with both places, so a file can never replace a built-in and no clash goes unseen.
import { loadSkills, skillDirs, type Skill } from '../skills/load.js';
import { skillCommand } from '../skills/invoke.js';
import { BUILTIN_COMMANDS } from './builtin.js';
import { commandDirs, loadCustomCommands } from './custom/load.js';
import type { PluginFolder, PromptCommand, SlashCommand } from './types.js';

export type CommandRegistry = {
  commands: SlashCommand[];
  skills: Skill[];
  /** Files that could not be loaded or were left out, each naming the file. */
  errors: string[];
};

/** What the session's plugins bring: folders of commands and of skills. */
export type PluginCommandFolders = { commands: readonly PluginFolder[]; skills: readonly PluginFolder[] };

function whereFrom(command: SlashCommand): string {
  return command.type === 'prompt' && command.path ? command.path : 'a built-in command';
}

function owners(commands: readonly SlashCommand[]): Map<string, SlashCommand> {
  const byName = new Map<string, SlashCommand>();
  for (const command of commands) {
    for (const name of [command.name, ...(command.aliases ?? [])]) {
      if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), command);
    }
  }
  return byName;
}

/** Adds `command` unless its name is taken; an alias that is taken is dropped. Returns the report, if any. */
function add(commands: SlashCommand[], command: PromptCommand): string | undefined {
  const taken = owners(commands);
  const owner = taken.get(command.name.toLowerCase());
  if (owner) return `/${command.name}: ${command.path ?? command.name} is ignored, ${whereFrom(owner)} has the same name and is used`;
  const [alias] = command.aliases ?? [];
  const aliasOwner = alias === undefined ? undefined : taken.get(alias);
  if (!aliasOwner) {
    commands.push(command);
    return undefined;
  }
  const { aliases: _dropped, ...withoutAlias } = command;
  commands.push(withoutAlias);
  return `/${command.name}: its name "${alias}" is taken by /${aliasOwner.name}, so only /${command.name} invokes ${command.path ?? 'it'}`;
}

/** `sessionBuiltins` are built-ins made for this session (such as /agents, which lists its agents). */
export async function loadCommandRegistry(
  cwd: string,
  sessionBuiltins: readonly SlashCommand[] = [],
  plugins: PluginCommandFolders = { commands: [], skills: [] },
): Promise<CommandRegistry> {
  const [custom, skills] = await Promise.all([
    loadCustomCommands({ ...commandDirs(cwd), plugins: plugins.commands }),
    loadSkills({ ...skillDirs(cwd), plugins: plugins.skills }),
  ]);
  const commands: SlashCommand[] = [...BUILTIN_COMMANDS, ...sessionBuiltins];
  const errors = [...custom.errors, ...skills.errors];
  for (const command of [...skills.skills.map(skillCommand), ...custom.commands]) {
    const report = add(commands, command);
    if (report) errors.push(report);
  }
  // Each report is one line of the REPL's notices, whatever a parser put in it.
  return { commands, skills: skills.skills, errors: errors.map((error) => error.replace(/\s*\n\s*/g, ' ')) };
}
