// Where MCP servers are configured: `.mcp.json` files in the project (project scope), the
// reference's `~/.claude.json` and Pulse's own `~/.pulse/mcp.json` (user scope, and local scope
// under `projects[<dir>]`), and `--mcp-config` (dynamic scope; alone with --strict-mcp-config).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { stripBom } from '../utils/bom.js';
import { claudeConfigDir, homeDir, pulseConfigDir } from '../utils/configDir.js';
import { entriesFromServers, resolveByPrecedence, type McpServerEntry } from './config.js';

export const PROJECT_CONFIG_FILE = '.mcp.json';

/** The reference CLI's global file; it lives in the config folder only when that was moved. */
export function claudeGlobalConfigPath(): string {
  return process.env.CLAUDE_CONFIG_DIR ? join(claudeConfigDir(), '.claude.json') : join(homeDir(), '.claude.json');
}

/** Pulse's own file for user and local servers; `pulse mcp add` writes here. */
export function pulseMcpConfigPath(): string {
  return join(pulseConfigDir(), 'mcp.json');
}

export function projectMcpConfigPath(projectRoot: string): string {
  return join(projectRoot, PROJECT_CONFIG_FILE);
}

export type McpSourceOptions = {
  cwd: string;
  /** The project's root (its git root); `.mcp.json` files are read from here down to cwd. */
  projectRoot: string;
  /** `--mcp-config` values: file paths or JSON strings. */
  flagConfigs?: readonly string[];
  strict?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The session's plugins' servers (`${CLAUDE_PLUGIN_ROOT}` already replaced); not with --strict-mcp-config. */
  pluginServers?: readonly PluginMcpServers[];
};

/** One plugin's `mcpServers`, as its `.mcp.json` or manifest writes them. */
export type PluginMcpServers = { plugin: string; root: string; servers: Record<string, unknown> };

/** `plugin:<plugin>:<server>`, as the reference names them; the server also gets CLAUDE_PLUGIN_ROOT. */
function pluginEntries(plugins: readonly PluginMcpServers[], env: NodeJS.ProcessEnv): McpServerEntry[] {
  return plugins.flatMap((plugin) =>
    entriesFromServers(plugin.servers, 'plugin', plugin.root, { ...env, CLAUDE_PLUGIN_ROOT: plugin.root }).map((entry) => {
      const named = { ...entry, name: `plugin:${plugin.plugin}:${entry.name}` };
      if (entry.config?.type !== 'stdio') return named;
      return { ...named, config: { ...entry.config, env: { CLAUDE_PLUGIN_ROOT: plugin.root, ...entry.config.env } } };
    }),
  );
}

export type LoadedMcpConfig = { entries: McpServerEntry[]; projectRoot: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parsed JSON of a file; undefined when it does not exist. Broken JSON throws with the path. */
export async function readJsonFile(path: string): Promise<unknown> {
  // Missing is the common case: a synchronous check is cheaper than a failed async read.
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return undefined;
    throw error;
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(stripBom(text)) as unknown;
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Directories from the project root down to cwd, outermost first, so a nearer file wins. */
function projectDirectories(projectRoot: string, cwd: string): string[] {
  const rel = relative(projectRoot, cwd);
  if (rel.startsWith('..')) return [cwd];
  const dirs = [cwd];
  for (let dir = cwd; dir !== projectRoot && dirname(dir) !== dir; ) {
    dir = dirname(dir);
    dirs.unshift(dir);
  }
  return dirs;
}

type FileProblem = { path: string; message: string };

async function readSafely(path: string, problems: FileProblem[]): Promise<unknown> {
  try {
    return await readJsonFile(path);
  } catch (error) {
    problems.push({ path, message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

function localServers(file: unknown, dirs: readonly string[]): unknown {
  if (!isRecord(file) || !isRecord(file.projects)) return undefined;
  const projects = file.projects;
  const merged: Record<string, unknown> = {};
  for (const dir of dirs) {
    const project = projects[dir];
    if (isRecord(project) && isRecord(project.mcpServers)) Object.assign(merged, project.mcpServers);
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function problemEntry(problem: FileProblem, scope: McpServerEntry['scope']): McpServerEntry {
  return { name: `(${problem.path})`, scope, source: problem.path, raw: undefined, problem: problem.message };
}

/** One `--mcp-config` value: inline JSON when it looks like an object, else a file path. */
export async function readFlagConfig(value: string, cwd: string): Promise<{ source: string; json: unknown }> {
  const trimmed = value.trim();
  if (trimmed.startsWith('{')) {
    try {
      return { source: '--mcp-config', json: JSON.parse(trimmed) as unknown };
    } catch (error) {
      throw new Error(`--mcp-config: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const path = resolve(cwd, trimmed);
  const json = await readJsonFile(path).catch((error: unknown) => {
    throw new Error(`--mcp-config: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (json === undefined) throw new Error(`--mcp-config: no such file: ${path}`);
  return { source: path, json };
}

async function flagEntries(values: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<McpServerEntry[]> {
  const entries: McpServerEntry[] = [];
  for (const value of values) {
    const { source, json } = await readFlagConfig(value, cwd);
    if (!isRecord(json) || !isRecord(json.mcpServers)) {
      throw new Error(`--mcp-config: ${source === '--mcp-config' ? 'the JSON' : source} needs an "mcpServers" object`);
    }
    entries.push(...entriesFromServers(json.mcpServers, 'dynamic', source, env));
  }
  return entries;
}

/** Every configured server, one per name, strongest scope winning. Throws only for --mcp-config. */
export async function loadMcpConfig(options: McpSourceOptions): Promise<LoadedMcpConfig> {
  const env = options.env ?? process.env;
  const cwd = resolve(options.cwd);
  const projectRoot = resolve(options.projectRoot);
  const dynamic = await flagEntries(options.flagConfigs ?? [], cwd, env);
  if (options.strict) return { entries: resolveByPrecedence(dynamic), projectRoot };

  const problems: FileProblem[] = [];
  const dirs = projectDirectories(projectRoot, cwd);
  const [claudeGlobal, pulseGlobal, ...projectFiles] = await Promise.all([
    readSafely(claudeGlobalConfigPath(), problems),
    readSafely(pulseMcpConfigPath(), problems),
    ...dirs.map((dir) => readSafely(projectMcpConfigPath(dir), problems)),
  ]);
  const entries: McpServerEntry[] = pluginEntries(options.pluginServers ?? [], env);
  for (const [path, file] of [[claudeGlobalConfigPath(), claudeGlobal], [pulseMcpConfigPath(), pulseGlobal]] as const) {
    if (isRecord(file)) entries.push(...entriesFromServers(file.mcpServers, 'user', path, env));
  }
  projectFiles.forEach((file, index) => {
    const path = projectMcpConfigPath(dirs[index] as string);
    if (file !== undefined && !isRecord(file)) problems.push({ path, message: `${path} must hold a JSON object` });
    if (isRecord(file)) entries.push(...entriesFromServers(file.mcpServers, 'project', path, env));
  });
  for (const [path, file] of [[claudeGlobalConfigPath(), claudeGlobal], [pulseMcpConfigPath(), pulseGlobal]] as const) {
    entries.push(...entriesFromServers(localServers(file, dirs), 'local', path, env));
  }
  entries.push(...dynamic);
  const fileProblems = problems.map((problem) =>
    problemEntry(problem, problem.path.endsWith(PROJECT_CONFIG_FILE) ? 'project' : 'user'),
  );
  return { entries: [...fileProblems, ...resolveByPrecedence(entries)], projectRoot };
}
