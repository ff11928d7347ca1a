// What every `pulse <name> …` subcommand does around its commander program: help when no words
// follow, commander's own exit code for a usage error (it has printed it), and one line naming
// the subcommand when the action fails.
import { CommanderError, type Command } from 'commander';

export type Output = { out(text: string): void; err(text: string): void };

export const STANDARD_OUTPUT: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** An action stores its promise here: commander's parse does not wait for it. */
export type ActionResult = { code: Promise<number> | undefined };

export async function runSubcommand(name: string, program: Command, result: ActionResult, args: string[], io: Output): Promise<number> {
  if (args.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
  try {
    return (await result.code) ?? 0;
  } catch (error) {
    io.err(`pulse ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
