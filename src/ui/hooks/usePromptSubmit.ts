// What Enter does with the prompt: `!command` runs in the shell, `# note` goes to the project
// memory file, a local slash command runs here in the REPL, and everything else (text, custom
// commands, skills) goes to the turn runner, which expands commands and queues prompts while a
// turn is running.
import { useCallback } from 'react';
import { findCommand, parseSlashInput, type CommandContext, type SlashCommand } from '../../commands/builtin.js';
import { addProjectMemoryNote, memoryNoteOf } from '../../memory/projectFile.js';
import type { ReplStore } from '../../state/store.js';
import { errorText } from '../format/turnEnd.js';
import { isShellInput } from '../input/shellMode.js';
import { useShellInput, type ShellInputEnv } from '../input/useShellInput.js';
import type { TurnRunner } from '../runner/turnRunner.js';

/** What a command may use beyond the basics; the App fills in what this session offers. */
export type PromptSubmitExtras = Omit<CommandContext, 'print' | 'clearConversation' | 'exit' | 'commands' | 'compact'>;

export function usePromptSubmit(
  store: ReplStore,
  runner: TurnRunner,
  commands: readonly SlashCommand[],
  exit: () => void,
  extras: PromptSubmitExtras = {},
  shellEnv?: ShellInputEnv,
): (text: string) => void {
  // Prompts typed while a shell command ran wait in the queue; the first one starts the runner,
  // which takes the rest from the queue itself.
  const runQueued = useCallback(() => {
    const next = store.getState().dequeuePrompt();
    if (next !== undefined) runner.submit(next);
  }, [store, runner]);
  const shell = useShellInput(store, shellEnv, runQueued);
  return useCallback(
    (text: string) => {
      if (isShellInput(text)) return shell.run(text);
      // The model's turns wait for a running shell command; local commands and notes do not.
      const toModel = (prompt: string): void =>
        shell.isBusy() ? store.getState().enqueuePrompt(prompt) : runner.submit(prompt);
      const note = extras.projectDir === undefined ? undefined : memoryNoteOf(text);
      if (note !== undefined && extras.projectDir !== undefined) {
        addProjectMemoryNote(extras.projectDir, note).then(
          (path) => store.getState().addTranscript({ kind: 'notice', text: `Noted in ${path}: ${note}`, tone: 'dim' }),
          (error: unknown) =>
            store.getState().addTranscript({ kind: 'notice', text: `Could not save the note: ${errorText(error)}`, tone: 'error' }),
        );
        return;
      }
      const slash = parseSlashInput(text);
      if (!slash) return toModel(text);
      const state = store.getState();
      const command = findCommand(commands, slash.name);
      if (command?.type === 'prompt') return toModel(text);
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
        compact: (instructions) => runner.compact(instructions),
        ...extras,
      };
      Promise.resolve()
        .then(() => command.run(context, slash.args))
        .catch((error: unknown) =>
          store.getState().addTranscript({ kind: 'notice', text: `/${command.name} failed: ${errorText(error)}`, tone: 'error' }),
        );
    },
    [store, runner, commands, exit, extras, shell],
  );
}
