// Notification hooks where Claude Code fires them in its REPL: a permission question still open
// after 6 seconds ("permission_prompt"; CLAUDE_CODE_DISABLE_PERMISSION_PROMPT_NOTIFY_HOOKS turns
// these off), and the prompt left waiting for 60 seconds after a turn ("idle_prompt"). The
// watch only reads the REPL store; the hooks themselves run wherever `notify` says.
import type { ReplState, ReplStore } from '../state/store.js';

export type ReplNotification = { message: string; notification_type: 'permission_prompt' | 'idle_prompt' };

export type NotificationWatchOptions = {
  notify(notification: ReplNotification): void;
  permissionDelayMs?: number;
  idleDelayMs?: number;
  env?: NodeJS.ProcessEnv;
};

const PERMISSION_DELAY_MS = 6_000;
const IDLE_DELAY_MS = 60_000;

/** Starts watching; returns the function that stops it (and its timers). */
export function watchForNotifications(store: ReplStore, options: NotificationWatchOptions): () => void {
  const env = options.env ?? process.env;
  const permissionHooks = !env.CLAUDE_CODE_DISABLE_PERMISSION_PROMPT_NOTIFY_HOOKS;
  let permissionTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const later = (delay: number, run: () => void): NodeJS.Timeout => {
    const timer = setTimeout(run, delay);
    // A pending reminder never keeps Pulse from exiting.
    timer.unref();
    return timer;
  };

  const onPermission = (state: ReplState, previous: ReplState): void => {
    if (state.permissionRequest?.toolUseId === previous.permissionRequest?.toolUseId) return;
    clearTimeout(permissionTimer);
    const asked = state.permissionRequest;
    if (!asked || !permissionHooks) return;
    permissionTimer = later(options.permissionDelayMs ?? PERMISSION_DELAY_MS, () => {
      if (store.getState().permissionRequest?.toolUseId !== asked.toolUseId) return;
      options.notify({ message: `Pulse needs your permission to use ${asked.toolName}`, notification_type: 'permission_prompt' });
    });
  };

  const onIdle = (state: ReplState, previous: ReplState): void => {
    const finished = previous.isRunning && !state.isRunning;
    // Typing, a new turn or a question on screen means someone is there.
    const busy = state.isRunning || state.draft.text !== previous.draft.text || state.permissionRequest !== null;
    if (busy) {
      clearTimeout(idleTimer);
      idleTimer = undefined;
    }
    if (!finished) return;
    idleTimer = later(options.idleDelayMs ?? IDLE_DELAY_MS, () => {
      idleTimer = undefined;
      options.notify({ message: 'Pulse is waiting for your input', notification_type: 'idle_prompt' });
    });
  };

  const unsubscribe = store.subscribe((state, previous) => {
    onPermission(state, previous);
    onIdle(state, previous);
  });
  return () => {
    unsubscribe();
    clearTimeout(permissionTimer);
    clearTimeout(idleTimer);
  };
}
