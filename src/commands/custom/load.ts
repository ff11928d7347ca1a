// Custom slash commands: every `.md` file under the user's `<claude config>/commands/`, the
// project's `.claude/commands/` and each plugin's `commands/`. As in the reference, the path
// names the command: `review.md` is `/review`, `git/commit.md` is `/git:commit`, and a plugin's
// are `/<plugin>:<path>`. A user command wins a name clash with the project's; the clash is reported.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { claudeConfigDir } from '../../utils/configDir.js';
import { markdownFilesAt } from '../../utils/markdownFiles.js';
import type { CommandSource, PluginFolder, PromptCommand } from '../types.js';
import { expandCommandBody } from './expand.js';
import { allowedToolRules, argumentHintOf, CommandFileError, firstLineOf, parseCommandFile } from './frontmatter.js';

export type LoadResult = { commands: PromptCommand[]; errors: string[] };

export type CommandDirs = { project: string; user: string; plugins?: readonly PluginFolder[] };

export function commandDirs(cwd: string): CommandDirs {
  return { project: join(cwd, '.claude', 'commands'), user: join(claudeConfigDir(), 'commands') };
}

/** `git/commit.md` -> `git:commit`; a plugin's commands start with the plugin's name. */
export function commandNameOf(relativePath: string, plugin?: string): string {
  const name = relativePath.replace(/\.md$/, '').split(/[\\/]/).join(':');
  return plugin === undefined ? name : `${plugin}:${name}`;
}

function label(source: CommandSource, plugin?: string): string {
  return plugin === undefined ? `(${source})` : `(plugin ${plugin})`;
}

export async function loadCommandFile(
  path: string,
  relativePath: string,
  source: CommandSource,
  plugin?: string,
): Promise<PromptCommand> {
  const { frontmatter, body } = parseCommandFile(path, await readFile(path, 'utf8'));
  const allowedRules = allowedToolRules(path, frontmatter['allowed-tools']);
  const name = commandNameOf(relativePath, plugin);
  const summary = frontmatter.description ?? firstLineOf(body) ?? 'Custom command';
  const argumentHint = argumentHintOf(frontmatter['argument-hint']);
  const { model } = frontmatter;
  return {
    type: 'prompt',
    name,
    description: `${summary} ${label(source, plugin)}`,
    source,
    path,
    ...(argumentHint ? { argumentHint } : {}),
    ...(frontmatter['disable-model-invocation'] ? { disableModelInvocation: true } : {}),
    async getPrompt(args, env) {
      const prompt = await expandCommandBody(body, args, allowedRules, env);
      return { prompt, allowedRules, ...(model ? { model } : {}) };
    },
  };
}

/** `place` is a folder, or (from a plugin manifest) one command file. */
async function loadFrom(place: string, source: CommandSource, into: PromptCommand[], errors: string[], plugin?: string): Promise<void> {
  for (const { path, relative: relativePath } of await markdownFilesAt(place)) {
    try {
      into.push(await loadCommandFile(path, relativePath, source, plugin));
    } catch (error) {
      errors.push(error instanceof CommandFileError ? error.message : `${path}: ${String(error)}`);
    }
  }
}

/** Loads every folder; the first command of a name wins (user, then project, then plugins) and a clash is reported. */
export async function loadCustomCommands(dirs: CommandDirs): Promise<LoadResult> {
  const loaded: PromptCommand[] = [];
  const errors: string[] = [];
  await loadFrom(dirs.user, 'user', loaded, errors);
  await loadFrom(dirs.project, 'project', loaded, errors);
  for (const folder of dirs.plugins ?? []) await loadFrom(folder.dir, 'plugin', loaded, errors, folder.plugin);
  const byName = new Map<string, PromptCommand>();
  const commands: PromptCommand[] = [];
  for (const command of loaded) {
    const winner = byName.get(command.name.toLowerCase());
    if (winner) {
      errors.push(`command /${command.name}: ${command.path} is ignored, ${winner.path} has the same name and is used`);
      continue;
    }
    byName.set(command.name.toLowerCase(), command);
    commands.push(command);
  }
  return { commands, errors };
}
