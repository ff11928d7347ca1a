// /model in the REPL: the command asks for the picker, the picker takes the prompt's place until
// a model is chosen or Esc keeps the current one, and the command hears which.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ModelChoice } from '../../commands/types.js';
import { ModelPicker } from '../components/ModelPicker.js';

export type ModelPickerScreen = {
  open: (choices: readonly ModelChoice[], current: string) => Promise<string | undefined>;
  /** The picker while it is open, else null. */
  screen: ReactNode;
};

export function useModelPicker(): ModelPickerScreen {
  const [shown, setShown] = useState<{ choices: readonly ModelChoice[]; current: string } | null>(null);
  const settle = useRef<((id: string | undefined) => void) | undefined>(undefined);

  const open = useCallback((choices: readonly ModelChoice[], current: string): Promise<string | undefined> => {
    settle.current?.(undefined);
    setShown({ choices, current });
    return new Promise((resolve) => {
      settle.current = resolve;
    });
  }, []);

  const done = useCallback((id: string | undefined) => {
    setShown(null);
    settle.current?.(id);
    settle.current = undefined;
  }, []);

  const screen = shown ? (
    <ModelPicker choices={shown.choices} current={shown.current} onPick={done} onCancel={() => done(undefined)} />
  ) : null;
  return { open, screen };
}
