// The REPL's view of the session on disk (ui/types ReplSession), built from a LiveSession: it
// records turns, lists this directory's sessions for the picker, switches on /resume, and keeps
// the project's prompt history for the Up arrow.
import { appendHistory, findSession, listSessions, readHistory } from '../../sessions/index.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { ReplSession } from '../../ui/types.js';
import type { LiveSession } from './liveSession.js';
import { planForPickedSession } from './resolveSession.js';

export function createReplSession(live: LiveSession, context: ToolUseContext, persist: boolean): ReplSession {
  const cwd = context.getCwd();
  return {
    sessionId: () => live.sessionId,
    recordPrompt: (message, text) => live.recordPrompt(message, text),
    recordEvent: (event) => live.recordEvent(event),
    recordCost: () => live.recordCost(),
    listSessions: () =>
      listSessions(cwd).map((summary) => ({
        sessionId: summary.sessionId,
        modified: summary.modified,
        messageCount: summary.messageCount,
        ...(summary.firstPrompt !== undefined ? { firstPrompt: summary.firstPrompt } : {}),
      })),
    resume: (sessionId) => {
      const messages = live.switchTo(planForPickedSession(findSession(cwd, sessionId)));
      // Results spilled from now on belong beside the resumed transcript.
      context.options.toolResultsDir = live.toolResultsDir;
      return messages;
    },
    // Newest first on disk; the Up arrow walks back from the end of an oldest-first list.
    promptHistory: () => readHistory(cwd).map((entry) => entry.display).reverse(),
    rememberPrompt: (text) => {
      // A prompt left out of the history is no reason to hold the REPL up or to stop it.
      if (persist) void appendHistory(text, cwd);
    },
    onNotice: (listener) => live.onNotice(listener),
  };
}
