// `pulse mcp add` and `remove`: change one server entry in Pulse's own file (user and local
// scope) or the project's `.mcp.json`, keeping every other key, replacing the file atomically.
import { writeFileAtomically } from '../utils/atomicWrite.js';
import { projectMcpConfigPath, pulseMcpConfigPath, readJsonFile } from './sources.js';

export type WritableScope = 'local' | 'user' | 'project';

type JsonObject = Record<string, unknown>;

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function configPathFor(scope: WritableScope, projectRoot: string): string {
  return scope === 'project' ? projectMcpConfigPath(projectRoot) : pulseMcpConfigPath();
}

async function readObject(path: string): Promise<JsonObject> {
  const json = await readJsonFile(path);
  if (json === undefined) return {};
  if (!isRecord(json)) throw new Error(`${path} does not hold a JSON object; not changing it`);
  return json;
}

function writeAtomically(path: string, value: unknown): Promise<void> {
  return writeFileAtomically(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The object holding `mcpServers` for this scope, created when missing. */
function serversHolder(file: JsonObject, scope: WritableScope, projectRoot: string): JsonObject {
  if (scope !== 'local') return file;
  const projects = isRecord(file.projects) ? file.projects : {};
  file.projects = projects;
  const project = isRecord(projects[projectRoot]) ? projects[projectRoot] : {};
  projects[projectRoot] = project;
  return project;
}

export async function addServerEntry(scope: WritableScope, projectRoot: string, name: string, entry: unknown): Promise<string> {
  const path = configPathFor(scope, projectRoot);
  const file = await readObject(path);
  const holder = serversHolder(file, scope, projectRoot);
  const servers = isRecord(holder.mcpServers) ? holder.mcpServers : {};
  if (name in servers) throw new Error(`an MCP server named "${name}" already exists in ${path} (${scope} scope); remove it first`);
  holder.mcpServers = { ...servers, [name]: entry };
  await writeAtomically(path, file);
  return path;
}

/** Removes the entry; returns the file it was in, or undefined when this scope has no such server. */
export async function removeServerEntry(scope: WritableScope, projectRoot: string, name: string): Promise<string | undefined> {
  const path = configPathFor(scope, projectRoot);
  const file = await readObject(path);
  const holder = scope === 'local' ? (isRecord(file.projects) && isRecord(file.projects[projectRoot]) ? file.projects[projectRoot] : undefined) : file;
  if (!isRecord(holder) || !isRecord(holder.mcpServers) || !(name in holder.mcpServers)) return undefined;
  const { [name]: _removed, ...rest } = holder.mcpServers;
  holder.mcpServers = rest;
  await writeAtomically(path, file);
  return path;
}
