// Gathers what `/status` shows from the booted session. Settings and memory files are read as
// they are now (the next request reads them the same way); the API key never leaves the client.
import { apiEndpoint } from '../api/client.js';
import type { Bootstrapped } from '../bootstrap/bootstrap.js';
import { loadSettings } from '../bootstrap/settings/load.js';
import {
  localSettingsPath,
  managedSettingsPath,
  projectSettingsPath,
  SETTING_SOURCES,
  tildePath,
  userSettingsPath,
  type SettingSource,
} from '../bootstrap/settings/sources.js';
import type { StatusReport } from '../commands/status.js';
import { loadMemoryFiles } from '../memory/index.js';
import { session } from '../state/session.js';

export type StatusInputs = {
  booted: Bootstrapped;
  version: string;
  sessionId: () => string;
  /** `--settings`, shown as given. */
  flagSettings?: string;
};

function settingsPath(source: SettingSource, projectRoot: string, flagSettings: string | undefined): string {
  if (source === 'userSettings') return tildePath(userSettingsPath());
  if (source === 'projectSettings') return projectSettingsPath(projectRoot);
  if (source === 'localSettings') return localSettingsPath(projectRoot);
  if (source === 'policySettings') return managedSettingsPath();
  return flagSettings?.trim().startsWith('{') ? '(inline JSON)' : (flagSettings ?? '');
}

async function memoryPaths(cwd: string, nested: readonly { path: string }[]): Promise<string[]> {
  const startup = await loadMemoryFiles({ cwd }).catch(() => []);
  return [...new Set([...startup, ...nested].map((file) => tildePath(file.path)))];
}

export async function gatherStatus(inputs: StatusInputs): Promise<StatusReport> {
  const { booted } = inputs;
  const loaded = loadSettings({ cwd: booted.cwd, ...(inputs.flagSettings ? { flagSettings: inputs.flagSettings } : {}) });
  const settingSources = SETTING_SOURCES.filter((source) => loaded.bySource[source] !== undefined).map((source) => ({
    source,
    path: settingsPath(source, loaded.projectRoot, inputs.flagSettings),
  }));
  return {
    version: inputs.version,
    sessionId: inputs.sessionId(),
    cwd: session.cwd,
    model: session.model,
    permissionMode: booted.getPermissionContext().mode,
    apiBaseUrl: apiEndpoint(),
    credentialSource: booted.apiKeySource,
    settingSources,
    memoryFiles: await memoryPaths(session.originalCwd, booted.getNestedMemoryFiles()),
    mcpServers: booted.mcp.servers().map((server) => ({
      name: server.name,
      status: server.status,
      ...(server.reason ? { reason: server.reason } : {}),
      toolCount: server.tools.length,
    })),
    toolCount: booted.tools.length,
  };
}
