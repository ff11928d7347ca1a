// `/model` and `/effort` alone in the REPL: the command asks for a picker, the picker takes the
// prompt's place until something is chosen or Esc keeps what is in use, and the command hears which.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { PickerRequest } from '../../commands/types.js';
import { ChoicePicker } from '../components/ChoicePicker.js';

export type ChoicePickerScreen = {
  open: (request: PickerRequest) => Promise<string | undefined>;
  /** The picker while it is open, else null. */
  screen: ReactNode;
};

export function useChoicePicker(): ChoicePickerScreen {
  const [shown, setShown] = useState<PickerRequest | null>(null);
  const settle = useRef<((id: string | undefined) => void) | undefined>(undefined);

  const open = useCallback((request: PickerRequest): Promise<string | undefined> => {
    settle.current?.(undefined);
    setShown(request);
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const done = useCallback((id: string | undefined) => {
    setShown(null);
    settle.current?.(id);
    settle.current = undefined;
  }, []);

  const screen = shown ? <ChoicePicker request={shown} onPick={done} onCancel={() => done(undefined)} /> : null;
  return { open, screen };
}
