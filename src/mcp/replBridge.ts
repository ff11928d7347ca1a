// The session's MCP servers as the REPL sees them: the project servers waiting for approval, the
// answer to record, and a one-line notice whenever a server connects, fails or needs
// authentication. Plain data out, so the UI never imports the manager.
import type { McpApprovalChoice } from './approval.js';
import type { McpManager } from './manager.js';
import { formatStatusNotice } from './statusReport.js';
import type { McpServerStatus } from './types.js';

export type McpNotice = { text: string; tone: 'dim' | 'warning' | 'error' };

export type McpReplBridge = {
  pendingApprovals(): string[];
  answerApprovals(choice: McpApprovalChoice): Promise<void>;
  /**
   * Calls `listener` for every change worth telling: first for servers that settled before the
   * REPL listened (start-up connects race the first frame), then as changes happen.
   */
  onNotice(listener: (notice: McpNotice) => void): () => void;
};

const TONE: Partial<Record<McpServerStatus, McpNotice['tone']>> = {
  connected: 'dim',
  failed: 'error',
  'needs-auth': 'warning',
};

export function mcpReplBridge(manager: McpManager): McpReplBridge {
  return {
    pendingApprovals: () => manager.pendingApprovals(),
    answerApprovals: (choice) => manager.answerApprovals(choice),
    onNotice(listener) {
      // The last thing told per server, so a replayed state is not told twice.
      const told = new Map<string, string>();
      const tell = (server: string, status: McpServerStatus, reason?: string): void => {
        const tone = TONE[status];
        if (!tone) return;
        const info = manager.servers().find((candidate) => candidate.name === server);
        const text = formatStatusNotice({
          server,
          status,
          ...(reason ? { reason } : {}),
          ...(status === 'connected' && info ? { toolCount: info.tools.length } : {}),
        });
        if (told.get(server) === text) return;
        told.set(server, text);
        listener({ text, tone });
      };
      const stop = manager.onStatusChange((event) => tell(event.server, event.status, event.reason));
      for (const server of manager.servers()) tell(server.name, server.status, server.reason);
      return stop;
    },
  };
}
