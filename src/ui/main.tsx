// Entry point of the interactive REPL, loaded by the CLI with a dynamic import so Ink and React
// never load for print mode, --help or --version.
import { render } from 'ink';
import { createReplStore } from '../state/store.js';
import { App } from './App.js';
import { watchForNotifications } from './notificationWatch.js';
import { showResumedConversation } from './session/resumedConversation.js';
import type { CompactFn } from '../query/manualCompact.js';
import type { QueryFn, ReplOptions } from './types.js';

export type { ReplOptions } from './types.js';
export { runFirstRunOnboarding } from './firstRun.js';
export { askWorkspaceTrust } from './components/TrustDialog.js';

/** Runs the REPL until the user leaves; resolves to the process exit code. */
export async function runRepl(options: ReplOptions): Promise<number> {
  const query: QueryFn = options.query ?? (await import('../query/query.js')).query;
  const compact: CompactFn = options.compact ?? (await import('../query/manualCompact.js')).compactNow;
  const todos = options.context.todos;
  const store = createReplStore({ permissionMode: options.context.getPermissionContext().mode, todos: todos?.get() ?? [] });
  store.getState().addTranscript({ kind: 'welcome', version: options.version, model: options.model, cwd: options.cwd });
  const stopMirroringTodos = todos?.subscribe((list) => store.getState().setTodos(list));
  const stopNotifying = options.notify ? watchForNotifications(store, { notify: options.notify }) : undefined;
  if (options.resumedMessages?.length) showResumedConversation(store, options.resumedMessages, options.sessionId, options.tools);
  if (options.sessionContext?.length) store.getState().appendMessages(...options.sessionContext);

  const instance = render(<App store={store} options={{ ...options, query, compact }} commands={options.commands} />, {
    // What reaches the terminal is written by ui/terminal/lineDiffLog.ts, which the build puts
    // in place of Ink's own writer: only the rows that changed, finished output above them.
    exitOnCtrlC: false,
    ...(options.stdin ? { stdin: options.stdin } : {}),
    // Console output is only routed above the UI when the UI owns the real terminal.
    ...(options.stdout ? { stdout: options.stdout, patchConsole: false } : {}),
  });
  await instance.waitUntilExit();
  stopMirroringTodos?.();
  stopNotifying?.();
  await options.onExit?.();
  (options.stdout ?? process.stdout).write(farewell(options.session?.sessionId() ?? options.sessionId));
  return 0;
}

export function farewell(sessionId: string): string {
  return `\nSession: ${sessionId}\nResume it with: pulse --resume ${sessionId}\n`;
}
