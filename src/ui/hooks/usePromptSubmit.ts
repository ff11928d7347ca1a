// What Enter does with the prompt: run a slash command here in the REPL, or hand the text to
// the turn runner (which queues it while a turn is running).
import { useCallback } from 'react';
import { findCommand, parseSlashInput, type CommandContext, type SlashCommand } from '../../commands/builtin.js';
import type { ReplStore } from '../../state/store.js';
import { errorText } from '../format/turnEnd.js';
import type { TurnRunner } from '../runner/turnRunner.js';

export function usePromptSubmit(
  store: ReplStore,
  runner: TurnRunner,
  commands: readonly SlashCommand[],
  exit: () => void,
): (text: string) => void {
  return useCallback(
    (text: string) => {
      const slash = parseSlashInput(text);
      if (!slash) return runner.submit(text);
      const state = store.getState();
      const command = findCommand(commands, slash.name);
      state.addTranscript({ kind: 'user', text: text.trim() });
      if (!command) {
        state.addTranscript({ kind: 'notice', text: `Unknown command /${slash.name}. Type /help for the list.`, tone: 'warning' });
        return;
      }
      const context: CommandContext = {
        print: (output) => store.getState().addTranscript({ kind: 'notice', text: output, tone: 'info' }),
        clearConversation: () => {
          if (store.getState().isRunning) {
            store.getState().notify('Wait for the turn to finish (or press Esc) before /clear.', 'warning');
            return;
          }
          store.getState().clearConversation();
          store.getState().addTranscript({ kind: 'notice', text: 'Started a fresh conversation.', tone: 'dim' });
        },
        exit,
        commands,
      };
      Promise.resolve()
        .then(() => command.run(context, slash.args))
        .catch((error: unknown) =>
          store.getState().addTranscript({ kind: 'notice', text: `/${command.name} failed: ${errorText(error)}`, tone: 'error' }),
        );
    },
    [store, runner, commands, exit],
  );
}
