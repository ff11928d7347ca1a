// Finds every agent a session can use: the built-ins, the `.md` files anywhere under
// `~/.claude/agents/` and the project's `.claude/agents/` (collections keep agents in category
// folders; the file's `name:` names the agent), and `--agents` JSON. On a name clash the flag beats the project, the
// project beats the user, and the user beats a built-in. A broken file is reported and skipped.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { claudeConfigDir } from '../utils/configDir.js';
import { markdownFilesAt } from '../utils/markdownFiles.js';
import { BUILTIN_AGENTS } from './builtins.js';
import { AGENT_SOURCE_ORDER, type AgentDefinition, type AgentLoadError, type AgentSource } from './definition.js';
import { parseAgentFile, parseAgentsFlag } from './parse.js';

export type LoadAgentsOptions = {
  /** The project folder whose `.claude/agents` is read. */
  cwd: string;
  /** The `--agents` flag's JSON; a problem in it throws, since it was typed just now. */
  flagJson?: string;
  /** Defaults to `claudeConfigDir()`; tests point it at a temp dir. */
  userDir?: string;
  /** Agent folders of the session's plugins; user and project agents win a name clash. */
  pluginFolders?: readonly PluginAgentFolder[];
};

export type LoadedAgents = { agents: AgentDefinition[]; errors: AgentLoadError[] };

export function userAgentsDir(userDir = claudeConfigDir()): string {
  return join(userDir, 'agents');
}

export function projectAgentsDir(cwd: string): string {
  return join(cwd, '.claude', 'agents');
}

/** A folder of agent files (or one file) from a plugin: its agents are named `<plugin>:<name>`. */
export type PluginAgentFolder = { dir: string; plugin: string };

async function loadFolder(dir: string, source: AgentSource, plugin?: string): Promise<LoadedAgents> {
  const result: LoadedAgents = { agents: [], errors: [] };
  const definedIn = new Map<string, string>();
  for (const { path } of await markdownFilesAt(dir)) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      result.errors.push({ path, message: `could not be read (${error instanceof Error ? error.message : String(error)})` });
      continue;
    }
    const parsed = parseAgentFile(text, path, source);
    if (!parsed.ok) {
      result.errors.push({ path, message: parsed.message });
      continue;
    }
    const agent = plugin === undefined ? parsed.agent : { ...parsed.agent, name: `${plugin}:${parsed.agent.name}` };
    const first = definedIn.get(agent.name);
    if (first !== undefined) {
      result.errors.push({ path, message: `defines the agent "${agent.name}", which ${first} already defines` });
      continue;
    }
    definedIn.set(agent.name, path);
    result.agents.push(agent);
  }
  return result;
}

const PLAIN_NAME = /^[A-Za-z0-9-]*$/;

/**
 * localeCompare's order without loading ICU's collation data at start-up (its first call cost
 * more than the rest of agent loading): for letters, digits and hyphens the locale order is the
 * case-folded code point order, and only names equal but for case need the collator.
 */
function compareNames(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left !== right && PLAIN_NAME.test(a) && PLAIN_NAME.test(b)) return left < right ? -1 : 1;
  return a.localeCompare(b);
}

/** One definition per name: the one from the strongest source (last one read within a source). */
export function mergeAgents(agents: readonly AgentDefinition[]): AgentDefinition[] {
  const rank = (agent: AgentDefinition): number => AGENT_SOURCE_ORDER.indexOf(agent.source);
  const byName = new Map<string, AgentDefinition>();
  for (const agent of [...agents].sort((a, b) => rank(a) - rank(b))) {
    byName.delete(agent.name);
    byName.set(agent.name, agent);
  }
  return [...byName.values()].sort((a, b) => rank(a) - rank(b) || compareNames(a.name, b.name));
}

export async function loadAgentDefinitions(options: LoadAgentsOptions): Promise<LoadedAgents> {
  const fromFlag = options.flagJson === undefined ? [] : parseAgentsFlag(options.flagJson);
  const [user, project, ...plugins] = await Promise.all([
    loadFolder(userAgentsDir(options.userDir), 'user'),
    loadFolder(projectAgentsDir(options.cwd), 'project'),
    ...(options.pluginFolders ?? []).map((folder) => loadFolder(folder.dir, 'plugin', folder.plugin)),
  ]);
  const fromPlugins = plugins.flatMap((loaded) => loaded.agents);
  return {
    agents: mergeAgents([...BUILTIN_AGENTS, ...fromPlugins, ...user.agents, ...project.agents, ...fromFlag]),
    errors: [...user.errors, ...project.errors, ...plugins.flatMap((loaded) => loaded.errors)],
  };
}

/** One line, whatever the parser said. */
export function formatAgentLoadError(error: AgentLoadError): string {
  return `agent file ${error.path}: ${error.message.replace(/\s*\n\s*/g, ' ')}; it was skipped`;
}
