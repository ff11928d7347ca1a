// From a plugin's folder to what it contributes: the default folders (`commands/`, `agents/`,
// `skills/`, `output-styles/`, `hooks/hooks.json`, `.mcp.json`) or the paths the manifest names
// instead, each kept inside the plugin's folder, and `${CLAUDE_PLUGIN_ROOT}` replaced in its hooks and MCP
// servers. Problems are reported per part; a plugin with a broken part still loads the rest.
import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { isRecord, PluginFileError, readJsonFile } from './json.js';
import { readManifest, type PluginManifest } from './manifest.js';
import type { LoadedPlugin } from './types.js';

export const PLUGIN_ROOT_VARIABLE = '${CLAUDE_PLUGIN_ROOT}';

export type PluginLoadResult = { plugin?: LoadedPlugin; problems: string[] };

/** Every string in `value` with `${CLAUDE_PLUGIN_ROOT}` replaced by the plugin's folder. */
export function expandPluginRoot<T>(value: T, root: string): T {
  if (typeof value === 'string') return value.split(PLUGIN_ROOT_VARIABLE).join(root) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => expandPluginRoot(item, root)) as T;
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandPluginRoot(item, root)])) as T;
  }
  return value;
}

function listOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Manifest paths are relative to the plugin; one that leaves its folder is refused. */
function insidePlugin(root: string, path: string, field: string, problems: string[]): string | undefined {
  const full = resolve(root, path);
  const rel = relative(root, full);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    problems.push(`${field} path ${path} is outside the plugin's folder and was ignored`);
    return undefined;
  }
  if (!existsSync(full)) {
    problems.push(`${field} path ${path} does not exist`);
    return undefined;
  }
  return full;
}

/**
 * Where a kind of part is found. As in the reference, paths the manifest declares for commands,
 * agents and output styles replace the default folder (a plugin that wants both lists it too)
 * and may be single `.md` files; declared skill folders are read beside the default one.
 */
function componentPaths(root: string, defaultDir: string, declared: string | string[] | undefined, field: string, problems: string[], keepsDefault = false): string[] {
  const useDefault = (declared === undefined || keepsDefault) && existsSync(join(root, defaultDir));
  const found = useDefault ? [join(root, defaultDir)] : [];
  for (const path of listOf(declared)) {
    const full = insidePlugin(root, path, field, problems);
    if (full !== undefined && !found.includes(full)) found.push(full);
  }
  return found;
}

/** `{hooks: {...}}` as hooks.json writes it, or the events themselves. */
function hooksBlock(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  return isRecord(value.hooks) ? value.hooks : value;
}

/** `{mcpServers: {...}}` as .mcp.json writes it, or the servers themselves. */
function serversBlock(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  return isRecord(value.mcpServers) ? value.mcpServers : value;
}

function readPart(root: string, declared: string | Record<string, unknown> | undefined, defaultFile: string, field: string, problems: string[]): unknown {
  if (isRecord(declared)) return declared;
  const path = declared === undefined ? join(root, defaultFile) : insidePlugin(root, declared, field, problems);
  if (path === undefined) return undefined;
  try {
    return readJsonFile(path);
  } catch (error) {
    problems.push(error instanceof PluginFileError ? error.message : String(error));
    return undefined;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Reads the plugin in `root`; `marketplace` is `inline` for `--plugin-dir`. */
export function loadPlugin(root: string, marketplace: string): PluginLoadResult {
  const problems: string[] = [];
  const folder = resolve(root);
  if (!isFolder(folder)) return { problems: [`${folder} is not a folder`] };
  let manifest: PluginManifest | undefined;
  try {
    manifest = readManifest(folder);
  } catch (error) {
    return { problems: [error instanceof Error ? error.message : String(error)] };
  }
  const name = manifest?.name ?? basename(folder);
  const hooks = hooksBlock(readPart(folder, manifest?.hooks, join('hooks', 'hooks.json'), 'hooks', problems));
  const servers = serversBlock(readPart(folder, manifest?.mcpServers, '.mcp.json', 'mcpServers', problems));
  const plugin: LoadedPlugin = {
    name,
    id: `${name}@${marketplace}`,
    root: folder,
    ...(manifest?.version ? { version: manifest.version } : {}),
    commandDirs: componentPaths(folder, 'commands', manifest?.commands, 'commands', problems),
    agentDirs: componentPaths(folder, 'agents', manifest?.agents, 'agents', problems),
    skillDirs: componentPaths(folder, 'skills', manifest?.skills, 'skills', problems, true),
    outputStyleDirs: componentPaths(folder, 'output-styles', manifest?.outputStyles, 'outputStyles', problems),
    ...(hooks ? { hooks: expandPluginRoot(hooks, folder) } : {}),
    ...(servers ? { mcpServers: expandPluginRoot(servers, folder) } : {}),
  };
  return { plugin, problems: problems.map((problem) => `plugin ${plugin.id}: ${problem}`) };
}
