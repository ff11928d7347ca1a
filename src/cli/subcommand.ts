// What every `pulse <name> …` subcommand does around its commander program: help when no words
// follow, commander's own exit code for a usage error (it has printed it), and one line naming
// the subcommand when the action fails.
import { CommanderError, type Command } from 'commander';

export type Output = { out(text: string): void; err(text: string): void };

export const STANDARD_OUTPUT: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** An action stores its result here: commander's parse does not wait for a promise. */
export type ActionResult = { code: Promise<number> | number | undefined };

export async function runSubcommand(name: string, program: Command, result: ActionResult, args: string[], io: Output): Promise<number> {
  routeToOutput(program, io);
  if (args.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    program.parse(args, { from: 'user' });
    return (await result.code) ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const message = error instanceof Error ? error.message : String(error);
    io.err(`pulse ${name}: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

/**
 * Every command in the tree, nested ones included, writes to `io` and throws instead of exiting:
 * commander gives a subcommand its parent's settings only when the parent creates it.
 */
function routeToOutput(command: Command, io: Output): void {
  command.exitOverride().configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) });
  for (const child of command.commands) routeToOutput(child, io);
}
