// Keys that work wherever the focus is: Esc interrupts, Ctrl+C clears/interrupts and quits on
// a second press, Ctrl+D quits from an empty prompt, Shift+Tab cycles the permission mode,
// Ctrl+L redraws the screen, Ctrl+O shows thinking in full or collapses it.
import { useInput } from 'ink';
import { useEffect, useRef } from 'react';
import type { ReplStore } from '../../state/store.js';
import type { PermissionMode } from '../../types/permissions.js';
import { redrawTerminal } from '../terminal/inkLog.js';

export const EXIT_CONFIRM_MS = 2000;
const DEFAULT_MODE_CYCLE: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan'];

/** The session decides which modes are in the cycle (bootstrap's `permissionModeCycle`). */
export function nextPermissionMode(mode: PermissionMode, cycle: readonly PermissionMode[] = DEFAULT_MODE_CYCLE): PermissionMode {
  const index = cycle.indexOf(mode);
  return cycle[(index + 1) % cycle.length] ?? 'default';
}

export type GlobalKeyActions = {
  interrupt: () => boolean;
  exit: () => void;
  setPermissionMode: (mode: PermissionMode) => void;
  permissionModeCycle?: readonly PermissionMode[];
};

export function useGlobalKeys(store: ReplStore, actions: GlobalKeyActions): void {
  const exitArmedAt = useRef<number | undefined>(undefined);
  const exitHint = useRef<{ id: string; timer: NodeJS.Timeout } | undefined>(undefined);

  const clearExitHint = (): void => {
    if (!exitHint.current) return;
    clearTimeout(exitHint.current.timer);
    store.getState().dismissNotification(exitHint.current.id);
    exitHint.current = undefined;
  };
  useEffect(() => clearExitHint, []);

  const onCtrlC = (): void => {
    const state = store.getState();
    const now = Date.now();
    if (exitArmedAt.current !== undefined && now - exitArmedAt.current <= EXIT_CONFIRM_MS) {
      clearExitHint();
      actions.exit();
      return;
    }
    actions.interrupt();
    if (state.draft.text !== '') state.setDraft({ text: '', cursor: 0 });
    exitArmedAt.current = now;
    clearExitHint();
    const id = state.notify('Press Ctrl+C again to exit', 'warning');
    const timer = setTimeout(() => {
      exitArmedAt.current = undefined;
      clearExitHint();
    }, EXIT_CONFIRM_MS);
    exitHint.current = { id, timer };
  };

  useInput((input, key) => {
    const state = store.getState();
    if (key.ctrl && input === 'c') return onCtrlC();
    if (key.ctrl && input === 'l') {
      redrawTerminal();
      return;
    }
    if (key.ctrl && input === 'o') {
      state.toggleThinking();
      return;
    }
    if (key.ctrl && input === 'd') {
      if (state.draft.text === '' && !state.permissionRequest) actions.exit();
      return;
    }
    if (key.tab && key.shift) {
      const mode = nextPermissionMode(state.permissionMode, actions.permissionModeCycle);
      actions.setPermissionMode(mode);
      state.setPermissionMode(mode);
      return;
    }
    // With a dialog, a prompt menu or a search open, Esc belongs to it.
    if (key.escape && !state.permissionRequest && !state.promptOverlayOpen && state.isRunning) actions.interrupt();
  });
}
