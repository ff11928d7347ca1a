// `pulse mcp add` and `remove`: change one server entry in Pulse's own file (user and local
// scope) or the project's `.mcp.json`, keeping every other key; locked against other processes
// and replaced atomically (utils/sharedJsonFile.ts).
import { editSharedJsonFile, isJsonObject as isRecord, type JsonObject } from '../utils/sharedJsonFile.js';
import { projectMcpConfigPath, pulseMcpConfigPath } from './sources.js';

export type WritableScope = 'local' | 'user' | 'project';

export function configPathFor(scope: WritableScope, projectRoot: string): string {
  return scope === 'project' ? projectMcpConfigPath(projectRoot) : pulseMcpConfigPath();
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
  await editSharedJsonFile(path, (file) => {
    const holder = serversHolder(file, scope, projectRoot);
    const servers = isRecord(holder.mcpServers) ? holder.mcpServers : {};
    if (name in servers) throw new Error(`an MCP server named "${name}" already exists in ${path} (${scope} scope); remove it first`);
    holder.mcpServers = { ...servers, [name]: entry };
    return true;
  });
  return path;
}

/** Removes the entry; returns the file it was in, or undefined when this scope has no such server. */
export async function removeServerEntry(scope: WritableScope, projectRoot: string, name: string): Promise<string | undefined> {
  const path = configPathFor(scope, projectRoot);
  const removed = await editSharedJsonFile(path, (file) => {
    const holder = scope === 'local' ? (isRecord(file.projects) && isRecord(file.projects[projectRoot]) ? file.projects[projectRoot] : undefined) : file;
    if (!isRecord(holder) || !isRecord(holder.mcpServers) || !(name in holder.mcpServers)) return false;
    const { [name]: _removed, ...rest } = holder.mcpServers;
    holder.mcpServers = rest;
    return true;
  });
  return removed ? path : undefined;
}
