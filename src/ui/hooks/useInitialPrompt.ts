// `pulse "fix the test"`: the prompt from the command line is submitted once, as if typed and
// sent (so Up recalls it too), as soon as nothing stands in front of the prompt (the --resume
// picker chooses first).
import { useEffect, useRef } from 'react';
import type { PromptHistory } from '../input/history.js';

export function useInitialPrompt(
  submit: (text: string) => void,
  prompt: string | undefined,
  blocked: boolean,
  history?: Pick<PromptHistory, 'add'>,
): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || blocked || prompt === undefined || prompt.trim() === '') return;
    sent.current = true;
    history?.add(prompt);
    submit(prompt);
  }, [submit, prompt, blocked, history]);
}
