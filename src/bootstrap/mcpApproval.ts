// Remembers an approved `.mcp.json` server: adds its name to `enabledMcpjsonServers` in the
// project's `.claude/settings.local.json`.
import { updateLocalSettings } from './settings/updateLocalSettings.js';

export function saveMcpServerApproval(projectRoot: string, name: string): Promise<void> {
  return updateLocalSettings(projectRoot, (settings) => {
    const existing = Array.isArray(settings.enabledMcpjsonServers) ? settings.enabledMcpjsonServers : [];
    if (existing.includes(name)) return false;
    settings.enabledMcpjsonServers = [...existing, name];
    return true;
  });
}
