// /status: what this session runs with — version, ids, model, endpoint, settings, memory, MCP.
// The credential itself is never part of the report, only where it came from.
import type { PermissionMode } from '../types/permissions.js';
import type { LocalCommand } from './types.js';

export type StatusReport = {
  version: string;
  sessionId: string;
  cwd: string;
  model: string;
  permissionMode: PermissionMode;
  /** The API base URL requests go to. */
  apiBaseUrl: string;
  /** Where the credential came from (`ANTHROPIC_API_KEY`, `apiKeyHelper`, ...). */
  credentialSource: string;
  /** Settings files that were read, lowest precedence first. */
  settingSources: ReadonlyArray<{ source: string; path: string }>;
  memoryFiles: readonly string[];
  mcpServers: ReadonlyArray<{ name: string; status: string; reason?: string; toolCount: number }>;
  toolCount: number;
};

const CREDENTIAL_LABELS: Readonly<Record<string, string>> = {
  ANTHROPIC_API_KEY: 'ANTHROPIC_API_KEY env',
  ANTHROPIC_AUTH_TOKEN: 'ANTHROPIC_AUTH_TOKEN env',
  apiKeyHelper: 'apiKeyHelper command (settings)',
};

const SOURCE_LABELS: Readonly<Record<string, string>> = {
  userSettings: 'user',
  projectSettings: 'project',
  localSettings: 'local',
  flagSettings: '--settings',
  policySettings: 'managed policy',
};

function row(label: string, value: string): string {
  return `  ${`${label}:`.padEnd(18)}${value}`;
}

function listOrNone(items: readonly string[]): string[] {
  return items.length === 0 ? ['    none'] : items.map((item) => `    ${item}`);
}

export function formatStatus(report: StatusReport): string {
  const settings = report.settingSources.map(({ source, path }) => `${SOURCE_LABELS[source] ?? source}  ${path}`);
  const servers = report.mcpServers.map((server) => {
    const tools = server.status === 'connected' ? ` · ${server.toolCount} tool${server.toolCount === 1 ? '' : 's'}` : '';
    return `${server.name}  ${server.status}${tools}${server.reason ? ` · ${server.reason}` : ''}`;
  });
  return [
    'Pulse status',
    row('Version', report.version),
    row('Session', report.sessionId),
    row('Working dir', report.cwd),
    row('Model', report.model),
    row('Permission mode', report.permissionMode),
    row('API endpoint', report.apiBaseUrl),
    row('Credential', CREDENTIAL_LABELS[report.credentialSource] ?? report.credentialSource),
    row('Tools', String(report.toolCount)),
    '  Settings files:',
    ...listOrNone(settings),
    '  Memory files:',
    ...listOrNone(report.memoryFiles),
    '  MCP servers:',
    ...listOrNone(servers),
  ].join('\n');
}

export const statusCommand: LocalCommand = {
  name: 'status',
  description: 'Show the version, model, endpoint, settings, memory and MCP servers of this session',
  async run(ctx) {
    if (!ctx.status) {
      ctx.print('Status is not available here.');
      return;
    }
    ctx.print(formatStatus(await ctx.status()));
  },
};
