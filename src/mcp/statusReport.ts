// The text `/mcp` shows: every server, its status, and for a broken one the reason and the last
// lines it wrote to stderr, so a failure is never silent.
import type { McpServerInfo } from './types.js';

const STATUS_LABEL: Record<McpServerInfo['status'], string> = {
  connected: 'connected',
  failed: 'failed',
  'needs-auth': 'needs authentication',
  pending: 'connecting…',
  disabled: 'disabled',
};

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

export function formatServerReport(servers: readonly McpServerInfo[]): string {
  if (servers.length === 0) {
    return 'No MCP servers configured. Add one with `pulse mcp add <name> <command…>` or a .mcp.json file in the project.';
  }
  const blocks = servers.map((server) => {
    const lines = [`${server.name} (${server.scope}${server.transport ? `, ${server.transport}` : ''}): ${STATUS_LABEL[server.status]}`];
    if (server.status === 'connected') {
      const counts = [`${server.tools.length} tool(s)`, `${server.resources.length} resource(s)`, `${server.prompts.length} prompt(s)`];
      lines.push(`  ${counts.join(', ')}`);
    }
    if (server.reason) lines.push(`  ${server.reason}`);
    if (server.status !== 'connected' && server.stderrTail) lines.push('  stderr:', indent(server.stderrTail, '    '));
    lines.push(`  from ${server.source}`);
    return lines.join('\n');
  });
  return ['MCP servers:', '', blocks.join('\n\n')].join('\n');
}

/** Long reasons (stderr, error pages) are cut: the notice is one line, `/mcp` has the rest. */
const NOTICE_REASON_CHARS = 160;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > NOTICE_REASON_CHARS ? `${flat.slice(0, NOTICE_REASON_CHARS)}…` : flat;
}

/** One line for a status change, for the REPL's notifications. */
export function formatStatusNotice(event: { server: string; status: McpServerInfo['status']; reason?: string; toolCount?: number }): string {
  if (event.status === 'connected') {
    const tools = event.toolCount === undefined ? '' : ` · ${event.toolCount} tool${event.toolCount === 1 ? '' : 's'}`;
    return `MCP server "${event.server}" connected${tools}`;
  }
  const why = event.reason ? `: ${oneLine(event.reason)}` : '';
  return `MCP server "${event.server}" ${STATUS_LABEL[event.status]}${why} · /mcp for details`;
}
