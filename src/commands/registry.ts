// The one command registry: built-ins, then custom commands, then skills. A name that is
// already taken is skipped, so a file can never replace a built-in.
import { loadSkills, skillDirs, type Skill } from '../skills/load.js';
import { skillCommand } from '../skills/invoke.js';
import { BUILTIN_COMMANDS } from './builtin.js';
import { commandDirs, loadCustomCommands } from './custom/load.js';
import type { SlashCommand } from './types.js';

export type CommandRegistry = {
  commands: SlashCommand[];
  skills: Skill[];
  /** Files that could not be loaded, each naming the file. */
  errors: string[];
};

function takenNames(commands: readonly SlashCommand[]): Set<string> {
  return new Set(commands.flatMap((command) => [command.name, ...(command.aliases ?? [])].map((name) => name.toLowerCase())));
}

/** `sessionBuiltins` are built-ins made for this session (such as /agents, which lists its agents). */
export async function loadCommandRegistry(cwd: string, sessionBuiltins: readonly SlashCommand[] = []): Promise<CommandRegistry> {
  const [custom, skills] = await Promise.all([loadCustomCommands(commandDirs(cwd)), loadSkills(skillDirs(cwd))]);
  const commands: SlashCommand[] = [...BUILTIN_COMMANDS, ...sessionBuiltins];
  for (const command of [...custom.commands, ...skills.skills.map(skillCommand)]) {
    if (takenNames(commands).has(command.name.toLowerCase())) continue;
    commands.push(command);
  }
  return { commands, skills: skills.skills, errors: [...custom.errors, ...skills.errors] };
}
