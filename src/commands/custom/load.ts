// Custom slash commands: every `.md` file under `.claude/commands/` (project) and the user's
// `<claude config>/commands/`. The file name is the command; subfolders only label the
// description ("(project:frontend)"). Project commands win a name clash with user ones.
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { claudeConfigDir } from '../../utils/configDir.js';
import { listMarkdownFiles } from '../../utils/markdownFiles.js';
import type { CommandSource, PromptCommand } from '../types.js';
import { expandCommandBody } from './expand.js';
import { allowedToolRules, argumentHintOf, CommandFileError, firstLineOf, parseCommandFile } from './frontmatter.js';

export type LoadResult = { commands: PromptCommand[]; errors: string[] };

export type CommandDirs = { project: string; user: string };

export function commandDirs(cwd: string): CommandDirs {
  return { project: join(cwd, '.claude', 'commands'), user: join(claudeConfigDir(), 'commands') };
}

function label(source: CommandSource, relativePath: string): string {
  const folder = dirname(relativePath);
  return folder === '.' ? `(${source})` : `(${source}:${folder.split(/[\\/]/).join(':')})`;
}

export async function loadCommandFile(path: string, relativePath: string, source: CommandSource): Promise<PromptCommand> {
  const { frontmatter, body } = parseCommandFile(path, await readFile(path, 'utf8'));
  const allowedRules = allowedToolRules(path, frontmatter['allowed-tools']);
  const name = basename(relativePath, '.md');
  const summary = frontmatter.description ?? firstLineOf(body) ?? 'Custom command';
  const argumentHint = argumentHintOf(frontmatter['argument-hint']);
  const { model } = frontmatter;
  return {
    type: 'prompt',
    name,
    description: `${summary} ${label(source, relativePath)}`,
    source,
    ...(argumentHint ? { argumentHint } : {}),
    ...(frontmatter['disable-model-invocation'] ? { disableModelInvocation: true } : {}),
    async getPrompt(args, env) {
      const prompt = await expandCommandBody(body, args, allowedRules, env);
      return { prompt, allowedRules, ...(model ? { model } : {}) };
    },
  };
}

async function loadFrom(dir: string, source: CommandSource, into: LoadResult): Promise<void> {
  for (const relativePath of await listMarkdownFiles(dir)) {
    const path = join(dir, relativePath.split('/').join(sep));
    try {
      into.commands.push(await loadCommandFile(path, relativePath, source));
    } catch (error) {
      into.errors.push(error instanceof CommandFileError ? error.message : `${path}: ${String(error)}`);
    }
  }
}

/** Loads both folders; the first command of a name wins, project before user. */
export async function loadCustomCommands(dirs: CommandDirs): Promise<LoadResult> {
  const loaded: LoadResult = { commands: [], errors: [] };
  await loadFrom(dirs.project, 'project', loaded);
  await loadFrom(dirs.user, 'user', loaded);
  const seen = new Set<string>();
  const commands = loaded.commands.filter((command) => {
    const key = command.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { commands, errors: loaded.errors };
}
