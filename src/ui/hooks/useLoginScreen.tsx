// /login in the REPL: the command asks for the key screen, the screen takes the prompt's place
// until it is done, and the command hears what was stored (or that it was cancelled).
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { loginActions, type LoginOutcome } from '../../auth/loginActions.js';
import type { ReplStore } from '../../state/store.js';
import { Onboarding } from '../components/Onboarding.js';

export type LoginScreen = {
  open: () => Promise<LoginOutcome | undefined>;
  /** The screen while it is open, else null. */
  screen: ReactNode;
};

export function useLoginScreen(store: ReplStore, cwd: string | undefined): LoginScreen {
  const [isOpen, setOpen] = useState(false);
  const settle = useRef<((outcome: LoginOutcome | undefined) => void) | undefined>(undefined);
  const actions = useMemo(() => loginActions(cwd === undefined ? {} : { cwd }), [cwd]);

  const open = useCallback((): Promise<LoginOutcome | undefined> => {
    if (store.getState().isRunning) {
      return Promise.reject(new Error('wait for the turn to finish (or press Esc) before /login'));
    }
    settle.current?.(undefined);
    setOpen(true);
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  }, [store]);

  const done = useCallback((outcome: LoginOutcome | undefined) => {
    setOpen(false);
    settle.current?.(outcome);
    settle.current = undefined;
  }, []);

  const screen = isOpen ? <Onboarding reason="login" actions={actions} onDone={done} /> : null;
  return { open, screen };
}
