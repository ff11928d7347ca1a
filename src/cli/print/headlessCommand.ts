// Local commands that also work without a terminal (`/output-style` in `pulse -p` or from an SDK
// host): what they print is gathered and becomes the run's result, as the reference answers them.
import type { LocalCommand, SlashCommand } from '../../commands/types.js';
import type { Terminal } from '../../query/state.js';
import type { LoopEvent } from '../../types/messages.js';

export async function runHeadlessCommand(command: LocalCommand, args: string, commands: readonly SlashCommand[]): Promise<string> {
  const printed: string[] = [];
  await command.run(
    {
      print: (text) => printed.push(text),
      // Nothing to clear or leave: the run ends with the command.
      clearConversation: () => undefined,
      exit: () => undefined,
      commands,
    },
    args,
  );
  return printed.join('\n');
}

/** The loop of a run a local command answered: no request, no turn. */
export async function* answeredLocally(): AsyncGenerator<LoopEvent, Terminal> {
  return { reason: 'completed' };
}
