// Runs `!command` prompts (see shellMode.ts) from the REPL: one at a time, with the spinner,
// Esc or Ctrl+C to stop it, and prompts typed meanwhile held in the queue until it is done.
import { useInput } from 'ink';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReplStore } from '../../state/store.js';
import type { ToolUseContext } from '../../tools/Tool.js';
import type { UserMessage } from '../../types/messages.js';
import { errorText } from '../format/turnEnd.js';
import { runShellInput, shellCommandOf, shellMessages, shellRefusal, shellTranscriptText } from './shellMode.js';

export type ShellInputEnv = {
  /** The session's tool context: its cwd, permission rules and child-process environment. */
  context: ToolUseContext;
  /** Keeps the command and its output in the session's transcript file. */
  record?: (message: UserMessage) => void;
};

export type ShellInput = {
  run(text: string): void;
  /** A shell command is running now. */
  isBusy(): boolean;
};

export function useShellInput(store: ReplStore, env: ShellInputEnv | undefined, onDone: () => void): ShellInput {
  const controller = useRef<AbortController | undefined>(undefined);
  const [running, setRunning] = useState(false);

  useInput(
    (input, key) => {
      if (key.escape || (key.ctrl && input === 'c')) controller.current?.abort();
    },
    { isActive: running },
  );

  const run = useCallback(
    (text: string) => {
      const state = store.getState();
      const command = shellCommandOf(text);
      if (command === '') {
        state.notify('Type a command after ! to run it in the shell.', 'info');
        return;
      }
      if (!env) {
        state.notify('Shell commands are not available here.', 'warning');
        return;
      }
      if (state.isRunning || controller.current) {
        state.notify('Wait for the turn to finish (or press Esc) before running a shell command.', 'warning');
        return;
      }
      state.addTranscript({ kind: 'user', text: `!${command}` });
      const refusal = shellRefusal(command, env.context.getPermissionContext());
      if (refusal) {
        state.addTranscript({ kind: 'notice', text: refusal, tone: 'error' });
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      state.startRun('Running', Date.now());
      runShellInput(command, env.context, abort.signal)
        .then((result) => {
          const after = store.getState();
          const failed = result.exitCode !== 0 || result.interrupted || result.timedOut;
          after.addTranscript({ kind: 'notice', text: shellTranscriptText(result), tone: failed ? 'error' : 'dim' });
          if (result.cwd !== env.context.getCwd()) env.context.setCwd(result.cwd);
          const messages = shellMessages(result);
          after.appendMessages(...messages);
          for (const message of messages) env.record?.(message);
        })
        .catch((error: unknown) => {
          store.getState().addTranscript({ kind: 'notice', text: `Could not run the command: ${errorText(error)}`, tone: 'error' });
        })
        .finally(() => {
          controller.current = undefined;
          setRunning(false);
          store.getState().stopRun();
          onDone();
        });
    },
    [store, env, onDone],
  );

  return useMemo(() => ({ run, isBusy: () => controller.current !== undefined }), [run]);
}
